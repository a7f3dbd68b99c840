"""Deflect X: prevent X damage to this unit and do that much damage to a unit of your choice.

Deflect prevents as much as it can up to X. The damage it does is a new instance with
the deflecting unit's Deflect as its source, and it may go to any unit in the same
arena, even the deflecting unit itself; the unit it hits may deflect it in turn. Each
Deflect is played only once for each source of damage, which ends the chain. All damage
is placed only after every prevention and deflect has resolved.

The defender's choice of target is a named policy; any other unit that deflects does the
damage back to the unit whose Deflect sent it (see `policies.DEFLECT_BACK`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rulesengine.swtcg.trace import Step, step

ATTACK_SOURCE = "the attack"


@dataclass(frozen=True)
class DamageInstance:
    target: str
    source: str
    amount: int
    from_unit: str | None = None
    """The unit whose Deflect did this damage (None for the attack's own damage)."""


def deflect_source(role: str) -> str:
    return f"the {role}'s Deflect"


@dataclass(frozen=True)
class Placed:
    """Damage to place on each unit, and how much of it a Deflect did."""

    damage: dict[str, int]
    deflected: dict[str, int]


def resolve_deflects(
    first: DamageInstance, deflect_of: Mapping[str, int], chosen: Mapping[str, str | None]
) -> tuple[Placed, tuple[Step, ...]]:
    """Damage left to place on each unit after the chain of deflects that `first` starts.

    `chosen` gives the target a unit picks for all its Deflects (None: no one); a unit
    not in it does deflected damage back to the unit it came from."""
    queue = [first]
    used: set[tuple[str, str]] = set()
    placed: dict[str, int] = {}
    deflected: dict[str, int] = {}
    steps: list[Step] = []
    while queue:
        instance = queue.pop(0)
        deflect = deflect_of.get(instance.target, 0)
        rest = instance.amount
        if deflect and instance.amount and (instance.target, instance.source) not in used:
            used.add((instance.target, instance.source))
            prevented = min(deflect, instance.amount)
            rest = instance.amount - prevented
            to = chosen[instance.target] if instance.target in chosen else instance.from_unit
            done = ("does it to itself" if to == instance.target else f"does {prevented} damage to the {to}") if to else "does no damage to anyone"
            steps.append(step(
                "damage-prevention", "deflect",
                f"The {instance.target} deflects {prevented} of {instance.amount} damage from {instance.source} and {done}.",
                unit=instance.target, prevented=prevented, left=rest, to=to,
            ))
            if to:
                queue.append(DamageInstance(to, deflect_source(instance.target), prevented, instance.target))
        placed[instance.target] = placed.get(instance.target, 0) + rest
        if instance.from_unit is not None:
            deflected[instance.target] = deflected.get(instance.target, 0) + rest
    return Placed(placed, deflected), tuple(steps)

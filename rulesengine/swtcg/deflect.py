"""Deflect X: prevent X damage to this unit and do that much damage to a unit of your choice.

Deflect prevents as much as it can up to X. The damage it does is a new instance with
the deflecting unit's Deflect as its source, so the unit it hits may deflect it in
turn; each Deflect is played only once for each source of damage, which ends the chain.
All damage is placed only after every prevention and deflect has resolved.
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


def deflect_source(role: str) -> str:
    return f"the {role}'s Deflect"


def resolve_deflects(
    first: DamageInstance, deflect_of: Mapping[str, int], target_of: Mapping[str, str | None]
) -> tuple[dict[str, int], tuple[Step, ...]]:
    """Damage left to place on each unit after the chain of deflects that `first` starts."""
    queue = [first]
    used: set[tuple[str, str]] = set()
    placed: dict[str, int] = {}
    steps: list[Step] = []
    while queue:
        instance = queue.pop(0)
        deflect = deflect_of.get(instance.target, 0)
        rest = instance.amount
        if deflect and instance.amount and (instance.target, instance.source) not in used:
            used.add((instance.target, instance.source))
            prevented = min(deflect, instance.amount)
            rest = instance.amount - prevented
            to = target_of.get(instance.target)
            done = f"does {prevented} damage to the {to}" if to else "does no damage to anyone"
            steps.append(step(
                "damage-prevention", "deflect",
                f"The {instance.target} deflects {prevented} of {instance.amount} damage from {instance.source} and {done}.",
                unit=instance.target, prevented=prevented, left=rest,
            ))
            if to:
                queue.append(DamageInstance(to, deflect_source(instance.target), prevented))
        placed[instance.target] = placed.get(instance.target, 0) + rest
    return placed, tuple(steps)

"""The damage prevention POP: Parry, then Evade, then Deflect, for every unit hit.

Parry X prevents X if the attack roll (after re-rolls) has at least one natural 1; it
only touches damage from attack dice, and never unpreventable damage. Evade X prevents
any amount up to X, once per instance of damage; it names no dice, so it works on
Overkill damage too. Deflect (see `deflect`) comes last and may start a chain.

The engine plays the defender's Evade on the attack's damage only: damage a Deflect
chain sends back is a new instance, and whether to Evade it is a choice no input covers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rulesengine.swtcg.deflect import ATTACK_SOURCE, DamageInstance, Placed, resolve_deflects
from rulesengine.swtcg.dice import RollSummary
from rulesengine.swtcg.policies import Policies, evade_amount
from rulesengine.swtcg.trace import Step, step
from rulesengine.swtcg.units import DEFENDER, SECOND_UNIT


@dataclass(frozen=True)
class Defences:
    """The prevention the defender's side has once the dice are rolled."""

    parry: int
    evade: int
    deflect: int
    second_evade: int
    unpreventable: bool
    deflect_target: str | None = None
    """The unit the defender's Deflect does its damage to (None: no one)."""
    other_deflects: Mapping[str, int] = field(default_factory=dict)
    """Deflect of every other unit in the arena that has it (the attacker's among them)."""


def parry(pending: int, roll: RollSummary, amount: int) -> tuple[int, Step | None]:
    if not amount:
        return 0, None
    if not roll.natural_one:
        return 0, step("damage-prevention", "parry", f"Parry {amount}: no natural 1 in the roll, so nothing is prevented.", prevented=0)
    prevented = min(amount, pending)
    return prevented, step(
        "damage-prevention", "parry",
        f"Parry {amount}: the roll has a natural 1, so {prevented} damage is prevented.", prevented=prevented,
    )


def evade(pending: int, amount: int, policy: str, deflect: int, unit: str) -> tuple[int, Step | None]:
    if not amount:
        return 0, None
    prevented = evade_amount(policy, amount, pending, deflect)
    return prevented, step(
        "damage-prevention", "evade",
        f"Evade {amount}: the {unit} chooses to prevent {prevented} of {pending} pending damage.",
        unit=unit, prevented=prevented,
    )


def prevent_damage(
    defender_pending: int, second_pending: int, roll: RollSummary, defences: Defences, policies: Policies
) -> tuple[Placed, tuple[Step, ...]]:
    """Damage to place on each unit once all prevention and deflects have resolved."""
    steps: list[Step] = []
    pending = defender_pending
    if defences.unpreventable:
        steps.append(step("damage-prevention", "unpreventable", "The attack's damage is unpreventable: Parry, Evade and Deflect cannot touch it."))
        placed = Placed({DEFENDER: pending}, {})
    else:
        parried, parry_note = parry(pending, roll, defences.parry)
        pending -= parried
        evaded, evade_note = evade(pending, defences.evade, policies.evade, defences.deflect, DEFENDER)
        pending -= evaded
        steps.extend(note for note in (parry_note, evade_note) if note is not None)
        placed, deflect_steps = resolve_deflects(
            DamageInstance(DEFENDER, ATTACK_SOURCE, pending),
            {**defences.other_deflects, DEFENDER: defences.deflect},
            {DEFENDER: defences.deflect_target},
        )
        steps.extend(deflect_steps)
    evaded, note = evade(second_pending, defences.second_evade, policies.evade, 0, SECOND_UNIT)
    if second_pending and note is not None:
        steps.append(note)
    placed.damage[SECOND_UNIT] = placed.damage.get(SECOND_UNIT, 0) + second_pending - evaded
    if not steps:
        steps.append(step("damage-prevention", "damage-prevention", "Nothing prevents any of the pending damage."))
    return placed, tuple(steps)

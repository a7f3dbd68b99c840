"""Attack power and the number of attack dice.

Power changes stack on the unit's power: Inspiration (+1 per other unit with
Inspiration in the attacker's arena), its Pilot's bonus, its Switch effect for the arena
it is in. Bombard replaces the printed power by X, and power changes still apply to it.

The attack happens in the defender's arena. The attacker is in that arena too, except
when it uses Bombard: then it is a Space unit attacking a unit in the Ground arena, and
the glossary says a unit in the Space arena cannot be bombarded; an attack that is not
at a Ground unit therefore cannot use Bombard, and the engine refuses it rather than
quietly making a normal attack (a normal attack is Bombard 0).
Shields X gives the attacker -X power against the shielded unit, and only for rolling
attack dice, so it comes last; a unit never rolls fewer than 0 dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.errors import InputError
from rulesengine.swtcg.trace import Step, step
from rulesengine.wording import agrees, plural

INSPIRATION_POWER = 1
BOMBARD_FROM = "space"
BOMBARD_AT = "ground"
BOMBARD_ALLOWED = (
    "0 unless --arena is ground: Bombard lets a unit in the Space arena attack a unit in the "
    "Ground arena, and a unit in the Space arena cannot be bombarded (use 0 for a normal attack)"
)


@dataclass(frozen=True)
class PowerChanges:
    """Everything that changes the attacker's power for this attack (0 means none)."""

    bombard: int = 0
    inspiration: int = 0
    pilot: int = 0
    switch: int = 0


def attacker_arena(defender_arena: str, bombard: int) -> str:
    """The arena the attacker is in: the defender's, or Space when it uses Bombard.

    Raises InputError naming --bombard when Bombard is used at a unit outside the Ground arena.
    """
    if not bombard:
        return defender_arena
    if defender_arena != BOMBARD_AT:
        raise InputError("--bombard", BOMBARD_ALLOWED, f"{bombard} with --arena {defender_arena}")
    return BOMBARD_FROM


def base_power(printed_power: int, changes: PowerChanges) -> int:
    """Bombard X attacks a Ground unit with X power instead of the unit's own."""
    return changes.bombard if changes.bombard else printed_power


def attack_power(printed_power: int, changes: PowerChanges) -> int:
    return (
        base_power(printed_power, changes)
        + INSPIRATION_POWER * changes.inspiration
        + changes.pilot
        + changes.switch
    )


def attack_dice(power: int, shields: int) -> int:
    """One die per point of power, less the defender's Shields, never below 0."""
    return max(0, power - shields)


def power_steps(printed_power: int, changes: PowerChanges, shields: int) -> tuple[Step, ...]:
    """One trace step per power change that applies, each naming its keyword."""
    notes: list[tuple[str, str]] = []
    if changes.bombard:
        notes.append(("bombard", (
            f"Bombard {changes.bombard}: the attacker, in the Space arena, attacks the defender in the Ground arena "
            f"with {changes.bombard} power instead of its own {printed_power}; power changes still apply."
        )))
    if changes.inspiration:
        notes.append(("inspiration", (
            f"Inspiration: {plural(changes.inspiration, 'other unit')} of the attacker's side in its arena "
            f"{agrees(changes.inspiration, 'gives', 'give')} +{INSPIRATION_POWER * changes.inspiration} power."
        )))
    if changes.pilot:
        notes.append(("pilot", f"Pilot: the attacker's Pilot gives {changes.pilot:+d} power."))
    if changes.switch:
        notes.append(("switch", f"Switch: the effect for the arena the attacker is in gives {changes.switch:+d} power."))
    if shields:
        notes.append(("shields", f"Shields {shields}: the attacker gets -{shields} power against this defender, for rolling attack dice only."))
    return tuple(step("attack", rule, text) for rule, text in notes)

"""Attack power and the number of attack dice.

Power changes stack on the unit's power: Inspiration (+1 per other unit with
Inspiration in the attacker's arena), its Pilot's bonus, its Switch effect for the arena
it is in. Bombard replaces the printed power by X, and power changes still apply to it.
Shields X gives the attacker -X power against the shielded unit, and only for rolling
attack dice, so it comes last; a unit never rolls fewer than 0 dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.swtcg.trace import Step, step

INSPIRATION_POWER = 1


@dataclass(frozen=True)
class PowerChanges:
    """Everything that changes the attacker's power for this attack (0 means none)."""

    bombard: int = 0
    inspiration: int = 0
    pilot: int = 0
    switch: int = 0


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
        notes.append(("bombard", f"Bombard {changes.bombard}: the attacker attacks a Ground unit with {changes.bombard} power instead of its own {printed_power}."))
    if changes.inspiration:
        notes.append(("inspiration", f"Inspiration: {changes.inspiration} other unit(s) of the attacker's side in its arena give +{INSPIRATION_POWER * changes.inspiration} power."))
    if changes.pilot:
        notes.append(("pilot", f"Pilot: the attacker's Pilot gives {changes.pilot:+d} power."))
    if changes.switch:
        notes.append(("switch", f"Switch: the effect for the arena the attacker is in gives {changes.switch:+d} power."))
    if shields:
        notes.append(("shields", f"Shields {shields}: the attacker gets -{shields} power against this defender, for rolling attack dice only."))
    return tuple(step("attack", rule, text) for rule, text in notes)

"""Impervious, under three texts (docs/legion/keywords/Impervious.md quotes each with its date).

Rulesets `notes` and `2.6` (step 7a, Roll Defense Dice): the defender rolls extra defense
dice equal to the attack pool's Pierce X. A defender immune to Pierce in this attack
(Immune: Pierce, Immune: Melee Pierce or Duelist in melee) rolls none: the attacker's Pierce
cannot be used against it, so Impervious has nothing to answer. The extra dice are rolled
even when no hit or crit is left to block: the rule counts the pool's Pierce, not the
results, and a rolled surge still feeds Deflect. The Core Rulebook counts "the total Pierce
X value of weapons in the Attack Pool", while Lethal X gives Pierce to the pool, not to a
weapon: whether Lethal's Pierce adds dice is a reading (`readings.LETHAL_IMPERVIOUS`):
`counts` (the default) or `weapons-only`.

Ruleset `2026` (the errata of 17 June 2026): no extra dice; at the start of step 8, Modify
Defense Dice, the attack pool's Pierce X is reduced by 1, to a minimum of 0 (what is left
after any guardian used some). The texts leave guardians open (`readings`):
`impervious_guardian` (the defender has Impervious and Pierce cancels a guardian's blocks):
`start-of-step-8` (default, the errata's plain reading: the guardian's blocks, cancelled in
step 6, meet the full Pierce) or `whole-pool` (the pool's Pierce is 1 less from step 6 on,
against the guardians too); `guard_impervious` (a guardian has Impervious):
`defender-only` (default: the errata names the unit the pool is resolved against, the
defender) or `one-fewer` (the text of 29 May 2026: Pierce cancels one fewer of that
guardian's blocks, and the Pierce not used stays for the defender).

In every ruleset Makashi Mastery takes Impervious away.
"""

from __future__ import annotations

from rulesengine.legion.keywords import makashi
from rulesengine.legion.keywords.pierce import pierce_usable
from rulesengine.legion.model import Attacker, Defender, Guardian, Weapons
from rulesengine.legion.readings import Readings

EXTRA_DICE_RULESETS = ("2.6", "notes")
"""The rulesets in which Impervious adds defense dice (in `2026` it lowers Pierce instead)."""


def extra_defense_dice(defender: Defender, pierce: int, melee: bool, attacker: Attacker | None, weapons: Weapons | None,
                       dodge_spent: bool, ruleset: str) -> int:
    if ruleset not in EXTRA_DICE_RULESETS or not defender.impervious:
        return 0
    if not pierce_usable(defender, melee, attacker, weapons, dodge_spent):
        return 0
    if attacker is not None and weapons is not None and makashi.used(attacker, weapons, defender, melee):
        return 0
    return pierce


def counts_lethal(defender: Defender, readings: Readings, ruleset: str) -> bool:
    """Whether the Pierce Lethal X gives the pool brings Impervious dice."""
    return defender.impervious and ruleset in EXTRA_DICE_RULESETS and readings.lethal_impervious == "counts"


def lowers_pierce(defender: Defender, attacker: Attacker, weapons: Weapons, melee: bool, ruleset: str) -> bool:
    """Ruleset 2026: the defender's Impervious lowers the pool's Pierce X by 1."""
    return ruleset == "2026" and defender.impervious and not makashi.used(attacker, weapons, defender, melee)


def lowered_in_step_6(defender: Defender, attacker: Attacker, weapons: Weapons, melee: bool, ruleset: str,
                      readings: Readings) -> int:
    """By how much the pool's Pierce is lowered at the end of step 6, before the guardians
    (reading `whole-pool`)."""
    return int(readings.impervious_guardian == "whole-pool" and lowers_pierce(defender, attacker, weapons, melee, ruleset))


def lowered_in_step_8(defender: Defender, attacker: Attacker, weapons: Weapons, melee: bool, ruleset: str,
                      readings: Readings) -> int:
    """By how much the Pierce left is lowered at the start of step 8 (the errata's words)."""
    return int(readings.impervious_guardian == "start-of-step-8" and lowers_pierce(defender, attacker, weapons, melee, ruleset))


def guardian_blocks_cancelled(blocks: int, pierce: int, guardian: Guardian, ruleset: str, readings: Readings) -> int:
    """How many of a guardian's blocks the offered Pierce cancels: one fewer for a guardian
    with Impervious under reading `one-fewer` (ruleset 2026)."""
    cancelled = min(blocks, pierce)
    if guardian.impervious and ruleset == "2026" and readings.guard_impervious == "one-fewer":
        return max(0, cancelled - 1)
    return cancelled

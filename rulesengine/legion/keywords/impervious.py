"""Impervious (step 7a, Roll Defense Dice): the defender rolls extra defense dice equal to
the attack pool's Pierce X. A defender immune to Pierce in this attack (Immune: Pierce,
Immune: Melee Pierce or Duelist in melee) rolls none: the attacker's Pierce cannot be used
against it, so Impervious has nothing to answer. Makashi Mastery takes Impervious away.

The extra dice are rolled even when no hit or crit is left to block: the rule counts the
pool's Pierce, not the results, and a rolled surge still feeds Deflect.

The Core Rulebook counts "the total Pierce X value of weapons in the Attack Pool", while
Lethal X gives Pierce to the pool, not to a weapon. Whether Lethal's Pierce adds dice is a
reading (`readings.LETHAL_IMPERVIOUS`, in both rulesets): `counts` (the default) or
`weapons-only`."""

from __future__ import annotations

from rulesengine.legion.keywords import makashi
from rulesengine.legion.keywords.pierce import pierce_usable
from rulesengine.legion.model import Attacker, Defender, Weapons
from rulesengine.legion.readings import Readings


def extra_defense_dice(defender: Defender, pierce: int, melee: bool = False, attacker: Attacker | None = None,
                       weapons: Weapons | None = None, dodge_spent: bool = False) -> int:
    if not defender.impervious or not pierce_usable(defender, melee, attacker, weapons, dodge_spent):
        return 0
    if attacker is not None and weapons is not None and makashi.used(attacker, weapons, defender, melee):
        return 0
    return pierce


def counts_lethal(defender: Defender, readings: Readings) -> bool:
    """Whether the Pierce Lethal X gives the pool brings Impervious dice."""
    return defender.impervious and readings.lethal_impervious == "counts"

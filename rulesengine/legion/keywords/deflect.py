"""Deflect (unit keyword, step 7): a defender that spent at least one dodge token gains
"surge: block", and against a ranged attack the attacker suffers one wound for each
defense surge the defender rolls. Ruleset `2.6`: Deflect works only against ranged
attacks (no surge: block in melee either). An attacker with Immune: Deflect is never
answered by Deflect."""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender


def usable(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str) -> bool:
    """Deflect can be used in this attack (a dodge token still has to be spent)."""
    if not defender.deflect or attacker.immune_deflect:
        return False
    return ranged or ruleset == "notes"


def reflects_surges(defender: Defender, attacker: Attacker, dodge_spent: bool, ranged: bool, ruleset: str) -> bool:
    """Each defense surge rolled wounds the attacker."""
    return dodge_spent and ranged and usable(defender, attacker, ranged, ruleset)

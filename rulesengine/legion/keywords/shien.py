"""Shien Mastery (unit keyword, rules of April 2025; ruleset `2.6` only): it changes what
Deflect does. When Deflect acts in an attack, the attacker suffers one wound for each defense
surge rolled instead of one in all; and if the defender suffers no wound from that ranged
attack, it gains no suppression token from it (step 10): neither the one a hit brings nor
the one Suppressive adds, which the rules give in that same step (Assign Suppression
Token to Defender). Without Deflect it does nothing, so the calculator asks for both."""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.keywords import deflect
from rulesengine.legion.model import Attacker, Defender

RULESETS = ("2026", "2.6")


def check(defender: Defender, ruleset: str) -> None:
    if not defender.shien:
        return
    if ruleset not in RULESETS:
        raise InputError("--shien-mastery", "only with --ruleset " + " or ".join(RULESETS) + " (Shien Mastery came in April 2025)", True)
    if not defender.deflect:
        raise InputError("--shien-mastery", "only with --deflect (Shien Mastery changes what Deflect does)", True)


def applies(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str, high_velocity: bool) -> bool:
    """Shien Mastery acts in this attack (it does whenever Deflect does)."""
    return defender.shien and ranged and deflect.works(defender, attacker, ranged, ruleset, high_velocity)


def denies_suppression(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str, high_velocity: bool,
                       wounds: int) -> bool:
    """The unwounded defender gains no suppression token in step 10, Suppressive's included."""
    return wounds == 0 and applies(defender, attacker, ranged, ruleset, high_velocity)

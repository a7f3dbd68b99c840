"""Shien Mastery (unit keyword, rules of April 2025; ruleset `2.6` only): it changes what
Deflect does. When Deflect acts in an attack, the attacker suffers one wound for each defense
surge rolled instead of one in all; and if the defender suffers no wound from that ranged
attack, it gains no suppression token from it (step 10). Without Deflect it does nothing,
so the calculator asks for both."""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.keywords import deflect
from rulesengine.legion.model import Attacker, Defender

RULESETS = ("2.6",)


def check(defender: Defender, ruleset: str) -> None:
    if not defender.shien:
        return
    if ruleset not in RULESETS:
        raise InputError("--shien-mastery", "only with --ruleset " + " or ".join(RULESETS) + " (Shien Mastery came in April 2025)", True)
    if not defender.deflect:
        raise InputError("--shien-mastery", "only with --deflect (Shien Mastery changes what Deflect does)", True)


def denies_suppression(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str, high_velocity: bool,
                       wounds: int) -> bool:
    return defender.shien and wounds == 0 and ranged and deflect.works(defender, attacker, ranged, ruleset, high_velocity)

"""Smoke tokens (step 5): a trooper defender whose unit leader is within range 1 of a smoke
token (or whose attacker's leader is) improves its cover against a ranged attack, never past
heavy. A vehicle gains nothing from smoke. The input is the number of smoke tokens in range.

Ruleset `notes`: one improvement however many tokens there are (the reading kept from
before). Ruleset `2.6`: cover improvements add up, each token once: two tokens in range
improve cover by two (legion.takras.net, Smoke Tokens)."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def improves_cover(defender: Defender, ruleset: str = "notes") -> int:
    if defender.vehicle or not defender.smoke:
        return 0
    return 1 if ruleset == "notes" else defender.smoke

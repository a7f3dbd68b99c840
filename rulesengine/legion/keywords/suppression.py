"""Suppression tokens: a suppressed defender improves its cover by one (step 5), and after a
pool resolves the defender gains a token if the pool produced a hit or crit (step 10).

Ruleset `notes`: any suppression token improves cover. Ruleset `2.6`: only when the
defender's tokens reach its courage.
"""

from __future__ import annotations

from rulesengine.legion.model import Defender


def improves_cover(defender: Defender, ruleset: str) -> bool:
    if ruleset == "notes":
        return defender.suppression > 0
    return defender.suppression >= defender.courage


def gains_suppression(produced_hit_or_crit: bool, ranged: bool, vehicle: bool = False) -> bool:
    """A trooper defender gains a token after a ranged pool that produced at least one hit
    or crit, even if every one was cancelled (by cover, dodge or a guardian); a vehicle
    gains none."""
    return produced_hit_or_crit and ranged and not vehicle

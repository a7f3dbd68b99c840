"""Guardian X (during step 6, Modify Attack Dice): while a friendly trooper at range 1 and in
line of sight defends against a ranged attack, a unit with Guardian X may cancel up to X
hits (never crits). It rolls one defense die of its own colour per hit cancelled,
converts surges by its own chart, and suffers one wound per blank. It is not the defender
and gains no suppression. No guardian helps a defender that has Guardian X itself, and
none is used by or for a transported unit, nor for a vehicle (Guardian X protects troopers). Several guardians act one after another, in
the declared order. Ruleset 2.6 adds: a unit whose suppression tokens reach its courage
cannot use Guardian X.
"""

from __future__ import annotations

from rulesengine.legion.model import Defender, Guardian


def guardian_usable(defender: Defender, ranged: bool) -> bool:
    return ranged and not defender.has_guardian and not defender.transported and not defender.vehicle


def may_act(guardian: Guardian, ruleset: str) -> bool:
    """Ruleset 2.6: a unit whose suppression tokens reach its courage cannot use Guardian X."""
    return ruleset == "notes" or not guardian.suppressed


def hits_to_cancel(hits: int, guardian: Guardian, policy: str, ruleset: str = "notes") -> int:
    if policy == "none" or not may_act(guardian, ruleset):
        return 0
    return min(hits, guardian.x)

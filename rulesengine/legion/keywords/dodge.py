"""Dodge tokens (step 5, Apply Dodge and Cover): each token spent cancels one hit, never a
crit (Outmaneuver lets it cancel crits too). Dodge works against melee attacks too, not
against High Velocity. Spent after cover, as many as the dodge policy says; a defender
whose keywords reward spending one (Block, Deflect, Soresu Mastery, Duelist) spends one even with nothing left to cancel."""

from __future__ import annotations

from rulesengine.legion.keywords.block import wants_a_dodge_token
from rulesengine.legion.keywords.high_velocity import dodge_allowed
from rulesengine.legion.keywords.outmaneuver import crits_dodged
from rulesengine.legion.model import Attacker, Defender, Weapons
from rulesengine.records import frozen


@frozen
class Dodged:
    """What the dodge tokens spent cancel: crits (Outmaneuver), hits."""

    crits: int = 0
    hits: int = 0
    spent: bool = False
    """At least one token was spent (what Block asks)."""


def dodge_tokens_spent(hits_left: int, tokens: int, policy: str) -> int:
    if policy == "none":
        return 0
    return min(hits_left, tokens)


def use_dodge(crits: int, hits: int, defender: Defender, attacker: Attacker, weapons: Weapons, policy: str, ranged: bool,
              ruleset: str, melee: bool | None = None) -> Dodged:
    tokens = defender.dodge
    if policy == "none" or not tokens or not dodge_allowed(weapons):
        return Dodged()
    on_crits = crits_dodged(crits, tokens, defender.outmaneuver)
    on_hits = dodge_tokens_spent(hits, tokens - on_crits, policy)
    spent = on_crits + on_hits > 0 or wants_a_dodge_token(defender, attacker, ranged, ruleset, melee)
    return Dodged(on_crits, on_hits, spent)

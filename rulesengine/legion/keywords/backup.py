"""Backup (unit keyword, ruleset 2.6, step 6, the defender's part): while defending against a
ranged attack with Backup in effect, the defender cancels up to two hit results (never
crits). The input says Backup is in effect for this attack. A defender that has Guardian X
cannot benefit from Backup."""

from __future__ import annotations

from rulesengine.legion.model import Defender

HITS = 2
RULESETS = ("2026", "2.6")


def hits_cancelled(hits: int, defender: Defender, ranged: bool) -> int:
    """A defender with Guardian X cannot benefit from Backup."""
    return min(hits, HITS) if defender.backup and ranged and not defender.has_guardian else 0

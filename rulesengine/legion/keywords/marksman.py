"""Marksman (unit keyword): after attack surges are converted, the attacker may spend aim
tokens the rerolls left; each changes a blank to a hit or a hit to a critical. The
calculator's choice: against Armor (which cancels every hit) hits become criticals first;
otherwise blanks become hits first, then hits criticals."""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender


def changes(attacker: Attacker, defender: Defender, blanks: int, hits: int, aims_left: int) -> tuple[int, int]:
    """(blanks made hits, hits made crits), one aim token each."""
    if not attacker.marksman:
        return 0, 0
    if defender.armor:
        to_crits = min(hits, aims_left)
        return 0, to_crits
    to_hits = min(blanks, aims_left)
    return to_hits, min(hits + to_hits, aims_left - to_hits)

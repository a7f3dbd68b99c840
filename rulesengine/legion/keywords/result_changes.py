"""Tokens that change attack results after surges are converted (Marksman's aim tokens,
Jar'Kai Mastery's dodge tokens): each changes a blank to a hit or a hit to a critical, so
two make a blank a critical. The calculator's choice: against Armor (which cancels every
hit) hits become criticals, then two tokens at a time blanks become criticals; otherwise
blanks become hits first, then hits criticals."""

from __future__ import annotations


def changes(tokens: int, blanks: int, hits: int, armor: bool) -> tuple[int, int]:
    """(blanks made hits, hits made crits), one token each."""
    if armor:
        from_hits = min(hits, tokens)
        from_blanks = min(blanks, (tokens - from_hits) // 2)  # a blank to a hit to a crit
        return from_blanks, from_hits + from_blanks
    to_hits = min(blanks, tokens)
    return to_hits, min(hits + to_hits, tokens - to_hits)

"""Marksman (unit keyword): after attack surges are converted, the attacker may spend aim
tokens the rerolls left; each changes a blank to a hit or a hit to a critical. The
calculator's choice is `result_changes`: against Armor hits become criticals, then two
tokens at a time blanks criticals; otherwise blanks become hits first, then hits criticals."""

from __future__ import annotations

from rulesengine.legion.keywords import result_changes
from rulesengine.legion.model import Attacker, Defender


def changes(attacker: Attacker, defender: Defender, blanks: int, hits: int, aims_left: int) -> tuple[int, int]:
    """(blanks made hits, hits made crits), one aim token each."""
    if not attacker.marksman:
        return 0, 0
    return result_changes.changes(aims_left, blanks, hits, defender.armor)

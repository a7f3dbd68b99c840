"""Ram X (unit keyword, step 6, the attacker's part): when the condition on the unit's card
is met (a full-speed move this activation), the attacker changes up to X results to
critical results: blanks first, then hits. The input is the X in effect."""

from __future__ import annotations


def changed(blanks: int, hits: int, ram: int) -> tuple[int, int]:
    """(blanks, hits) turned into crits."""
    on_blanks = min(blanks, ram)
    return on_blanks, min(hits, ram - on_blanks)

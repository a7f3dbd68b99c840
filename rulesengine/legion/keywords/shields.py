"""Shield tokens and Shielded X (step 6, Modify Attack Dice, the defender's part): the
defender flips shield tokens, each cancelling one hit or one critical result. Shielded X
gives a unit X shield tokens. The calculator flips them on crits first (nothing else the
defender has cancels a crit), then on hits left after Armor."""

from __future__ import annotations


def cancelled_by_shields(crits: int, hits: int, shields: int) -> tuple[int, int]:
    """(crits, hits) cancelled by `shields` tokens, crits first."""
    on_crits = min(crits, shields)
    return on_crits, min(hits, shields - on_crits)

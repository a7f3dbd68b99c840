"""Shield tokens and Shielded X (step 6, Modify Attack Dice, the defender's part): while
defending against a ranged attack, the defender flips shield tokens, each cancelling one
hit or one critical result. Shielded X gives a unit X shield tokens.

Every text found limits the flip to ranged attacks: the Shielded X entry of the Core
Rulebook effective 24 November 2025 ("while defending against a Ranged attack") and of the
July 2024 rulebook 2.6.0 alike, so in a melee or an overrun attack no shield cancels
anything, in both rulesets. The calculator flips them on crits first (nothing else the defender has
cancels a crit), then on hits left after Armor."""

from __future__ import annotations


def cancelled_by_shields(crits: int, hits: int, shields: int, ranged: bool = True) -> tuple[int, int]:
    """(crits, hits) cancelled by `shields` tokens, crits first; none unless `ranged`."""
    if not ranged:
        return 0, 0
    on_crits = min(crits, shields)
    return on_crits, min(hits, shields - on_crits)

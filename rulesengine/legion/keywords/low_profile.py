"""Low Profile (unit keyword): against a ranged attack while the defender has light or heavy
cover, one die it would roll is replaced by a block result.

Ruleset `notes` (before July 2024): the die replaced is one of its defense dice (step 7a).
Ruleset `2.6`: the die replaced is one of its cover pool's dice (step 5), so one hit is
cancelled for certain whenever there is a hit to cancel.
"""

from __future__ import annotations

from rulesengine.legion.model import Defender


def replaces_a_die(defender: Defender, cover_level: int, dice: int) -> bool:
    """True when Low Profile turns one of `dice` (about to be rolled) into a block."""
    return defender.low_profile and cover_level > 0 and dice > 0


def in_cover_pool(ruleset: str) -> bool:
    """Which roll Low Profile acts on: the cover pool (2.6) or the defense roll (notes)."""
    return ruleset != "notes"

"""Low Profile (unit keyword): against a ranged attack while the defender has light or heavy
cover, one die it would roll is replaced by a block result.

Ruleset `2.6`: the die replaced is one of its cover pool's dice (step 5), so one hit is
cancelled for certain whenever there is a hit to cancel. The Core Rulebook (effective 24
November 2025) says so: one fewer die in the Roll Cover Pool step, a block added instead.

Ruleset `notes` (before July 2024) has no cover roll, and no text found says which die the
block replaces there, so the engine offers two readings (`readings.LOW_PROFILE`):
- `defense-die` (the default): one of the defense dice of step 7a is set aside as a block;
- `cover`: the older form peer calculators follow (QuantumBits/HQUplink.jl): light cover
  counts as heavy cover, so Low Profile acts on hits only and never on a crit's die.
"""

from __future__ import annotations

from rulesengine.legion.model import Defender

READING_COVER = "cover"


def replaces_a_die(defender: Defender, cover_level: int, dice: int, reading: str = "defense-die") -> bool:
    """True when Low Profile turns one of `dice` (about to be rolled) into a block."""
    return defender.low_profile and cover_level > 0 and dice > 0 and reading != READING_COVER


def raises_light_cover(defender: Defender, ruleset: str, reading: str) -> bool:
    """The older form (ruleset notes, reading `cover`): light cover counts as heavy."""
    return defender.low_profile and ruleset == "notes" and reading == READING_COVER


def in_cover_pool(ruleset: str) -> bool:
    """Which roll Low Profile acts on: the cover pool (2.6) or the defense roll (notes)."""
    return ruleset != "notes"

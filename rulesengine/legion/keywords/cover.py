"""Cover (step 5, Apply Dodge and Cover), with Cover X, Sharpshooter X and Blast.

Cover counts only against ranged attacks. Its level is light (1) or heavy (2); Cover X
and suppression improve it (never past heavy), then Sharpshooter X lowers it; Blast
ignores it. Ruleset `notes`: each level cancels one hit outright. Ruleset `2.6`: the
defender rolls one white defense die per hit; light cover cancels a hit per block,
heavy cover per block or surge. Cover never cancels crits.
"""

from __future__ import annotations

from functools import lru_cache

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import defense_die
from rulesengine.legion.keywords.suppression import improves_cover
from rulesengine.legion.model import COVER, Defender, Weapons

HEAVY = COVER["heavy"]
COVER_DIE = "white"


def cover_level(defender: Defender, weapons: Weapons, ranged: bool, ruleset: str) -> int:
    """0 none, 1 light, 2 heavy, after every keyword that changes it."""
    if not ranged or weapons.blast:
        return 0
    level = COVER[defender.cover] + defender.cover_x
    if improves_cover(defender, ruleset):
        level += 1
    return max(0, min(level, HEAVY) - weapons.sharpshooter)


def hits_cancelled_by_cover(hits: int, level: int, ruleset: str) -> Distribution[int]:
    if level == 0 or hits == 0:
        return Distribution.certain(0)
    if ruleset == "notes":
        return Distribution.certain(min(hits, level))
    return _cover_roll(hits, level)


@lru_cache(maxsize=None)
def _cover_roll(hits: int, level: int) -> Distribution[int]:
    """Ruleset 2.6: one white defense die per hit; each cancelling face cancels a hit."""
    die = defense_die(COVER_DIE)
    cancelling = die.sides_showing("block") + (die.sides_showing("surge") if level >= HEAVY else 0)
    one = Distribution({1: cancelling, 0: die.sides - cancelling})
    return one.repeat(hits, lambda a, b: a + b, 0)

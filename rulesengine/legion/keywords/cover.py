"""Cover (step 5, Apply Dodge and Cover), with Cover X, Sharpshooter X and Blast.

Cover counts only against ranged attacks. Its level is light (1) or heavy (2); Cover X,
smoke and suppression improve it (never past heavy), then Sharpshooter X lowers it; Blast
ignores it unless the defender is Immune: Blast, and so does
an attacker's Death From Above. Ruleset `notes`: each level cancels one
hit outright. Ruleset `2.6`: the defender rolls a cover pool, one white defense die per
hit (red with Dug In, one die fewer plus a block with Low Profile); light cover cancels a
hit per block, heavy cover per block or surge. Cover never cancels crits.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import defense_die
from rulesengine.legion.keywords import smoke
from rulesengine.legion.keywords.dug_in import COVER_DIE
from rulesengine.legion.keywords.suppression import improves_cover
from rulesengine.legion.keywords.vehicle import terrain_cover_counts
from rulesengine.legion.model import COVER, Defender, Weapons

HEAVY = COVER["heavy"]


def blast_ignores_cover(defender: Defender, weapons: Weapons) -> bool:
    """Blast: the defender cannot use cover, unless it is Immune: Blast."""
    return weapons.blast and not defender.immune_blast


def cover_level(defender: Defender, weapons: Weapons, ranged: bool, ruleset: str, death_from_above: bool = False,
                light_is_heavy: bool = False) -> int:
    """0 none, 1 light, 2 heavy, after every keyword that changes it. `death_from_above`:
    the attacker's Death From Above applies (the defender cannot use cover);
    `light_is_heavy`: Low Profile's older form (ruleset notes, reading `cover`) makes light
    cover heavy, before Sharpshooter X lowers it."""
    if not ranged or death_from_above or blast_ignores_cover(defender, weapons):
        return 0
    terrain = COVER[defender.cover] if terrain_cover_counts(defender, ruleset) else 0
    level = terrain + defender.cover_x + smoke.improves_cover(defender, ruleset)
    if improves_cover(defender, ruleset):
        level += 1
    level = min(level, HEAVY)
    if light_is_heavy and level == 1:
        level = HEAVY
    return max(0, level - weapons.sharpshooter)


def hits_cancelled_by_cover(hits: int, level: int, ruleset: str, die: str = COVER_DIE, low_profile: bool = False) -> Distribution[int]:
    """`low_profile`: one die of the cover pool is a block instead (ruleset 2.6)."""
    if level == 0 or hits == 0:
        return Distribution.certain(0)
    if ruleset == "notes":
        return Distribution.certain(min(hits, level))
    if low_profile:
        return _cover_roll(hits - 1, level, die).map(lambda n: n + 1)
    return _cover_roll(hits, level, die)


@lru_cache(maxsize=None)
def _cover_roll(hits: int, level: int, die: str) -> Distribution[int]:
    """Ruleset 2.6: one defense die per hit; each cancelling face cancels a hit (a binomial
    count, in whole-number weights)."""
    d = defense_die(die)
    cancelling = d.sides_showing("block") + (d.sides_showing("surge") if level >= HEAVY else 0)
    others = d.sides - cancelling
    return Distribution({n: comb(hits, n) * cancelling ** n * others ** (hits - n) for n in range(hits + 1)})

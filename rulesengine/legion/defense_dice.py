"""Defense dice (steps 7a and 7c, and a guardian's dice): roll, then convert surges by the
unit's chart (block or none) and its defense surge tokens; other surges are blanks.

A roll is summed as (blocks, surges that still matter): with a block chart a surge counts
as a block at once; without one, surges count only up to the tokens that can convert them.
"""

from __future__ import annotations

from functools import lru_cache

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import defense_die

Roll = tuple[int, int]


def face_vector(face: str, chart: str) -> Roll:
    if face == "block" or (face == "surge" and chart == "block"):
        return (1, 0)
    return (0, 1) if face == "surge" else (0, 0)


def roll_defense_dice(colour: str, dice: int, chart: str, tokens: int, faces: tuple[str, ...] = ()) -> Distribution[Roll]:
    """(blocks, surges waiting for a token) for `dice` dice, the first ones showing `faces`."""
    blocks = surges = 0
    for face in faces:
        b, s = face_vector(face, chart)
        blocks, surges = blocks + b, surges + s
    rolled = _rolled(colour, dice - len(faces), chart, tokens)
    return rolled.map(lambda r: (r[0] + blocks, min(r[1] + surges, tokens)))


@lru_cache(maxsize=None)
def _rolled(colour: str, dice: int, chart: str, tokens: int) -> Distribution[Roll]:
    die = defense_die(colour)
    weights: dict[Roll, int] = {}
    for face, n in die.faces:
        v = face_vector(face, chart)
        weights[v] = weights.get(v, 0) + n
    one = Distribution(weights)
    return one.repeat(dice, lambda a, b: (a[0] + b[0], min(a[1] + b[1], tokens)), (0, 0))


def convert_defense_surges(roll: Roll, tokens: int) -> int:
    """Blocks after step 7c: each surge token spent turns a waiting surge into a block."""
    return roll[0] + min(roll[1], tokens)

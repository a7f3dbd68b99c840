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
    rolled = _rolled(colour, dice - len(faces), chart, tokens)
    if not faces:
        return rolled
    blocks = surges = 0
    for face in faces:
        b, s = face_vector(face, chart)
        blocks, surges = blocks + b, surges + s
    return rolled.map(lambda r: (r[0] + blocks, min(r[1] + surges, tokens)))


@lru_cache(maxsize=None)
def _rolled(colour: str, dice: int, chart: str, tokens: int) -> Distribution[Roll]:
    """Summed with whole-number weights (sides), one die at a time."""
    die = defense_die(colour)
    sides: dict[Roll, int] = {}
    for face, n in die.faces:
        v = face_vector(face, chart)
        sides[v] = sides.get(v, 0) + n
    acc: dict[Roll, int] = {(0, 0): 1}
    for _ in range(dice):
        out: dict[Roll, int] = {}
        for (b, s), w in acc.items():
            for (db, ds), n in sides.items():
                key = (b + db, min(s + ds, tokens))
                out[key] = out.get(key, 0) + w * n
        acc = out
    return Distribution(acc)


def convert_defense_surges(roll: Roll, tokens: int) -> int:
    """Blocks after step 7c: each surge token spent turns a waiting surge into a block."""
    return roll[0] + min(roll[1], tokens)


@lru_cache(maxsize=4096)
def with_rerolls(colour: str, dice: int, chart: str, tokens: int, rerolls: int, faces: tuple[str, ...] = ()) -> Distribution[Roll]:
    """Step 7a then 7b: after the roll, up to `rerolls` dice that will not become blocks
    (blanks, and surges no chart or token converts) are rolled again, each once. Many
    states of an attack roll the same dice: the answer is kept (a distribution never changes)."""
    first = roll_defense_dice(colour, dice, chart, tokens, faces)
    if not rerolls:
        return first

    def reroll(r: Roll) -> Distribution[Roll]:
        again = min(rerolls, dice - r[0] - r[1])
        if not again:
            return Distribution.certain(r)
        return roll_defense_dice(colour, again, chart, tokens - r[1]).map(lambda x: (r[0] + x[0], r[1] + x[1]))

    return first.bind(reroll)

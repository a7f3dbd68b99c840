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

WHOLE_ROLL = -1
"""`rerolls` meaning the whole roll is rerolled or none of it (Soresu Mastery's
all-or-nothing reading): rerolled when its blocks (with the surges the chart and tokens
convert) are fewer than a fresh roll's expected blocks."""


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
    return Distribution(_rolled_weights(colour, dice, chart, tokens))


@lru_cache(maxsize=None)
def _rolled_weights(colour: str, dice: int, chart: str, tokens: int) -> dict[Roll, int]:
    """Whole-number weights (they sum to sides ** dice): every surge counted, then capped
    at the tokens that can convert them."""
    if tokens >= dice:
        return _uncapped(colour, dice, chart)
    out: dict[Roll, int] = {}
    for (b, s), w in _uncapped(colour, dice, chart).items():
        key = (b, min(s, tokens))
        out[key] = out.get(key, 0) + w
    return out


@lru_cache(maxsize=None)
def _uncapped(colour: str, dice: int, chart: str) -> dict[Roll, int]:
    """(blocks, surges) of `dice` dice, one die more than `dice - 1` (kept)."""
    if dice == 0:
        return {(0, 0): 1}
    sides: dict[Roll, int] = {}
    for face, n in defense_die(colour).faces:
        v = face_vector(face, chart)
        sides[v] = sides.get(v, 0) + n
    out: dict[Roll, int] = {}
    for (b, s), w in _uncapped(colour, dice - 1, chart).items():
        for (db, ds), n in sides.items():
            key = (b + db, s + ds)
            out[key] = out.get(key, 0) + w * n
    return out


def convert_defense_surges(roll: Roll, tokens: int) -> int:
    """Blocks after step 7c: each surge token spent turns a waiting surge into a block."""
    return roll[0] + min(roll[1], tokens)


@lru_cache(maxsize=4096)
def with_rerolls(colour: str, dice: int, chart: str, tokens: int, rerolls: int, faces: tuple[str, ...] = ()) -> Distribution[Roll]:
    """Step 7a then 7b: after the roll, up to `rerolls` dice that will not become blocks
    (blanks, and surges no chart or token converts) are rolled again, each once. Many
    states of an attack roll the same dice: the answer is kept (a distribution never changes)."""
    if faces and rerolls:
        first = roll_defense_dice(colour, dice, chart, tokens, faces)
        return first.bind(lambda r: _rerolled(colour, dice, chart, tokens, rerolls, r))
    if faces:
        return roll_defense_dice(colour, dice, chart, tokens, faces)
    return Distribution(_reroll_weights(colour, dice, chart, tokens, rerolls))


@lru_cache(maxsize=4096)
def _reroll_weights(colour: str, dice: int, chart: str, tokens: int, rerolls: int) -> dict[Roll, int]:
    """`with_rerolls` (no faces given) as whole-number weights."""
    if rerolls == WHOLE_ROLL:
        return _whole_roll_weights(colour, dice, chart, tokens)
    if not rerolls:
        return _rolled_weights(colour, dice, chart, tokens)
    if rerolls >= dice and (tokens >= dice or tokens == 0 or chart == "block"):
        # Every die that will not block may be rerolled, and whether a surge blocks does not
        # hang on the other dice: the dice are independent, each one rolled and, unless it
        # blocks, rolled once more.
        return _each_rerolled(colour, dice, chart, tokens > 0)
    # Each branch rerolls `again` dice, so it is scaled by the sides of the dice the other
    # branches reroll and it does not (one denominator in the end).
    sides = defense_die(colour).sides
    most = min(rerolls, dice)
    out: dict[Roll, int] = {}
    for r, w in _rolled_weights(colour, dice, chart, tokens).items():
        again = min(rerolls, dice - r[0] - r[1])
        scale = w * sides ** (most - again)
        if not again:
            out[r] = out.get(r, 0) + scale
            continue
        for (b, s), v in _rolled_weights(colour, again, chart, tokens - r[1]).items():
            key = (r[0] + b, r[1] + s)
            out[key] = out.get(key, 0) + scale * v
    return out


@lru_cache(maxsize=4096)
def converted_at_most(colour: str, dice: int, chart: str, tokens: int, rerolls: int, cap: int) -> Distribution[Roll]:
    """`with_rerolls` with step 7c done at once (every waiting surge it counts has a token),
    blocks counted only up to `cap`: (blocks after conversion, 0). When nothing later reads
    the surge tokens spent, states that differ only in how their blocks came merge before
    step 7c instead of after it."""
    out: dict[Roll, int] = {}
    for blocks, w in _converted(colour, dice, chart, tokens, rerolls).items():
        key = (min(blocks, cap), 0)
        out[key] = out.get(key, 0) + w
    return Distribution(out)


@lru_cache(maxsize=4096)
def _converted(colour: str, dice: int, chart: str, tokens: int, rerolls: int) -> dict[int, int]:
    """Blocks after step 7c (each waiting surge counted has a token), whole-number weights."""
    out: dict[int, int] = {}
    for (b, s), w in _reroll_weights(colour, dice, chart, tokens, rerolls).items():
        out[b + s] = out.get(b + s, 0) + w
    return out


@lru_cache(maxsize=4096)
def reflected(colour: str, dice: int, rerolls: int, cap: int, each: bool | None) -> Distribution[Roll]:
    """`reflected_weights` as a distribution."""
    return Distribution(reflected_weights(colour, dice, rerolls, cap, each))


@lru_cache(maxsize=4096)
def reflected_weights(colour: str, dice: int, rerolls: int, cap: int, each: bool | None) -> dict[Roll, int]:
    """Deflect's roll (every surge a block, and wounds on the attacker) as steps 7c to 10
    read it: (blocks and surges together counted up to `cap`, the attacker's wounds: one
    per surge when `each`, one if any surge when not, none counted when None), in
    whole-number weights."""
    out: dict[Roll, int] = {}
    for (b, s), w in _reroll_weights(colour, dice, "none", dice, rerolls).items():
        key = (min(b + s, cap), 0 if each is None else s if each else min(s, 1))
        out[key] = out.get(key, 0) + w
    return out


@lru_cache(maxsize=4096)
def reflected_backs(colour: str, dice: int, rerolls: int, each: bool) -> tuple[dict[int, int], int]:
    """The wounds Deflect's roll sends back on their own (one per surge when `each`, else
    one if any surge), in whole-number weights, and the weights' sum."""
    out: dict[int, int] = {}
    for (_, s), w in _reroll_weights(colour, dice, "none", dice, rerolls).items():
        back = s if each else min(s, 1)
        out[back] = out.get(back, 0) + w
    return out, sum(out.values())


@lru_cache(maxsize=None)
def _each_rerolled(colour: str, dice: int, chart: str, surges_count: bool) -> dict[Roll, int]:
    """(blocks, surges kept) of `dice` dice each rerolled once unless it shows a block (or a
    surge, when `surges_count`: a token converts every one); weights sum to sides ** (2 dice)."""
    if dice == 0:
        return {(0, 0): 1}
    die = defense_die(colour)
    once: dict[Roll, int] = {}
    for face, n in die.faces:
        v = face_vector(face, chart)
        kept = bool(v[0] or (v[1] and surges_count))
        outcomes = [(v, n * die.sides)] if kept else [(face_vector(f, chart), n * k) for f, k in die.faces]
        for rolled, ways in outcomes:
            counted = rolled if surges_count else (rolled[0], 0)
            once[counted] = once.get(counted, 0) + ways
    out: dict[Roll, int] = {}
    for (b, s), w in _each_rerolled(colour, dice - 1, chart, surges_count).items():
        for (db, ds), n in once.items():
            key = (b + db, s + ds)
            out[key] = out.get(key, 0) + w * n
    return out


@lru_cache(maxsize=None)
def _fresh_blocks(colour: str, dice: int, chart: str, tokens: int) -> tuple[int, int]:
    """A fresh roll's blocks after conversion, summed over its weights, and the weights' sum
    (their ratio is the expected blocks, kept whole)."""
    weights = _rolled_weights(colour, dice, chart, tokens)
    return sum((b + s) * w for (b, s), w in weights.items()), sum(weights.values())


def _rerolls_whole(colour: str, dice: int, chart: str, tokens: int, r: Roll) -> bool:
    """All-or-nothing: the roll `r` is rerolled when its blocks fall short of a fresh roll's
    expected blocks (`r`'s surges are those a token will convert)."""
    total, weights = _fresh_blocks(colour, dice, chart, tokens)
    return (r[0] + r[1]) * weights < total


@lru_cache(maxsize=4096)
def _whole_roll_weights(colour: str, dice: int, chart: str, tokens: int) -> dict[Roll, int]:
    """`with_rerolls` with `WHOLE_ROLL`, as whole-number weights (they sum to sides ** (2 dice))."""
    first = _rolled_weights(colour, dice, chart, tokens)
    sides = defense_die(colour).sides ** dice
    rerolled = sum(w for r, w in first.items() if _rerolls_whole(colour, dice, chart, tokens, r))
    # A rerolled roll is replaced by a fresh one: every outcome again, in proportion.
    out = {r: w * rerolled for r, w in first.items()}
    for r, w in first.items():
        if not _rerolls_whole(colour, dice, chart, tokens, r):
            out[r] += w * sides
    return out


def _rerolled(colour: str, dice: int, chart: str, tokens: int, rerolls: int, r: Roll) -> Distribution[Roll]:
    if rerolls == WHOLE_ROLL:
        return roll_defense_dice(colour, dice, chart, tokens) if _rerolls_whole(colour, dice, chart, tokens, r) else Distribution.certain(r)
    again = min(rerolls, dice - r[0] - r[1])
    if not again:
        return Distribution.certain(r)
    return roll_defense_dice(colour, again, chart, tokens - r[1]).map(lambda x: (r[0] + x[0], r[1] + x[1]))

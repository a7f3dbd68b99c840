"""Packed states for the `optimal` aim policy (`optimal.py`): the dice of a pool showing
each face, per colour, as one integer, and the rerolls one token allows from a state.

The count of dice of colour i showing face f sits at bit BITS * (4 * i + f), and the face
totals over all colours above them, at TOTALS_SHIFT, so a reroll's base (the dice left) is
one subtraction and the dice landing one addition, totals included. The per-colour counts
may be capped (`capped`) while the totals stay exact. Dice of a colour are interchangeable:
a state counts them.
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial

from rulesengine.legion.dice import ATTACK_COLOURS, attack_die

CRIT, SURGE, HIT, BLANK = range(4)
Faces = tuple[int, int, int, int]
"""Dice showing crit, surge, hit, blank."""


@lru_cache(maxsize=None)
def face_sides(colour: str, surge_as: int) -> Faces:
    """Sides of a die of `colour` showing each face, a surge counted as the face it ends as."""
    die = attack_die(colour)
    sides = [die.sides_showing("crit"), 0, die.sides_showing("hit"), die.sides_showing("blank")]
    sides[surge_as] += die.sides_showing("surge")
    return (sides[0], sides[1], sides[2], sides[3])


@lru_cache(maxsize=None)
def rolls(colour: str, dice: int, surge_as: int) -> tuple[tuple[Faces, int], ...]:
    """Every way `dice` dice of `colour` can land, as face counts with their weight."""
    sides = face_sides(colour, surge_as)
    out = []
    for c in range(dice + 1):
        for s in range(dice - c + 1):
            for h in range(dice - c - s + 1):
                b = dice - c - s - h
                ways = factorial(dice) // (factorial(c) * factorial(s) * factorial(h) * factorial(b))
                w = ways * sides[0] ** c * sides[1] ** s * sides[2] ** h * sides[3] ** b
                if w:
                    out.append(((c, s, h, b), w))
    return tuple(out)


BITS = 6
"""Bits per face count in a packed state: a state is one integer, the count of dice of
colour i showing face f at bit BITS * (4 * i + f), so removing or adding dice is one
subtraction or addition, and the face totals of all colours three additions. A count is
at most MOST, so the top bit of each field is free for `capped`."""
MOST = (1 << (BITS - 1)) - 1
FIELD = (1 << BITS) - 1
COLOUR_BITS = 4 * BITS
COLOUR_MASK = (1 << COLOUR_BITS) - 1
CODE_BITS = 3 * BITS
"""An average's key: the base state above CODE_BITS, the dice rerolled per colour below."""
CODE_MASK = (1 << CODE_BITS) - 1
TOTALS_SHIFT = 3 * COLOUR_BITS
"""The face totals over all colours sit above the three colours' counts."""
COLOURS_MASK = (1 << TOTALS_SHIFT) - 1
SPENT_SHIFT = TOTALS_SHIFT + COLOUR_BITS
"""A memo's key: the aim tokens spent above the state."""
STATE_MASK = (1 << SPENT_SHIFT) - 1


def pack(faces: Faces, colour: int) -> int:
    """Counts of one colour's faces, packed at that colour's place."""
    return sum(n << (COLOUR_BITS * colour + BITS * f) for f, n in enumerate(faces))


def totals(state: int) -> int:
    """Dice showing each face, all colours together (packed as colour 0), summed from the
    per-colour counts (of a state whose counts are not capped)."""
    return (state & COLOUR_MASK) + (state >> COLOUR_BITS & COLOUR_MASK) + (state >> 2 * COLOUR_BITS & COLOUR_MASK)


def with_totals(state: int) -> int:
    """Per-colour counts (not capped) with their totals added above them."""
    return state + (totals(state) << TOTALS_SHIFT)


def faces_of(packed: int, colour: int = 0) -> Faces:
    """One colour's counts unpacked (colour 0 for `totals`)."""
    shift = COLOUR_BITS * colour
    return (packed >> shift & FIELD, packed >> (shift + BITS) & FIELD, packed >> (shift + 2 * BITS) & FIELD,
            packed >> (shift + 3 * BITS) & FIELD)


def capped(state: int, most: int) -> int:
    """The state with each per-colour count capped at `most`, its totals kept. Rerolls of at
    most `most` dice cannot tell more dice apart, and capping again after dice are removed
    and others land gives what capping the true counts would: a count capped at `most` was at
    least `most`, and stays at least `most` - k after k dice are removed.

    All twelve counts at once: with each field's top bit set, subtracting `most` from every
    field borrows from none, and the top bit stays set exactly where the count is at least
    `most`; those fields take `most`, the others keep their count."""
    counts = state & COLOURS_MASK
    limit = most * _ONES
    at_least = ((counts | _TOPS) - limit & _TOPS) >> (BITS - 1)
    take = at_least * FIELD
    return state - counts + (counts & ~take | limit & take)


_ONES = sum(1 << shift for shift in range(0, 3 * 4 * BITS, BITS))
_TOPS = _ONES << (BITS - 1)


@lru_cache(maxsize=None)
def packed_rolls(colour: int, dice: int, surge_as: int) -> tuple[tuple[int, int], ...]:
    """`rolls` of the colour numbered `colour`, packed at its place."""
    return tuple((pack(f, colour), w) for f, w in rolls(ATTACK_COLOURS[colour], dice, surge_as))


@lru_cache(maxsize=None)
def capped_rolls(colour: int, dice: int, surge_as: int, most: int) -> tuple[tuple[int, int], ...]:
    """`packed_rolls` with the counts capped at `most` and the totals above them."""
    out: dict[int, int] = {}
    for d, w in packed_rolls(colour, dice, surge_as):
        k = capped(with_totals(d), most)
        out[k] = out.get(k, 0) + w
    return tuple(out.items())


@lru_cache(maxsize=None)
def landings(code: int, surge_as: int) -> tuple[tuple[int, int], ...]:
    """Every way the dice of `code` (per colour) land, as packed states with their totals,
    with their weight."""
    acc = [(0, 1)]
    for colour in range(3):
        k = code >> (BITS * colour) & FIELD
        if k:
            acc = [(a + d, w * v) for a, w in acc for d, v in packed_rolls(colour, k, surge_as)]
    return tuple((with_totals(d), w) for d, w in acc)


Order = frozenset[tuple[int, int]]
"""Pairs (f, g): a die showing f is never worth more than one showing g, wherever it is
(`optimal.Optimiser.order`), so a reroll of a g while an f of the same colour stays is
never better than the reroll of that f instead."""
NO_ORDER: Order = frozenset()


@lru_cache(maxsize=None)
def colour_choices(capped: Faces, most: int, colour: int, order: Order = NO_ORDER) -> tuple[tuple[int, int], ...]:
    """How many dice of one colour showing each face to reroll: any mix, up to `most`, but
    none that rerolls a face while a worse one (by `order`) stays; each as (dice rerolled,
    the dice removed, packed with their totals), fewest dice first. `capped`: the counts
    capped above `most` (so that a die left over shows)."""
    crits, surges, hits, blanks = capped
    out = []
    for c in range(crits + 1):
        for s in range(surges + 1):
            for h in range(hits + 1):
                for b in range(blanks + 1):
                    rerolled = (c, s, h, b)
                    if c + s + h + b > most or any(rerolled[g] and capped[f] > rerolled[f] for f, g in order):
                        continue
                    out.append((c + s + h + b, with_totals(pack(rerolled, colour))))
    out.sort(key=lambda x: x[0])
    return tuple(out)


@lru_cache(maxsize=None)
def colour_rerolls(counts: int, colour: int, most: int, order: Order) -> tuple[tuple[int, int, int], ...]:
    """`colour_choices` from one colour's counts as they sit in a state (shifted down to
    colour 0's place), each as (dice rerolled, the dice removed with their totals, that
    colour's part of the code of dice rerolled), fewest dice first."""
    cap = most + 1 if order else most
    crits, surges, hits, blanks = faces_of(counts)
    capped = (min(crits, cap), min(surges, cap), min(hits, cap), min(blanks, cap))
    return tuple((k, removed, k << (BITS * colour)) for k, removed in colour_choices(capped, most, colour, order))

"""Step 4b by counting, for aim policies that sort faces into fixed classes: a face is
either rerolled (when a token reaches it, best colour first) or kept, whatever else shows.

Dice of a colour are interchangeable, so a state is only how many dice of each colour
show a face the policy rerolls, and the aim tokens spent. Which face such a die shows,
and which face a kept die shows, changes no later decision: those faces are drawn once,
at the end, from the sides of their class. Each die's weight is applied exactly once (a
rerolled face when the token rerolls it, the rest in the final draw), so every path
weighs sides ** (dice rolled) and the weights stay whole numbers.

The final draw uses what the colours share: a crit and a surge are one side on every
die, only hits and blanks differ. So a state's draw is a polynomial in y (hits) alone,
packed into one integer, and the crits and surges are split at the very end.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from rulesengine.legion.dice import ATTACK_COLOURS, attack_die
from rulesengine.legion.keywords.aim import dice_to_reroll
from rulesengine.legion.surges import SurgeConversion, Vector
from rulesengine.records import frozen

SIDES = 8
Counts = tuple[int, int, int]
Budgets = tuple[tuple[int, int], ...]
"""One (dice it may reroll, what it adds to the count of tokens spent) per token, in order:
aim tokens first (1, or 0 when not counted), then observation tokens (0)."""
State = tuple[int, int, int, int]
"""(dice showing a face the policy rerolls: red, black, white; tokens spent, as `Budgets` counts them)."""


@frozen
class Classes:
    """Which faces an aim policy rerolls. `surge_as` merges the surge side into the blank
    or the hit side when it can only end as one of them (it weighs the same then)."""

    hits: bool = False
    """Hits are rerolled too (crit fishing); blanks always are."""
    surge_as: str = ""
    """"blank", "hit" or "" (a surge stays a surge, kept)."""


def _sides(colour: str, classes: Classes) -> tuple[int, int]:
    """(blank-like sides, hit-like sides) of a die, surges merged as `classes` says."""
    die = attack_die(colour)
    blank, hit = die.sides_showing("blank"), die.sides_showing("hit")
    surge = die.sides_showing("surge")
    return blank + (surge if classes.surge_as == "blank" else 0), hit + (surge if classes.surge_as == "hit" else 0)


def rerolled_vectors(pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                     classes: Classes) -> dict[tuple[Vector, int], int]:
    """{(vector, aim tokens spent): weight} after every token: each rerolls up to its
    budget of dice showing a face of the rerolled class, red before black before white."""
    return _final_draw(_after_tokens(pool, budgets, classes), pool, conversion, classes)


@lru_cache(maxsize=64)
def _after_tokens(pool: Counts, budgets: Budgets, classes: Classes) -> dict[State, int]:
    """The states after every token, from those after all but the last (cached: a pool
    after another is rolled with every number of aim tokens the pools before left it)."""
    if not budgets:
        return {(red, black, white, 0): w for (red, black, white), w in _first_roll(pool).items()}
    sides = [_sides(c, classes) for c in ATTACK_COLOURS]
    reroll_sides = [b + (h if classes.hits else 0) for b, h in sides]
    per_token, counted = budgets[-1]
    out: dict[State, int] = {}
    for (red, black, white, spent), w in _after_tokens(pool, budgets[:-1], classes).items():
        chosen = dice_to_reroll((red, black, white), per_token)
        rolled = chosen[0] + chosen[1] + chosen[2]
        if not rolled:
            out[(red, black, white, spent)] = out.get((red, black, white, spent), 0) + w * SIDES**per_token
            continue
        # The faces being rerolled weigh now; unused places pad to a full token.
        w *= SIDES ** (per_token - rolled) * reroll_sides[0] ** chosen[0] * reroll_sides[1] ** chosen[1] * reroll_sides[2] ** chosen[2]
        for (a, b, c), ow in _outcomes(chosen):
            key = (red - chosen[0] + a, black - chosen[1] + b, white - chosen[2] + c, spent + counted)
            out[key] = out.get(key, 0) + w * ow
    return out


@lru_cache(maxsize=None)
def _first_roll(pool: Counts) -> dict[Counts, int]:
    """Ways for r dice of each colour to show a rerolled face (faces weigh later)."""
    return {k: w for k, w in _outcomes(pool)}


@lru_cache(maxsize=None)
def _outcomes(dice: Counts) -> tuple[tuple[Counts, int], ...]:
    """How many of `dice` show a rerolled face, per colour, and in how many ways."""
    return tuple(((a, b, c), comb(dice[0], a) * comb(dice[1], b) * comb(dice[2], c))
                 for a in range(dice[0] + 1) for b in range(dice[1] + 1) for c in range(dice[2] + 1))


@lru_cache(maxsize=None)
def _colour_draw(colour: str, kept: int, rerolled: int, classes: Classes, bits: int) -> int:
    """The final draw of one colour, packed: coefficient of y ** h is the weight of h
    hits among these dice. A kept die is crit-or-surge (weight 1 here, split later) or,
    when hits are kept, a hit; a rerolled-class die is blank-like or, when hits are
    rerolled, a hit."""
    blank, hit = _sides(colour, classes)
    kept_poly = _power(1, hit if not classes.hits else 0, kept, bits)
    rerolled_poly = _power(blank, hit if classes.hits else 0, rerolled, bits)
    return kept_poly * rerolled_poly


def _power(constant: int, linear: int, n: int, bits: int) -> int:
    """(constant + linear * y) ** n, packed with `bits` per coefficient."""
    return sum(comb(n, k) * constant ** (n - k) * linear**k << (bits * k) for k in range(n + 1))


def _final_draw(states: dict[State, int], pool: Counts, conversion: SurgeConversion,
                classes: Classes) -> dict[tuple[Vector, int], int]:
    bits = (sum(states.values()) * SIDES ** sum(pool)).bit_length() + 1  # above any coefficient
    # Group by (kept dice, aims spent): within a group only hits vary.
    groups: dict[tuple[int, int], int] = {}
    for (red, black, white, spent), w in states.items():
        draw = (_colour_draw("red", pool[0] - red, red, classes, bits) * _colour_draw("black", pool[1] - black, black, classes, bits)
                * _colour_draw("white", pool[2] - white, white, classes, bits))
        key = (sum(pool) - red - black - white, spent)
        groups[key] = groups.get(key, 0) + w * draw
    mask = (1 << bits) - 1
    split_surges = classes.surge_as == ""
    out: dict[tuple[Vector, int], int] = {}
    for (kept, spent), packed in groups.items():
        hits = 0
        while packed:
            w = packed & mask
            packed >>= bits
            if w:
                # Kept dice that are not hits show a crit or a surge, one side each.
                stars = kept - (0 if classes.hits else hits)
                for surges in range(stars + 1 if split_surges else 1):
                    v = _vector(stars - surges, hits, surges, conversion)
                    out[(v, spent)] = out.get((v, spent), 0) + w * comb(stars, surges)
            hits += 1
    return out


def _vector(crits: int, hits: int, surges: int, conversion: SurgeConversion) -> Vector:
    """Faces counted to a `surges.Vector` (the chart's surges become crits or hits)."""
    v = conversion.vector("surge")
    return (crits + v[0] * surges, hits + v[1] * surges, min(v[2] * surges, conversion.capacity))

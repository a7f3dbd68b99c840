"""Step 4b by counting for the `blanks-and-spare-surges` aim policy: blanks and the surges
beyond what the pool converts are rerolled, red before black before white. Whether a
surge is spare depends on how many surges are already kept, so unlike `reroll_counts`
the kept surges are part of the state (the cost grows with Critical X + surge tokens).

Dice of a colour are interchangeable, so a state only counts:
- per colour, the dice showing a blank or a spare surge: `rerollable`;
- the surges kept for conversion (up to what Critical X, the chart and surge tokens can
  convert): `kept`;
- dice that can no longer change anything (a blank or spare surge no remaining token
  will reach): `dead`;
- aim tokens spent (only when a later pool could use the rest).
Every other die shows a crit or a hit. Which of the two does not change any later
decision, so instead of one state per crit count a state carries a polynomial: the
weight of having c crits among those dice is its coefficient of x**c. The polynomial is
packed into one integer (one wide slot per coefficient), so mixing and multiplying
whole families of paths are single integer operations.

Weights are whole numbers: every path has weight sides ** (dice rolled), padded when a
token rerolls fewer dice than it may, so all paths share one denominator.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from rulesengine.legion.dice import ATTACK_COLOURS, attack_die
from rulesengine.legion.keywords.aim import dice_to_reroll
from rulesengine.legion.surges import SurgeConversion
from rulesengine.records import frozen

SIDES = 8

Key = tuple[int, int, int, int, int, int]
"""(rerollable red, black, white; surges kept; dead dice; aim tokens spent)."""
Outcome = tuple[int, int, int, int, int]
"""What a roll adds: (rerollable red, black, white, kept, dead)."""


@frozen
class Packing:
    """Polynomials in x (the crit count) with whole coefficients, one `bits`-wide slot each."""

    bits: int

    @classmethod
    def for_rolls(cls, rolls: int) -> Packing:
        return cls(3 * rolls + 4)  # every coefficient is below 8 ** rolls

    def pow_linear(self, crit: int, other: int, n: int) -> int:
        """(crit * x + other) ** n, packed."""
        return sum(comb(n, c) * crit**c * other ** (n - c) << (self.bits * c) for c in range(n + 1))

    def coefficients(self, packed: int) -> list[int]:
        mask = (1 << self.bits) - 1
        out = []
        while packed:
            out.append(packed & mask)
            packed >>= self.bits
        return out


@lru_cache(maxsize=None)
def roll_outcomes(dice: tuple[int, int, int], room: int, conversion: SurgeConversion, spare: bool, packing: Packing) -> tuple[tuple[Outcome, int], ...]:
    """Every (what rolling `dice` adds, packed weight) when `room` surges can still be kept.
    White dice are read first, so kept surges are the worst colour's and better dice are
    left to reroll."""
    acc: dict[Outcome, int] = {(0, 0, 0, 0, 0): 1}
    for i in (2, 1, 0):
        if not dice[i]:
            continue
        out: dict[Outcome, int] = {}
        for o, w in acc.items():
            for d, dw in _one_colour(i, dice[i], room - o[3], conversion, spare, packing):
                key = (o[0] + d[0], o[1] + d[1], o[2] + d[2], o[3] + d[3], o[4] + d[4])
                out[key] = out.get(key, 0) + w * dw
        acc = out
    return tuple(acc.items())


@lru_cache(maxsize=None)
def _one_colour(i: int, n: int, room: int, conversion: SurgeConversion, spare: bool, packing: Packing) -> tuple[tuple[Outcome, int], ...]:
    """`n` dice of colour `i`: blanks b, surges s, crits-or-hits n - b - s."""
    die = attack_die(ATTACK_COLOURS[i])
    crit, hit, blank = die.sides_showing("crit"), die.sides_showing("hit"), die.sides_showing("blank")
    surge = die.sides_showing("surge")
    out: dict[Outcome, int] = {}
    for b in range(n + 1):
        for s in range(n - b + 1):
            m = n - b - s
            ways = comb(n, b) * comb(n - b, s) * blank**b * surge**s
            rerollable, kept, dead, surge_crits = b, 0, 0, 0
            if conversion.chart == "crit":
                surge_crits = s
            else:
                # Surges fill the room left for conversion; with a hit chart the rest are
                # hits (x ** 0, like any hit), otherwise rerolled or dead.
                kept = min(s, room)
                extra = s - kept
                if conversion.chart == "none" and spare:
                    rerollable += extra
                elif conversion.chart == "none":
                    dead = extra
            poly = packing.pow_linear(crit, hit, m) << (packing.bits * surge_crits)
            d = [0, 0, 0, kept, dead]
            d[i] = rerollable
            key = (d[0], d[1], d[2], d[3], d[4])
            out[key] = out.get(key, 0) + ways * poly
    return tuple(out.items())


def _reach(key: Key, budget: int) -> Key:
    """Dice no remaining token can reach (red first) can no longer change: dead."""
    red, black, white, kept, dead, spent = key
    r = min(red, budget)
    b = min(black, budget - r)
    w = min(white, budget - r - b)
    return (r, b, w, kept, dead + red - r + black - b + white - w, spent)


def reroll_counts(pool: tuple[int, int, int], conversion: SurgeConversion, budgets: tuple[tuple[int, int], ...],
                  spare: bool) -> tuple[dict[Key, int], Packing]:
    """States after every token is spent (or kept when nothing needs a reroll); `budgets`
    as in `reroll_counts.Budgets`."""
    packing = Packing.for_rolls(sum(pool) + sum(n for n, _ in budgets))
    capacity = conversion.capacity
    acc: dict[Key, int] = {}
    for o, w in roll_outcomes(pool, capacity, conversion, spare, packing):
        key = _reach((o[0], o[1], o[2], o[3], o[4], 0), sum(n for n, _ in budgets))
        acc[key] = acc.get(key, 0) + w
    for token, (per_token, counted) in enumerate(budgets):
        budget = sum(n for n, _ in budgets[token + 1:])
        out: dict[Key, int] = {}
        for key, w in acc.items():
            red, black, white, kept, dead, spent = key
            chosen = dice_to_reroll((red, black, white), per_token)
            rolled = chosen[0] + chosen[1] + chosen[2]
            if not rolled:
                out[key] = out.get(key, 0) + w * SIDES**per_token
                continue
            w *= SIDES ** (per_token - rolled)
            spent += counted
            base = (red - chosen[0], black - chosen[1], white - chosen[2])
            for o, ow in roll_outcomes(chosen, capacity - kept, conversion, spare, packing):
                new = _reach((base[0] + o[0], base[1] + o[1], base[2] + o[2], kept + o[3], dead + o[4], spent), budget)
                out[new] = out.get(new, 0) + w * ow
        acc = out
    return acc, packing


def rerolled_results(pool: tuple[int, int, int], conversion: SurgeConversion, budgets: tuple[tuple[int, int], ...],
                     spare: bool) -> dict[tuple[int, int, int, int], int]:
    """{(crits, hits, aims spent, surge tokens spent): weight} after steps 4b and 4c."""
    states, packing = reroll_counts(pool, conversion, budgets, spare)
    size = sum(pool)
    out: dict[tuple[int, int, int, int], int] = {}
    for (red, black, white, kept, dead, spent), packed in states.items():
        settled = size - red - black - white - kept - dead
        for c, w in enumerate(packing.coefficients(packed)):
            if not w:
                continue
            hits = settled - c + (kept if conversion.chart == "hit" else 0)
            crits, hits, tokens = conversion.convert((c, hits, kept))
            key = (crits, hits, spent, tokens)
            out[key] = out.get(key, 0) + w
    return out

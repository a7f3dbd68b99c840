"""The `optimal` aim policy: at every aim (and observation) token, the rerolls that
maximise the value of what follows the roll, exactly.

The value of a roll after step 4c is what the rest of the attack makes of it, computed
by the caller (`resolve`): the defender's expected wounds, or the chance of at least k
wounds (`--target k`). Backwards from the last token, each state's best value is the
largest, over the allowed rerolls, of the average of the next states' best values; then
the attack is rolled forwards taking the best reroll in every state.

A state counts, per colour, the dice showing each face (dice of a colour are
interchangeable). Every reroll is considered: any number of the dice showing each face
in each colour, crits included, up to the token's dice, or none (the token is kept).
No face is assumed better than another: with guardians and Pierce, one more hit can
mean fewer wounds on the defender. Ties go to the reroll of fewer dice.

All values are whole numbers: the roll's values over a common denominator, each state's
scaled by sides ** (dice the remaining tokens may still roll).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.attack_dice import AttackResults, Counts
from rulesengine.legion.dice import ATTACK_COLOURS, attack_die
from rulesengine.legion.reroll_counts import Budgets
from rulesengine.legion.surges import SurgeConversion

SIDES = 8
CRIT, SURGE, HIT, BLANK = range(4)
Faces = tuple[int, int, int, int]
"""Dice showing crit, surge, hit, blank."""
State = tuple[Faces, ...]
"""One `Faces` per colour, red, black, white."""

OPTIMAL_MAX_COST = 30_000
"""The declared bound on `optimal_cost`: above it `optimal` is refused before computing."""


def _surge_as(conversion: SurgeConversion) -> int:
    """The face a surge always ends as, or SURGE when it stays a surge that matters."""
    if conversion.chart == "crit":
        return CRIT
    if conversion.chart == "hit" and conversion.critical == 0:
        return HIT
    if conversion.chart == "none" and conversion.capacity == 0:
        return BLANK
    return SURGE


@lru_cache(maxsize=None)
def _sides(colour: str, surge_as: int) -> Faces:
    die = attack_die(colour)
    sides = [die.sides_showing("crit"), 0, die.sides_showing("hit"), die.sides_showing("blank")]
    sides[surge_as] += die.sides_showing("surge")
    return (sides[0], sides[1], sides[2], sides[3])


@lru_cache(maxsize=None)
def _rolls(colour: str, dice: int, surge_as: int) -> tuple[tuple[Faces, int], ...]:
    """Every way `dice` dice of `colour` can land, as face counts with their weight."""
    sides = _sides(colour, surge_as)
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


def _colour_choices(faces: Faces, most: int) -> list[Faces]:
    """How many dice of one colour showing each face to reroll: any mix, up to `most`."""
    crits, surges, hits, blanks = (min(n, most) for n in faces)
    return [(c, s, h, b) for c in range(crits + 1) for s in range(surges + 1) for h in range(hits + 1)
            for b in range(blanks + 1) if c + s + h + b <= most]


@lru_cache(maxsize=None)
def _choices(state: State, most: int) -> tuple[tuple[int, tuple[Faces, ...]], ...]:
    """Every reroll one token allows, with its number of dice, fewest dice first."""
    per_colour = [_colour_choices(f, most) for f in state]
    out = []
    for c in itertools.product(*per_colour):
        rolled = sum(sum(x) for x in c)
        if rolled <= most:
            out.append((rolled, c))
    return tuple(sorted(out, key=lambda x: x[0]))


class Optimiser:
    """Best values for one pool: `value` gives each roll's value after step 4c."""

    def __init__(self, pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                 value: Callable[[AttackResults], Fraction]) -> None:
        self.pool, self.conversion, self.budgets = pool, conversion, budgets
        self.surge_as = _surge_as(conversion)
        self.value = value
        self.end_values: dict[AttackResults, Fraction] = {}
        self.scale = 1
        self.memo: list[dict[tuple[State, int], tuple[int, tuple[Faces, ...]]]] = [{} for _ in budgets]
        self.ends: dict[tuple[State, int], int] = {}

    def results(self, state: State, spent: int) -> AttackResults:
        crits = sum(f[CRIT] for f in state)
        surges = sum(f[SURGE] for f in state)
        hits = sum(f[HIT] for f in state)
        chart_hits = surges if self.conversion.chart == "hit" else 0
        vector = (crits, hits + chart_hits, min(surges, self.conversion.capacity))
        c, h, tokens = self.conversion.convert(vector)
        return AttackResults.of(c, h, spent, tokens)

    def prepare(self) -> None:
        """Every roll's value, over one common denominator."""
        counts = {0}
        for _, counted in self.budgets:
            counts |= {n + counted for n in counts}
        for state in self._all_states():
            for spent in counts:
                r = self.results(state, spent)
                if r not in self.end_values:
                    self.end_values[r] = self.value(r)
        self.scale = lcm(*(v.denominator for v in self.end_values.values()))

    def _all_states(self) -> list[State]:
        per_colour = [[f for f, _ in _rolls(c, n, self.surge_as)] for c, n in zip(ATTACK_COLOURS, self.pool)]
        return [tuple(s) for s in itertools.product(*per_colour)]

    def best(self, state: State, t: int, spent: int) -> int:
        """The best value from token t on, scaled by scale * sides ** remaining dice."""
        key = (state, spent)
        if t == len(self.budgets):
            end = self.ends.get(key)
            if end is None:
                v = self.end_values[self.results(state, spent)]
                end = self.ends[key] = v.numerator * (self.scale // v.denominator)
            return end
        known = self.memo[t].get(key)
        if known is not None:
            return known[0]
        most, counted = self.budgets[t]
        best_value = -1
        best_choice: tuple[Faces, ...] = ()
        for rolled, choice in _choices(state, most):
            if not rolled:
                total = self.best(state, t + 1, spent) * SIDES**most
            else:
                total = sum(w * self.best(nxt, t + 1, spent + counted) for nxt, w in self._after(state, choice))
                total *= SIDES ** (most - rolled)
            if total > best_value:
                best_value, best_choice = total, choice
        self.memo[t][key] = (best_value, best_choice)
        return best_value

    def _after(self, state: State, choice: tuple[Faces, ...]) -> list[tuple[State, int]]:
        """Next states after rerolling `choice`, with their weights."""
        per_colour = []
        for colour, f, (c, s, h, b) in zip(ATTACK_COLOURS, state, choice):
            if c + s + h + b:
                per_colour.append([((f[0] - c + d[0], f[1] - s + d[1], f[2] - h + d[2], f[3] - b + d[3]), w)
                                   for d, w in _rolls(colour, c + s + h + b, self.surge_as)])
            else:
                per_colour.append([(f, 1)])
        return [((a, b, c), wa * wb * wc) for (a, wa), (b, wb), (c, wc) in itertools.product(*per_colour)]

    def distribution(self) -> Distribution[AttackResults]:
        """Roll, then follow the best reroll at every token."""
        first = [_rolls(c, n, self.surge_as) for c, n in zip(ATTACK_COLOURS, self.pool)]
        acc: dict[tuple[State, int], int] = {}
        for combo in itertools.product(*first):
            w = 1
            for _, ways in combo:
                w *= ways
            acc[(tuple(f for f, _ in combo), 0)] = w
        for t, (most, counted) in enumerate(self.budgets):
            out: dict[tuple[State, int], int] = {}
            for (state, spent), w in acc.items():
                self.best(state, t, spent)
                choice = self.memo[t][(state, spent)][1]
                rolled = sum(sum(x) for x in choice)
                if not rolled:
                    out[(state, spent)] = out.get((state, spent), 0) + w * SIDES**most
                    continue
                for nxt, nw in self._after(state, choice):
                    key = (nxt, spent + counted)
                    out[key] = out.get(key, 0) + w * nw * SIDES ** (most - rolled)
            acc = out
        final: dict[AttackResults, int] = {}
        for (state, spent), w in acc.items():
            r = self.results(state, spent)
            final[r] = final.get(r, 0) + w
        return Distribution(final)


def roll_optimally(pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                   value: Callable[[AttackResults], Fraction]) -> Distribution[AttackResults]:
    """Step 4 under the optimal aim policy."""
    optimiser = Optimiser(pool, conversion, budgets, value)
    optimiser.prepare()
    return optimiser.distribution()


def optimal_cost(pool: Counts, conversion: SurgeConversion, budgets: Budgets) -> int:
    """The declared cost, from the inputs alone: for each token, the states the dice can
    show times the (reroll, result) pairs one state can meet, bounded by counting each
    colour's rerolls and results as any faces. `optimal` is refused above
    `OPTIMAL_MAX_COST`, whose measured worst is about 0.3 s in CPython."""
    faces = 4 if _surge_as(conversion) == SURGE else 3
    states = 1
    for n in pool:
        states *= comb(n + faces - 1, faces - 1)
    used = [n for n in pool if n]
    total = 0
    for most, _ in budgets:
        pairs = 0
        for split in itertools.product(*(range(min(n, most) + 1) for n in used)):
            if sum(split) <= most:
                ways = 1
                for k in split:
                    ways *= comb(k + faces - 1, faces - 1) ** 2
                pairs += ways
        total += states * pairs
    return total

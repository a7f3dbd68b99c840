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
_POWERS = tuple(SIDES**k for k in range(64))
CRIT, SURGE, HIT, BLANK = range(4)
Faces = tuple[int, int, int, int]
"""Dice showing crit, surge, hit, blank."""
State = tuple[Faces, ...]
"""One `Faces` per colour, red, black, white."""

OPTIMAL_MAX_COST = 1_100_000
"""The declared bound on `optimal_cost`: above it `optimal` is refused before computing. It
admits the issue's 12-dice pool (6 red, 4 black, 2 white, 2 aim tokens: cost 1,096,200,
about 0.3 s in CPython); `scripts/bench_legion.py --search --kind optimal` measures the
slowest input it admits."""


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


def _colour_choices(faces: Faces, most: int) -> list[tuple[int, Faces]]:
    """How many dice of one colour showing each face to reroll: any mix, up to `most`;
    each as (dice rerolled, the dice of that colour left), fewest dice first."""
    crits, surges, hits, blanks = (min(n, most) for n in faces)
    out = [(c + s + h + b, (faces[0] - c, faces[1] - s, faces[2] - h, faces[3] - b))
           for c in range(crits + 1) for s in range(surges + 1) for h in range(hits + 1)
           for b in range(blanks + 1) if c + s + h + b <= most]
    out.sort(key=lambda x: x[0])
    return out


Choice = tuple[int, State, Counts]
"""(dice rerolled, the dice left, dice rerolled per colour)."""


@lru_cache(maxsize=None)
def _choices(state: State, most: int) -> tuple[Choice, ...]:
    """Every reroll one token allows (any dice of any faces, up to `most`), fewest dice first."""
    red, black, white = (_colour_choices(f, most) for f in state)
    by_dice: list[list[Choice]] = [[] for _ in range(most + 1)]
    for kr, br in red:
        for kb, bb in black:
            if kr + kb > most:
                break
            for kw, bw in white:
                rolled = kr + kb + kw
                if rolled > most:
                    break
                by_dice[rolled].append((rolled, (br, bb, bw), (kr, kb, kw)))
    return tuple(c for group in by_dice for c in group)


_KEEP: Choice = (0, (), (0, 0, 0))
"""No reroll (the token is kept); `best` always finds it first among the choices."""


class Optimiser:
    """Best values for one pool: `value` gives each roll's value after step 4c.

    A reroll at token t removes some dice from the state (the base) and rolls as many of
    each colour again. What it is worth is the average of the best values from token t + 1
    over the base plus every way those dice land; many (state, reroll) pairs share a base,
    so that average is kept per (base, dice per colour, spent). After the last token only
    the totals of the faces matter, so there it is kept per totals."""

    def __init__(self, pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                 value: Callable[[AttackResults], Fraction]) -> None:
        self.pool, self.conversion, self.budgets = pool, conversion, budgets
        self.surge_as = _surge_as(conversion)
        self.value = value
        self.end_values: dict[AttackResults, Fraction] = {}
        self.scale = 1
        self.memo: list[dict[tuple[State, int], tuple[int, Choice]]] = [{} for _ in budgets]
        self.ends: dict[tuple[Faces, int], int] = {}
        self.averages: list[dict[tuple[State, Counts, int], int]] = [{} for _ in budgets]
        self.end_averages: dict[tuple[Faces, Counts, int], int] = {}
        self.last_averages: dict[tuple[State, Counts, int], int] = {}

    def results(self, state: State, spent: int) -> AttackResults:
        return self._results(_totals(state), spent)

    def _results(self, totals: Faces, spent: int) -> AttackResults:
        crits, surges, hits, _ = totals
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

    def _end(self, totals: Faces, spent: int) -> int:
        """A roll's value once every token is spent, scaled by `scale`."""
        key = (totals, spent)
        end = self.ends.get(key)
        if end is None:
            v = self.end_values[self._results(totals, spent)]
            end = self.ends[key] = v.numerator * (self.scale // v.denominator)
        return end

    def best(self, state: State, t: int, spent: int) -> int:
        """The best value from token t on, scaled by scale * sides ** remaining dice."""
        key = (state, spent)
        if t == len(self.budgets):
            return self._end(_totals(state), spent)
        known = self.memo[t].get(key)
        if known is not None:
            return known[0]
        most, counted = self.budgets[t]
        after = spent + counted
        last = t + 1 == len(self.budgets)
        known_averages = self.last_averages if last else self.averages[t + 1]
        best_value = -1
        best_choice = _KEEP
        for choice in _choices(state, most):
            rolled, base, dice = choice
            if not rolled:
                total = self.best(state, t + 1, spent) * SIDES**most
            else:
                # The inner loop of the whole policy: look the average up before calling.
                average = known_averages.get((base, dice, after))
                if average is None:
                    average = self._end_average(base, dice, after) if last else self._average(base, dice, t + 1, after)
                total = average * _POWERS[most - rolled]
            if total > best_value:
                best_value, best_choice = total, choice
        self.memo[t][key] = (best_value, best_choice)
        return best_value

    def _average(self, base: State, dice: Counts, t: int, spent: int) -> int:
        """Sum over every way `dice` (per colour) land, added to `base`, of the best value
        from token t on (not the last), weighted by ways (so scaled by sides ** the dice rolled)."""
        key = (base, dice, spent)
        average = self.averages[t].get(key)
        if average is None:
            average = sum(w * self.best(nxt, t, spent) for nxt, w in self._after(base, dice))
            self.averages[t][key] = average
        return average

    def _end_average(self, base: State, dice: Counts, spent: int) -> int:
        """`_average` after the last token, where only the face totals count (kept per totals)."""
        key = (base, dice, spent)
        known = self.last_averages.get(key)
        if known is None:
            totals = _totals(base)
            end_key = (totals, dice, spent)
            known = self.end_averages.get(end_key)
            if known is None:
                known = sum(w * self._end(_plus(totals, d), spent) for d, w in _landings(dice, self.surge_as))
                self.end_averages[end_key] = known
            self.last_averages[key] = known
        return known

    def _after(self, base: State, dice: Counts) -> list[tuple[State, int]]:
        """States after `dice` (per colour) are rolled and added to `base`, with their weights."""
        per_colour = []
        for colour, f, k in zip(ATTACK_COLOURS, base, dice):
            if k:
                per_colour.append([(_plus(f, d), w) for d, w in _rolls(colour, k, self.surge_as)])
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
                rolled, base, dice = self.memo[t][(state, spent)][1]
                if not rolled:
                    out[(state, spent)] = out.get((state, spent), 0) + w * SIDES**most
                    continue
                for nxt, nw in self._after(base, dice):
                    key = (nxt, spent + counted)
                    out[key] = out.get(key, 0) + w * nw * SIDES ** (most - rolled)
            acc = out
        final: dict[AttackResults, int] = {}
        for (state, spent), w in acc.items():
            r = self.results(state, spent)
            final[r] = final.get(r, 0) + w
        return Distribution(final)


def _plus(f: Faces, g: Faces) -> Faces:
    return (f[0] + g[0], f[1] + g[1], f[2] + g[2], f[3] + g[3])


def _totals(state: State) -> Faces:
    """Dice showing each face, all colours together."""
    total = (0, 0, 0, 0)
    for f in state:
        total = _plus(total, f)
    return total


@lru_cache(maxsize=None)
def _landings(dice: Counts, surge_as: int) -> tuple[tuple[Faces, int], ...]:
    """Every way `dice` (per colour) can land, as face totals over all colours, with their weight."""
    acc: dict[Faces, int] = {(0, 0, 0, 0): 1}
    for colour, k in zip(ATTACK_COLOURS, dice):
        if not k:
            continue
        out: dict[Faces, int] = {}
        for f, w in acc.items():
            for d, v in _rolls(colour, k, surge_as):
                key = _plus(f, d)
                out[key] = out.get(key, 0) + w * v
        acc = out
    return tuple(acc.items())


def roll_optimally(pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                   value: Callable[[AttackResults], Fraction]) -> Distribution[AttackResults]:
    """Step 4 under the optimal aim policy."""
    optimiser = Optimiser(pool, conversion, budgets, value)
    optimiser.prepare()
    return optimiser.distribution()


def optimal_cost(pool: Counts, conversion: SurgeConversion, budgets: Budgets) -> int:
    """The declared cost, from the inputs alone, in rough units of `best`'s inner loop: for
    each token, the states the dice can show (face counts per colour) times the counts of
    aim tokens spent it can meet, times (the rerolls one state allows, plus a share for
    averaging the states after them); and once per state, a share for each die (the
    rolls, their values and the forward pass). The shares were fitted to measured times
    (`scripts/bench_legion.py --search --kind optimal`). `optimal` is refused above
    `OPTIMAL_MAX_COST`."""
    faces = 4 if _surge_as(conversion) == SURGE else 3
    states = 1
    for n in pool:
        states *= comb(n + faces - 1, faces - 1)
    total, spent = STATE_SHARE_PER_DIE * states * sum(pool), 1
    for most, counted in budgets:
        total += states * spent * (_rerolls(pool, faces, most) + LEVEL_SHARE)
        spent += counted
    return total


STATE_SHARE_PER_DIE = 15
LEVEL_SHARE = 30


def _rerolls(pool: Counts, faces: int, most: int) -> int:
    """Ways to choose up to `most` dice by colour and face, at most as many of a colour as
    it has: the coefficients up to x ** most of the product, over the colours, of
    sum over j <= dice of (mixes of j faces) x ** j."""
    ways = [1] + [0] * most
    for n in pool:
        colour = [comb(j + faces - 1, faces - 1) if j <= n else 0 for j in range(most + 1)]
        ways = [sum(ways[k - j] * colour[j] for j in range(k + 1)) for k in range(most + 1)]
    return sum(ways)

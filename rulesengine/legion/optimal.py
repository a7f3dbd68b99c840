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


BITS = 5
"""Bits per face count in a packed state: a state is one integer, the count of dice of
colour i showing face f at bit BITS * (4 * i + f), so removing or adding dice is one
subtraction or addition, and the face totals of all colours three additions."""
FIELD = (1 << BITS) - 1
COLOUR_BITS = 4 * BITS
COLOUR_MASK = (1 << COLOUR_BITS) - 1
CODE_BITS = 3 * BITS
"""An average's key: the base state above CODE_BITS, the dice rerolled per colour below."""
CODE_MASK = (1 << CODE_BITS) - 1
SPENT_SHIFT = 3 * COLOUR_BITS
"""A memo's key: the aim tokens spent above the state."""
STATE_MASK = (1 << SPENT_SHIFT) - 1


def _pack(faces: Faces, colour: int) -> int:
    """Counts of one colour's faces, packed at that colour's place."""
    return sum(n << (COLOUR_BITS * colour + BITS * f) for f, n in enumerate(faces))


def _totals(state: int) -> int:
    """Dice showing each face, all colours together (packed as colour 0)."""
    return (state & COLOUR_MASK) + (state >> COLOUR_BITS & COLOUR_MASK) + (state >> 2 * COLOUR_BITS)


def _faces(packed: int, colour: int = 0) -> Faces:
    shift = COLOUR_BITS * colour
    return (packed >> shift & FIELD, packed >> (shift + BITS) & FIELD, packed >> (shift + 2 * BITS) & FIELD,
            packed >> (shift + 3 * BITS) & FIELD)


def _capped(state: int, most: int) -> int:
    """The state with each count capped at `most` (the rerolls one token allows depend on no more)."""
    out = 0
    for shift in range(0, SPENT_SHIFT, BITS):
        n = state >> shift & FIELD
        out |= (n if n < most else most) << shift
    return out


@lru_cache(maxsize=None)
def _packed_rolls(colour: int, dice: int, surge_as: int) -> tuple[tuple[int, int], ...]:
    return tuple((_pack(f, colour), w) for f, w in _rolls(ATTACK_COLOURS[colour], dice, surge_as))


@lru_cache(maxsize=None)
def _landings(code: int, surge_as: int) -> tuple[tuple[int, int], ...]:
    """Every way the dice of `code` (per colour) land, as packed states, with their weight."""
    acc = [(0, 1)]
    for colour in range(3):
        k = code >> (BITS * colour) & FIELD
        if k:
            acc = [(a + d, w * v) for a, w in acc for d, v in _packed_rolls(colour, k, surge_as)]
    return tuple(acc)


@lru_cache(maxsize=None)
def _landing_totals(code: int, surge_as: int) -> tuple[tuple[int, int], ...]:
    """`_landings` as face totals over all colours."""
    acc: dict[int, int] = {}
    for d, w in _landings(code, surge_as):
        t = _totals(d)
        acc[t] = acc.get(t, 0) + w
    return tuple(acc.items())


@lru_cache(maxsize=None)
def _colour_choices(capped: Faces, most: int, colour: int) -> tuple[tuple[int, int], ...]:
    """How many dice of one colour showing each face to reroll: any mix, up to `most`;
    each as (dice rerolled, the dice removed, packed), fewest dice first."""
    crits, surges, hits, blanks = capped
    out = [(c + s + h + b, _pack((c, s, h, b), colour))
           for c in range(crits + 1) for s in range(surges + 1) for h in range(hits + 1)
           for b in range(blanks + 1) if c + s + h + b <= most]
    out.sort(key=lambda x: x[0])
    return tuple(out)


@lru_cache(maxsize=None)
def _choices(capped: int, most: int) -> tuple[tuple[int, int], ...]:
    """Every reroll one token allows (any dice of any faces, up to `most`) from a state
    capped at `most`, fewest dice first, as (dice rerolled, delta): the key of its average
    is (state << CODE_BITS) - delta, that is the base (the dice left) and the dice rerolled
    per colour."""
    red, black, white = (_colour_choices(_faces(capped, i), most, i) for i in range(3))
    by_dice: list[list[tuple[int, int]]] = [[] for _ in range(most + 1)]
    for kr, rr in red:
        for kb, rb in black:
            if kr + kb > most:
                break
            for kw, rw in white:
                rolled = kr + kb + kw
                if rolled > most:
                    break
                code = kr | kb << BITS | kw << (2 * BITS)
                by_dice[rolled].append((rolled, ((rr + rb + rw) << CODE_BITS) - code))
    return tuple(c for group in by_dice for c in group)


Choice = tuple[int, int]
"""(dice rerolled, the key of its average: the base and the dice rerolled per colour)."""
_KEEP: Choice = (0, 0)
"""No reroll (the token is kept); `best` always finds it first among the choices."""


class Optimiser:
    """Best values for one pool: `value` gives each roll's value after step 4c.

    A reroll at token t removes some dice from the state (the base) and rolls as many of
    each colour again. What it is worth is the average of the best values from token t + 1
    over the base plus every way those dice land; many (state, reroll) pairs share a base,
    so that average is kept per (base, dice per colour, spent). After the last token only
    the totals of the faces matter, so there it is kept per totals. States are packed
    integers (`BITS`)."""

    def __init__(self, pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                 value: Callable[[AttackResults], Fraction]) -> None:
        if sum(pool) > FIELD:
            raise ValueError(f"optimal packs at most {FIELD} dice")
        self.pool, self.conversion, self.budgets = pool, conversion, budgets
        self.surge_as = _surge_as(conversion)
        self.value = value
        self.end_values: dict[AttackResults, Fraction] = {}
        self.scale = 1
        self.memo: list[dict[int, tuple[int, Choice]]] = [{} for _ in budgets]
        self.ends: dict[int, int] = {}
        self.averages: list[dict[int, dict[int, int]]] = [{} for _ in range(len(budgets) + 1)]
        """Per token, per aim tokens spent: the average of each reroll's key."""
        self.end_averages: dict[tuple[int, int], int] = {}

    def results(self, state: int, spent: int) -> AttackResults:
        return self._results(_faces(_totals(state)), spent)

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
        for state in self._first_rolls():
            for spent in counts:
                r = self.results(state, spent)
                if r not in self.end_values:
                    self.end_values[r] = self.value(r)
        self.scale = lcm(*(v.denominator for v in self.end_values.values()))

    def _first_rolls(self) -> dict[int, int]:
        """Every way the pool can land, packed, with its weight (red first)."""
        acc = {0: 1}
        for colour, n in enumerate(self.pool):
            acc = {a + d: w * v for a, w in acc.items() for d, v in _packed_rolls(colour, n, self.surge_as)}
        return acc

    def _end(self, totals: int, spent: int) -> int:
        """A roll's value once every token is spent, scaled by `scale`."""
        key = totals | spent << COLOUR_BITS
        end = self.ends.get(key)
        if end is None:
            v = self.end_values[self._results(_faces(totals), spent)]
            end = self.ends[key] = v.numerator * (self.scale // v.denominator)
        return end

    def best(self, state: int, t: int, spent: int) -> int:
        """The best value from token t on, scaled by scale * sides ** remaining dice."""
        if t == len(self.budgets):
            return self._end(_totals(state), spent)
        memo = self.memo[t]
        known = memo.get(state | spent << SPENT_SHIFT)
        if known is not None:
            return known[0]
        most, counted = self.budgets[t]
        after = spent + counted
        last = t + 1 == len(self.budgets)
        averages = self.averages[t + 1].setdefault(after, {})
        shifted = state << CODE_BITS
        best_value = -1
        best_choice = _KEEP
        for rolled, delta in _choices(_capped(state, most), most):
            if not rolled:
                total = self.best(state, t + 1, spent) * _POWERS[most]
            else:
                # The inner loop of the whole policy: look the average up before computing it.
                key = shifted - delta
                average = averages.get(key)
                if average is None:
                    average = averages[key] = self._end_average(key, after) if last else self._average(key, t + 1, after)
                total = average * _POWERS[most - rolled]
            if total > best_value:
                best_value, best_choice = total, (rolled, shifted - delta)
        memo[state | spent << SPENT_SHIFT] = (best_value, best_choice)
        return best_value

    def _average(self, key: int, t: int, spent: int) -> int:
        """Sum over every way the dice of `key` land, added to its base, of the best value
        from token t on (not the last), weighted by ways (so scaled by sides ** the dice rolled)."""
        base = key >> CODE_BITS
        memo, shifted = self.memo[t], spent << SPENT_SHIFT
        total = 0
        for d, w in _landings(key & CODE_MASK, self.surge_as):
            known = memo.get((base + d) | shifted)  # `best`'s own lookup, without the call
            total += w * (known[0] if known is not None else self.best(base + d, t, spent))
        return total

    def _end_average(self, key: int, spent: int) -> int:
        """`_average` after the last token, where only the face totals count (kept per totals)."""
        code = key & CODE_MASK
        totals = _totals(key >> CODE_BITS)
        end_key = (totals << CODE_BITS | code, spent)
        known = self.end_averages.get(end_key)
        if known is None:
            known = sum(w * self._end(totals + d, spent) for d, w in _landing_totals(code, self.surge_as))
            self.end_averages[end_key] = known
        return known

    def distribution(self) -> Distribution[AttackResults]:
        """Roll, then follow the best reroll at every token."""
        acc = self._first_rolls()
        for t, (most, counted) in enumerate(self.budgets):
            out: dict[int, int] = {}
            for key, w in acc.items():
                state, spent = key & STATE_MASK, key >> SPENT_SHIFT
                self.best(state, t, spent)
                rolled, choice = self.memo[t][key][1]
                if not rolled:
                    out[key] = out.get(key, 0) + w * SIDES**most
                    continue
                base, landed = choice >> CODE_BITS, (spent + counted) << SPENT_SHIFT
                factor = w * SIDES ** (most - rolled)
                for d, nw in _landings(choice & CODE_MASK, self.surge_as):
                    nxt = (base + d) | landed
                    out[nxt] = out.get(nxt, 0) + factor * nw
            acc = out
        final: dict[AttackResults, int] = {}
        for key, w in acc.items():
            r = self.results(key & STATE_MASK, key >> SPENT_SHIFT)
            final[r] = final.get(r, 0) + w
        return Distribution(final)


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

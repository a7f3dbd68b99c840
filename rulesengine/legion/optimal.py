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
from math import comb, lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.attack_dice import AttackResults, Counts
from rulesengine.legion import optimal_states as packed
from rulesengine.legion.reroll_counts import Budgets
from rulesengine.legion.surges import SurgeConversion

SIDES = 8
_POWERS = tuple(SIDES**k for k in range(64))

OPTIMAL_MAX_COST = 1_100_000
"""The declared bound on `optimal_cost`: above it `optimal` is refused before computing. It
admits the issue's 12-dice pool (6 red, 4 black, 2 white, 2 aim tokens: cost 1,096,200,
about 0.1 s in CPython since states are packed; it was fitted when that took 0.3 s, so it is
cautious); `scripts/bench_legion.py --search --kind optimal` measures the slowest input it
admits, against the keyword defenders too."""


def _surge_as(conversion: SurgeConversion) -> int:
    """The face a surge always ends as, or SURGE when it stays a surge that matters."""
    if conversion.chart == "crit":
        return packed.CRIT
    if conversion.chart == "hit" and conversion.critical == 0:
        return packed.HIT
    if conversion.chart == "none" and conversion.capacity == 0:
        return packed.BLANK
    return packed.SURGE


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
    integers (`optimal_states`)."""

    def __init__(self, pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                 value: Callable[[AttackResults], Fraction]) -> None:
        if sum(pool) > packed.FIELD:
            raise ValueError(f"optimal packs at most {packed.FIELD} dice")
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
        return self._results(packed.faces_of(packed.totals(state)), spent)

    def _results(self, totals: packed.Faces, spent: int) -> AttackResults:
        crits, surges, hits, _ = totals
        chart_hits = surges if self.conversion.chart == "hit" else 0
        vector = (crits, hits + chart_hits, min(surges, self.conversion.capacity))
        c, h, tokens = self.conversion.convert(vector)
        return AttackResults(c, h, spent, tokens)

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
            acc = {a + d: w * v for a, w in acc.items() for d, v in packed.packed_rolls(colour, n, self.surge_as)}
        return acc

    def _end(self, totals: int, spent: int) -> int:
        """A roll's value once every token is spent, scaled by `scale`."""
        key = totals | spent << packed.COLOUR_BITS
        end = self.ends.get(key)
        if end is None:
            v = self.end_values[self._results(packed.faces_of(totals), spent)]
            end = self.ends[key] = v.numerator * (self.scale // v.denominator)
        return end

    def best(self, state: int, t: int, spent: int) -> int:
        """The best value from token t on, scaled by scale * sides ** remaining dice."""
        if t == len(self.budgets):
            return self._end(packed.totals(state), spent)
        memo = self.memo[t]
        known = memo.get(state | spent << packed.SPENT_SHIFT)
        if known is not None:
            return known[0]
        most, counted = self.budgets[t]
        after = spent + counted
        last = t + 1 == len(self.budgets)
        averages = self.averages[t + 1].setdefault(after, {})
        shifted = state << packed.CODE_BITS
        best_value = -1
        best_choice = _KEEP
        for rolled, delta in packed.choices(packed.capped(state, most), most):
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
        memo[state | spent << packed.SPENT_SHIFT] = (best_value, best_choice)
        return best_value

    def _average(self, key: int, t: int, spent: int) -> int:
        """Sum over every way the dice of `key` land, added to its base, of the best value
        from token t on (not the last), weighted by ways (so scaled by sides ** the dice rolled)."""
        base = key >> packed.CODE_BITS
        memo, shifted = self.memo[t], spent << packed.SPENT_SHIFT
        total = 0
        for d, w in packed.landings(key & packed.CODE_MASK, self.surge_as):
            known = memo.get((base + d) | shifted)  # `best`'s own lookup, without the call
            total += w * (known[0] if known is not None else self.best(base + d, t, spent))
        return total

    def _end_average(self, key: int, spent: int) -> int:
        """`_average` after the last token, where only the face totals count (kept per totals)."""
        code = key & packed.CODE_MASK
        totals = packed.totals(key >> packed.CODE_BITS)
        end_key = (totals << packed.CODE_BITS | code, spent)
        known = self.end_averages.get(end_key)
        if known is None:
            known = sum(w * self._end(totals + d, spent) for d, w in packed.landing_totals(code, self.surge_as))
            self.end_averages[end_key] = known
        return known

    def distribution(self) -> Distribution[AttackResults]:
        """Roll, then follow the best reroll at every token."""
        acc = self._first_rolls()
        for t, (most, counted) in enumerate(self.budgets):
            out: dict[int, int] = {}
            for key, w in acc.items():
                state, spent = key & packed.STATE_MASK, key >> packed.SPENT_SHIFT
                self.best(state, t, spent)
                rolled, choice = self.memo[t][key][1]
                if not rolled:
                    out[key] = out.get(key, 0) + w * SIDES**most
                    continue
                base, landed = choice >> packed.CODE_BITS, (spent + counted) << packed.SPENT_SHIFT
                factor = w * SIDES ** (most - rolled)
                for d, nw in packed.landings(choice & packed.CODE_MASK, self.surge_as):
                    nxt = (base + d) | landed
                    out[nxt] = out.get(nxt, 0) + factor * nw
            acc = out
        final: dict[AttackResults, int] = {}
        for key, w in acc.items():
            r = self.results(key & packed.STATE_MASK, key >> packed.SPENT_SHIFT)
            final[r] = final.get(r, 0) + w
        return Distribution(final)


def roll_optimally(pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                   value: Callable[[AttackResults], Fraction]) -> Distribution[AttackResults]:
    """Step 4 under the optimal aim policy."""
    optimiser = Optimiser(pool, conversion, budgets, value)
    optimiser.prepare()
    return optimiser.distribution()


def optimal_cost(pool: Counts, conversion: SurgeConversion, budgets: Budgets, kept: int = 1) -> int:
    """The declared cost, from the inputs alone, in rough units of `best`'s inner loop: for
    each token, the states the dice can show (face counts per colour) times the counts of
    aim tokens spent it can meet, times (the rerolls one state allows, plus a share for
    averaging the states after them); and once per state and count of aim tokens left that
    the steps after the roll read (`kept`: Lethal X, Marksman or a later pool read them), a
    share for each die (the rolls, their values through steps 5 to 10 and the forward pass).
    The shares were fitted to measured times (`scripts/bench_legion.py --search --kind
    optimal`). `optimal` is refused above `OPTIMAL_MAX_COST`."""
    faces = 4 if _surge_as(conversion) == packed.SURGE else 3
    states = 1
    for n in pool:
        states *= comb(n + faces - 1, faces - 1)
    total, spent = (STATE_SHARE_PER_DIE + KEPT_SHARE_PER_DIE * (kept - 1)) * states * sum(pool), 1
    for most, counted in budgets:
        total += states * spent * (_rerolls(pool, faces, most) + LEVEL_SHARE)
        spent += counted
    return total


STATE_SHARE_PER_DIE = 15
KEPT_SHARE_PER_DIE = 20
"""The share per state and die for each more count of aim tokens left that Lethal X or
Marksman read: the valuation and the forward pass repeat for it, against the heaviest
defenders (keyword defenders, two guardians, Impervious) at about 0.25 s for 30 dice."""
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

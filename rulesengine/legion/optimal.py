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
mean fewer wounds on the defender. Only where the values of every roll show that a face
is never worth more than another (`Optimiser.order`) is a reroll of the better face, while
a worse one of its colour stays, left out: it can never do better. Ties go to the reroll
of fewer dice.

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

OPTIMAL_MAX_COST = 1_200_000
"""The declared bound on `optimal_cost`: above it `optimal` is refused before computing.
Fitted to measured times (`scripts/bench/legion_search.py --costs`, and random inputs with
`optimal` and at least one token, each computed with the bound lifted). With the dice of
a reroll rolled one at a time the input declared at 1,294,920 takes 0.25 s, but a search
run with the bound at 1,500,000 admitted inputs over 0.3 s: nine observation tokens on 14
dice, declared at 1,410,750, take 0.34-0.37 s (observation tokens are dearer per unit than
the cost counts them). It admits 4 red, 4 black and 4 white dice with two aim tokens against
a guarded defender (1,181,250, about 0.16 s)."""


def _surge_as(conversion: SurgeConversion) -> int:
    """The face a surge always ends as, or SURGE when it stays a surge that matters."""
    if conversion.chart == "crit":
        return packed.CRIT
    if conversion.chart == "hit" and conversion.critical == 0:
        return packed.HIT
    if conversion.chart == "none" and conversion.capacity == 0:
        return packed.BLANK
    return packed.SURGE


Choice = tuple[int, int, int] | None
"""(dice rerolled, the base state left, the dice rerolled per colour); None keeps the token."""


class Optimiser:
    """Best values for one pool: `value` gives each roll's value after step 4c.

    A state at token t holds the face totals over all colours exactly (what the value reads)
    and, per colour and face, the count of dice capped at the dice the tokens from t on may
    still reroll (`reach`): no later choice can tell more dice apart, and capping again after
    a reroll gives what capping the true counts would (`optimal_states.capped`). A reroll
    removes some dice (the base) and rolls as many of each colour again; what it is worth
    is the average of the best values from token t + 1 over every way they land, kept per
    (base, dice per colour, tokens spent). Tokens of one kind (aim tokens alike, then
    observation tokens) are interchangeable, so a token kept ends its kind's turn: keeping
    one and rerolling with the next is rerolling first and keeping the next. After the last
    token a state is its totals alone. States are packed integers (`optimal_states`)."""

    def __init__(self, pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                 value: Callable[[AttackResults], Fraction]) -> None:
        if sum(pool) > packed.MOST:
            raise ValueError(f"optimal packs at most {packed.MOST} dice")
        self.pool, self.conversion, self.budgets = pool, conversion, budgets
        self.surge_as = _surge_as(conversion)
        self.value = value
        self.end_values: dict[AttackResults, Fraction] = {}
        self.scale = 1
        tokens = len(budgets)
        self.reach = tuple(sum(most for most, _ in budgets[t:]) for t in range(tokens + 1))
        """The dice the tokens from t on may reroll between them."""
        self.kind_end = tuple(next((u for u in range(t, tokens) if budgets[u] != budgets[t]), tokens) for t in range(tokens))
        """The first token after t of another kind (or the end): where keeping token t leads."""
        faces = 4 if self.surge_as == packed.SURGE else 3
        full = _states(pool, faces, packed.MOST)
        self.caps: list[dict[int, int] | None] = [
            {} if t == tokens or _states(pool, faces, self.reach[t]) < full else None for t in range(tokens + 1)]
        """Per token, the capped form of each state met; None where capping would not halve the
        states (it costs a look-up per state met): counts are then exact there, which is as
        good a key (the caps at later tokens follow from them)."""
        self.memo: list[dict[int, tuple[int, Choice]]] = [{} for _ in budgets]
        self.averages: list[dict[int, dict[int, int]]] = [{} for _ in range(tokens + 1)]
        """Per token, per aim tokens spent: the average of each reroll's key."""
        self.ends: dict[int, int] = {}
        self.order: packed.Order = packed.NO_ORDER
        self.units = tuple(packed.landings(1 << packed.BITS * colour, self.surge_as) for colour in range(3))
        """Per colour, how one die lands (with the totals) and its sides for each face."""

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
        every = {state >> packed.TOTALS_SHIFT for state in self._first_rolls()}
        for totals in every:
            faces = packed.faces_of(totals)
            for spent in counts:
                r = self._results(faces, spent)
                if r not in self.end_values:
                    self.end_values[r] = self.value(r)
        self.scale = lcm(*(v.denominator for v in self.end_values.values()))
        self.order = self._order(every, counts)

    def _order(self, every: set[int], counts: set[int]) -> packed.Order:
        """Which faces are never worth more than which, read from the values themselves: f
        before g when turning one f into a g never lowers the value of any roll, whatever the
        rest of it and the tokens spent. Then every value before the last token has the same
        order (a reroll from the better roll can match any from the worse one), so a reroll
        of a g while an f of its colour stays is never better than the reroll of that f: those
        are not weighed. With guardians and Pierce one more hit can mean fewer wounds: no
        order is assumed, only what every value shows. Of two faces always worth the same,
        the higher-numbered one (blank, then hit, surge, crit) is rerolled first."""
        faces = [packed.CRIT, packed.HIT, packed.BLANK] + ([packed.SURGE] if self.surge_as == packed.SURGE else [])
        below: set[tuple[int, int]] = set()
        for f, g in _CANDIDATES:
            if f in faces and g in faces and (f, g) not in below and self._never_worse(f, g, every, counts):
                below.add((f, g))
                while True:  # what follows: a below b below c puts a below c
                    more = {(a, c) for a, b in below for b2, c in below if b == b2 and a != c} - below
                    if not more:
                        break
                    below |= more
        return frozenset((f, g) for f, g in below if (g, f) not in below or f > g)

    def _never_worse(self, f: int, g: int, every: set[int], counts: set[int]) -> bool:
        up = (1 << packed.BITS * g) - (1 << packed.BITS * f)
        for spent in counts:
            for totals in every:
                if totals >> packed.BITS * f & packed.FIELD and self._end(totals + up, spent) < self._end(totals, spent):
                    return False
        return True

    def _first_rolls(self) -> dict[int, int]:
        """Every way the pool can land, packed and capped for the first token, with its weight."""
        acc = {0: 1}
        reach = packed.MOST if self.caps[0] is None else self.reach[0]
        for colour, n in enumerate(self.pool):
            if n:
                rolls = packed.capped_rolls(colour, n, self.surge_as, reach)
                acc = _convolve(acc, rolls)
        return acc

    def _cap(self, state: int, t: int) -> int:
        """The state capped for token t (every count at most `reach[t]`)."""
        caps = self.caps[t]
        if caps is None:
            return state
        if t == len(self.budgets):  # after the last token: the totals alone
            return state & ~packed.COLOURS_MASK
        known = caps.get(state)
        if known is None:
            known = caps[state] = packed.capped(state, self.reach[t])
        return known

    def _end(self, totals: int, spent: int) -> int:
        """A roll's value once every token is spent, scaled by `scale`."""
        key = totals | spent << packed.COLOUR_BITS
        end = self.ends.get(key)
        if end is None:
            v = self.end_values[self._results(packed.faces_of(totals), spent)]
            end = self.ends[key] = v.numerator * (self.scale // v.denominator)
        return end

    def best(self, state: int, t: int, spent: int) -> int:
        """The best value from token t on, scaled by scale * sides ** reach[t]."""
        if t == len(self.budgets):
            return self._end(state >> packed.TOTALS_SHIFT, spent)
        memo = self.memo[t]
        known = memo.get(state | spent << packed.SPENT_SHIFT)
        if known is not None:
            return known[0]
        most, counted = self.budgets[t]
        after, nxt, kept = spent + counted, t + 1, self.kind_end[t]
        reach = self.reach
        best_value: int = self.best(self._cap(state, kept), kept, spent) * _POWERS[reach[t] - reach[kept]]
        best_choice: Choice = None
        averages = self.averages[nxt].setdefault(after, {})
        order, fewest = self.order, 0
        reds = packed.colour_rerolls(state & packed.COLOUR_MASK, 0, most, order)
        blacks = packed.colour_rerolls(state >> packed.COLOUR_BITS & packed.COLOUR_MASK, 1, most, order)
        whites = packed.colour_rerolls(state >> 2 * packed.COLOUR_BITS & packed.COLOUR_MASK, 2, most, order)
        for kr, rr, cr in reds:
            for kb, rb, cb in blacks:
                if kr + kb > most:
                    break
                for kw, rw, cw in whites:
                    rolled = kr + kb + kw
                    if rolled > most:
                        break
                    if not rolled:
                        continue
                    # The inner loop of the whole policy: look the average up before computing it.
                    base = self._cap(state - rr - rb - rw, nxt)
                    key = base << packed.CODE_BITS | cr | cb | cw
                    average = averages.get(key)
                    if average is None:
                        average = averages[key] = self._average(base, cr | cb | cw, nxt, after)
                    total = average * _POWERS[most - rolled]
                    # Ties go to the reroll of fewer dice (the token kept first of all).
                    if total > best_value or (total == best_value and best_choice is not None and rolled < fewest):
                        best_value, best_choice, fewest = total, (rolled, base, cr | cb | cw), rolled
        memo[state | spent << packed.SPENT_SHIFT] = (best_value, best_choice)
        return best_value

    def _average(self, base: int, code: int, t: int, spent: int) -> int:
        """Sum over every way the dice of `code` land, added to `base`, of the best value from
        token t on, weighted by ways (so scaled by sides ** the dice rolled). The dice are
        rolled one at a time: the first die of the first colour in `code` lands on each face,
        and the rest is the average from there, looked up, so rerolls that share a partial
        landing share its work (a sum over faces per die, not over every landing)."""
        colour = ((code & -code).bit_length() - 1) // packed.BITS
        rest = code - (1 << packed.BITS * colour)
        total = 0
        if rest:
            averages = self.averages[t][spent]
            for d, w in self.units[colour]:
                b = self._cap(base + d, t)
                key = b << packed.CODE_BITS | rest
                sub = averages.get(key)
                if sub is None:
                    sub = averages[key] = self._average(b, rest, t, spent)
                total += w * sub
        elif t == len(self.budgets):  # the last die, after the last token
            totals = base >> packed.TOTALS_SHIFT
            for d, w in self.units[colour]:
                total += w * self._end(totals + (d >> packed.TOTALS_SHIFT), spent)
        else:  # the last die
            memo, shifted = self.memo[t], spent << packed.SPENT_SHIFT
            for d, w in self.units[colour]:
                state = self._cap(base + d, t)
                known = memo.get(state | shifted)  # `best`'s own lookup, without the call
                total += w * (known[0] if known is not None else self.best(state, t, spent))
        return total

    def distribution(self) -> Distribution[AttackResults]:
        """Roll, then follow the best reroll at every token (a token kept skips the rest of its kind)."""
        acc = self._first_rolls()
        waiting: dict[int, dict[int, int]] = {}
        tokens = len(self.budgets)
        for t, (most, counted) in enumerate(self.budgets):
            for key, w in waiting.pop(t, {}).items():
                acc[key] = acc.get(key, 0) + w
            out: dict[int, int] = {}
            kept = self.kind_end[t]
            later = out if kept == t + 1 else waiting.setdefault(kept, {})
            layers: list[dict[int, int]] = [{} for _ in range(most + 1)]
            """The rerolls chosen, by dice still to land: (aim tokens spent, base, code) and weight."""
            for key, w in acc.items():
                state, spent = key & packed.STATE_MASK, key >> packed.SPENT_SHIFT
                self.best(state, t, spent)
                choice = self.memo[t][key][1]
                if choice is None:
                    k = self._cap(state, kept) | spent << packed.SPENT_SHIFT
                    later[k] = later.get(k, 0) + w * _POWERS[self.reach[t] - self.reach[kept]]
                    continue
                rolled, base, code = choice
                layer = layers[rolled]
                k = ((spent + counted) << packed.SPENT_SHIFT | base) << packed.CODE_BITS | code
                layer[k] = layer.get(k, 0) + w * _POWERS[most - rolled]
            self._land(layers, out, t + 1)
            acc = out
        for key, w in waiting.pop(tokens, {}).items():
            acc[key] = acc.get(key, 0) + w
        final: dict[AttackResults, int] = {}
        for key, w in acc.items():
            totals = packed.faces_of((key & packed.STATE_MASK) >> packed.TOTALS_SHIFT)
            r = self._results(totals, key >> packed.SPENT_SHIFT)
            final[r] = final.get(r, 0) + w
        return Distribution(final)

    def _land(self, layers: list[dict[int, int]], out: dict[int, int], t: int) -> None:
        """Roll the dice of every reroll chosen into `out` (the states at token t with their
        weights), one die at a time: rerolls that share a partial landing roll the rest once."""
        for rolling in range(len(layers) - 1, 0, -1):
            below = layers[rolling - 1]
            for key, w in layers[rolling].items():
                code, rest = key & packed.CODE_MASK, key >> packed.CODE_BITS
                base, spent = rest & packed.STATE_MASK, rest & ~packed.STATE_MASK
                colour = ((code & -code).bit_length() - 1) // packed.BITS
                code -= 1 << packed.BITS * colour
                for d, nw in self.units[colour]:
                    landed = self._cap(base + d, t) | spent
                    if code:
                        k = landed << packed.CODE_BITS | code
                        below[k] = below.get(k, 0) + w * nw
                    else:
                        out[landed] = out.get(landed, 0) + w * nw


_CANDIDATES = ((packed.BLANK, packed.HIT), (packed.HIT, packed.CRIT), (packed.BLANK, packed.SURGE), (packed.SURGE, packed.CRIT),
               (packed.SURGE, packed.HIT), (packed.HIT, packed.SURGE), (packed.BLANK, packed.CRIT))
"""Face pairs (worse, better) `Optimiser.order` tries, in this order; the others follow from them."""


def _convolve(acc: dict[int, int], rolls: tuple[tuple[int, int], ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for a, w in acc.items():
        for d, v in rolls:
            k = a + d
            out[k] = out.get(k, 0) + w * v
    return out


def roll_optimally(pool: Counts, conversion: SurgeConversion, budgets: Budgets,
                   value: Callable[[AttackResults], Fraction]) -> Distribution[AttackResults]:
    """Step 4 under the optimal aim policy."""
    optimiser = Optimiser(pool, conversion, budgets, value)
    optimiser.prepare()
    return optimiser.distribution()


def optimal_cost(pool: Counts, conversion: SurgeConversion, budgets: Budgets, kept: int = 1) -> int:
    """The declared cost, from the inputs alone, in rough units of `best`'s inner loop: for
    each token, the states it can meet (`_states`: counts capped at the dice the tokens from
    it on may reroll) times the counts of aim tokens spent they can carry (one within the
    aim tokens, since a kept token ends their turn; each count the aim tokens may leave
    for the observation tokens), times (the rerolls one state allows, every one counted
    though the order of the faces may leave fewer, plus a share for averaging the states
    after them); and once per first state and count of aim tokens left that the steps after
    the roll read (`kept`: Lethal X, Marksman or a later pool read them), a share for each
    die (the rolls, their values through steps 5 to 10 and the forward pass). The shares and
    the bound were fitted to measured times (`scripts/bench/legion_search.py --costs`).
    `optimal` is refused above `OPTIMAL_MAX_COST`."""
    faces = 4 if _surge_as(conversion) == packed.SURGE else 3
    reach = sum(most for most, _ in budgets)
    aims = sum(counted for _, counted in budgets)
    total = (STATE_SHARE_PER_DIE + KEPT_SHARE_PER_DIE * (kept - 1)) * _states(pool, faces, reach) * sum(pool)
    for most, counted in budgets:
        levels = 1 if counted else aims + 1
        total += _states(pool, faces, reach) * levels * (_rerolls(pool, faces, most) + LEVEL_SHARE)
        reach -= most
    return total


def _states(pool: Counts, faces: int, reach: int) -> int:
    """At most how many states a token meets when the tokens from it on may reroll `reach`
    dice: the face counts per colour, or, where that is at most half as many, the totals
    over all colours times the counts per colour capped at `reach`."""
    every = comb(sum(pool) + faces - 1, faces - 1)
    full = capped = 1
    for n in pool:
        full *= comb(n + faces - 1, faces - 1)
        capped *= _capped_counts(n, faces, reach)
    # `Optimiser` caps only where this halves the states.
    return every * capped if every * capped * 2 <= full else full


@lru_cache(maxsize=None)
def _capped_counts(dice: int, faces: int, reach: int) -> int:
    """How many face counts `dice` dice can show once each count is capped at `reach`."""
    return len({tuple(min(n, reach) for n in counts) for counts in _counts(dice, faces)})


def _counts(dice: int, faces: int) -> list[tuple[int, ...]]:
    if faces == 1:
        return [(dice,)]
    return [(n, *rest) for n in range(dice + 1) for rest in _counts(dice - n, faces - 1)]


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

"""The exact distribution of a Dice Roller formula (notation.py's tree).

Outcomes are `Fraction`s (so `/` divides exactly, as the plugin divides before it rounds
what it shows), weights are whole numbers: the chance of an outcome is its weight over the
sum of the weights. Integer weights keep every step exact and fast (a `Fraction` per pair
of outcomes would cost a gcd each).

How each part is computed:
- a sum of dice by repeated convolution of one die's weights;
- keep/drop by the order statistics, face by face from the highest (keep highest) or the
  lowest (keep lowest): how many dice show each face, and how many of those are kept;
- re-roll `r{n}`: a die that meets the condition is rolled again, at most `n` times, the
  last roll stands; explode `!{n}`/`!!{n}`: a die that meets the condition adds another
  roll, at most `n` more rolls per die (`i` is the plugin's cap, 100). For a total `!` and
  `!!` are the same; with keep/drop or success counting `!` (whose extra rolls are dice of
  their own) is not computed.

The work is bounded: at most MAX_OUTCOMES outcomes in any distribution and MAX_STEPS
weight products per formula; beyond either the formula raises `TooLarge`, which the page
shows as a note beside the formula as written. Nothing here can hang a build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, gcd

from .notation import Binary, Condition, Dice, Expr, Modifier, Negate, Number, Unsupported, parse_formula

MAX_OUTCOMES = 2000
MAX_STEPS = 1_000_000

# Whole outcomes are kept as int (equal to and hashed like the same Fraction, and ten times
# faster to add); only division makes a Fraction.
Value = Fraction | int
Weights = dict[Value, int]


class TooLarge(Unsupported):
    """The formula's distribution is more than the build computes."""


@dataclass(frozen=True)
class Exact:
    """A formula's distribution: (outcome, weight) by outcome, weights without a common factor."""

    weights: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "weights", tuple((Fraction(value), weight) for value, weight in self.weights))

    @property
    def total(self) -> int:
        return sum(weight for _, weight in self.weights)

    @property
    def minimum(self) -> Fraction:
        return self.weights[0][0]

    @property
    def maximum(self) -> Fraction:
        return self.weights[-1][0]

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(value * weight for value, weight in self.weights), self.total)

    def chance(self, outcome: Fraction | int) -> Fraction:
        return Fraction(dict(self.weights).get(Fraction(outcome), 0), self.total)


class _Budget:
    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise TooLarge("too much to compute exactly at build time")


def distribution(formula: str) -> Exact:
    """The exact distribution of a formula as written after `dice:`; raises Unsupported
    (or TooLarge) with a short reason."""
    found = _distribution(formula)
    if isinstance(found, Unsupported):
        raise type(found)(str(found))  # a new one each time: a kept exception's traceback grows
    return found


@lru_cache(maxsize=4096)
def _distribution(formula: str) -> Exact | Unsupported:
    """Cached, refusals too: vaults repeat their formulas, and a refused one may have
    spent the whole budget."""
    try:
        return _reduced(_evaluate(parse_formula(formula), _Budget(MAX_STEPS)))
    except RecursionError:
        return Unsupported("parentheses nested too deeply")
    except Unsupported as reason:
        return reason


def forget() -> None:
    """Empty the cache (benchmarks measure a cold start)."""
    _distribution.cache_clear()


def evaluate(expr: Expr, steps: int = MAX_STEPS) -> Exact:
    return _reduced(_evaluate(expr, _Budget(steps)))


def _reduced(weights: Mapping[Value, int]) -> Exact:
    common = 0
    for weight in weights.values():
        common = gcd(common, weight)
    return Exact(tuple((Fraction(value), weight // common) for value, weight in sorted(weights.items()) if weight))


def _evaluate(expr: Expr, budget: _Budget) -> Weights:
    if isinstance(expr, Number):
        return {_whole(expr.value): 1}
    if isinstance(expr, Negate):
        return {-value: weight for value, weight in _evaluate(expr.operand, budget).items()}
    if isinstance(expr, Binary):
        left, right = _evaluate(expr.left, budget), _evaluate(expr.right, budget)
        return _combine(left, right, _operator(expr.operator, right), budget)
    return _dice(expr, budget)


def _whole(value: Value) -> Value:
    return value.numerator if isinstance(value, Fraction) and value.denominator == 1 else value


def _divide(a: Value, b: Value) -> Value:
    return _whole(Fraction(a, 1) / b)


def _operator(operator: str, right: Weights) -> Callable[[Value, Value], Value]:
    if operator == "/" and 0 in right:
        raise Unsupported("it can divide by zero")
    if operator == "^":
        if any(value.denominator != 1 or not 0 <= Fraction(value) <= 64 for value in right):
            raise Unsupported("a power other than a whole number from 0 to 64")
        return _power
    return {
        "+": lambda a, b: a + b, "-": lambda a, b: a - b,
        "*": lambda a, b: a * b, "/": _divide,
    }[operator]


def _power(base: Value, exponent: Value) -> Value:
    size = max(abs(base.numerator), base.denominator).bit_length()
    if abs(Fraction(base)) > 1 and int(exponent) * size > 256:
        raise TooLarge("a power too large to compute exactly here")
    return _whole(Fraction(base) ** int(exponent))


def _combine(left: Weights, right: Weights, operator: Callable[[Value, Value], Value],
             budget: _Budget) -> Weights:
    budget.spend(len(left) * len(right))
    out: Weights = {}
    for a, wa in left.items():
        for b, wb in right.items():
            key = operator(a, b)
            out[key] = out.get(key, 0) + wa * wb
    _check(out)
    return out


def _check(weights: Weights) -> None:
    if len(weights) > MAX_OUTCOMES:
        raise TooLarge(f"more than {MAX_OUTCOMES:,} outcomes")


def _dice(dice: Dice, budget: _Budget) -> Weights:
    die: Weights = {}
    for face in map(_whole, dice.faces):
        die[face] = die.get(face, 0) + 1
    keeps = [modifier for modifier in dice.modifiers if modifier.kind in ("kh", "kl", "dh", "dl")]
    if len(keeps) > 1:
        raise Unsupported("more than one keep or drop on one die")
    exploded = any(modifier.kind == "!" for modifier in dice.modifiers)
    if exploded and (keeps or dice.conditions):
        raise Unsupported("exploding dice (!) with keep, drop or success counting; !! is computed")
    faces, fresh = (min(dice.faces), max(dice.faces)), dict(die)
    for modifier in dice.modifiers:
        if modifier.kind == "r":
            die = _reroll(die, fresh, modifier, faces[0], budget)
        elif modifier.kind in ("!", "!!"):
            die = _explode(die, fresh, modifier, faces[1], budget)
    mapped = _success(dice.conditions)
    if keeps:
        kind, number = keeps[0].kind, keeps[0].count
        highest = kind in ("kh", "dl")
        kept = number if kind in ("kh", "kl") else dice.count - number
        return _keep(die, dice.count, max(0, min(kept, dice.count)), highest, mapped, budget)
    single: Weights = {}
    for value, weight in die.items():
        key = mapped(value)
        single[key] = single.get(key, 0) + weight
    total: Weights = {0: 1}
    for _ in range(dice.count):
        total = _combine(total, single, lambda a, b: a + b, budget)
    return total


def _success(conditions: tuple[Condition, ...]) -> Callable[[Value], Value]:
    if not conditions:
        return lambda value: value
    negative = [condition for condition in conditions if condition.operator == "-="]
    positive = [condition for condition in conditions if condition.operator != "-="]

    def counted(value: Value) -> Value:
        if any(condition.holds(value) for condition in negative):
            return -1
        return 1 if any(condition.holds(value) for condition in positive) else 0

    return counted


def _meets(modifier: Modifier, default: Value) -> Callable[[Value], bool]:
    conditions = modifier.conditions or (Condition("=", Fraction(default)),)
    return lambda value: any(condition.holds(value) for condition in conditions)


def _reroll(first: Weights, fresh: Weights, modifier: Modifier, lowest: Value, budget: _Budget) -> Weights:
    """A die rolled again while it meets the condition, at most `count` times; the last
    roll stands. `first` is the die so far, `fresh` a new plain roll."""
    return _chain(first, fresh, modifier, _meets(modifier, lowest), budget, lambda value, later: later)


def _explode(first: Weights, fresh: Weights, modifier: Modifier, highest: Value, budget: _Budget) -> Weights:
    """A die's total when each roll that meets the condition adds a new plain roll, at
    most `count` more. `first` is the die so far, `fresh` a new plain roll."""
    return _chain(first, fresh, modifier, _meets(modifier, highest), budget, lambda value, later: value + later)


def _chain(first: Weights, fresh: Weights, modifier: Modifier, meets: Callable[[Value], bool], budget: _Budget,
           then: Callable[[Value, Value], Value]) -> Weights:
    """Up to `count` more rolls, built from the last one back: a roll that meets the
    condition becomes `then(it, the next roll)` (the next roll for a re-roll, their sum for
    an explosion); one that does not stands."""
    chain = dict(fresh)  # a new roll with nothing more to come
    for step in range(modifier.count):
        base = first if step == modifier.count - 1 else fresh
        budget.spend(len(base) * len(chain))
        chain_total = sum(chain.values())
        out: Weights = {}
        for value, weight in base.items():
            if meets(value):
                for later, chance in chain.items():
                    key = then(value, later)
                    out[key] = out.get(key, 0) + weight * chance
            else:
                out[value] = out.get(value, 0) + weight * chain_total
        _check(out)
        chain = out
    return chain if modifier.count else dict(first)


def _keep(die: Weights, count: int, kept: int, highest: bool, mapped: Callable[[Value], Value],
          budget: _Budget) -> Weights:
    """The sum of the `kept` highest (or lowest) of `count` dice, each counted as `mapped`.
    Faces are taken from the kept end: the first `kept` dice placed are the ones kept."""
    states: dict[tuple[int, Value], int] = {(0, 0): 1}
    ways = [[comb(left, showing) for showing in range(left + 1)] for left in range(count + 1)]
    for value in sorted(die, reverse=highest):
        weight, worth = die[value], mapped(value)
        powers = [weight ** showing for showing in range(count + 1)]
        budget.spend(len(states) * (count + 1))
        out: dict[tuple[int, Value], int] = {}
        for (placed, total), chance in states.items():
            left = count - placed
            for showing in range(left + 1):
                key = (placed + showing, total + min(showing, max(0, kept - placed)) * worth)
                out[key] = out.get(key, 0) + chance * ways[left][showing] * powers[showing]
        states = out
    result: Weights = {total: chance for (placed, total), chance in states.items() if placed == count}
    _check(result)
    return result


def parse_and_check(formula: str) -> str | None:
    """None when the formula is computed, else the reason it is not (for tests and reports)."""
    try:
        distribution(formula)
    except Unsupported as reason:
        return str(reason)
    return None

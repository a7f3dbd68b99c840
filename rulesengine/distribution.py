"""A finite probability distribution with exact `Fraction` probabilities.

Rules are pure functions on one outcome; `map` and `bind` lift them over a whole
distribution, merging outcomes that become equal so the state space stays small.
Outcomes must be hashable (small tuples or frozen dataclasses).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar, overload

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """Immutable mapping outcome -> probability; probabilities are positive and sum to 1."""

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        # One Fraction each, reduced once (Fraction(w) / total makes two).
        self._p: dict[T, Fraction] = {
            outcome: Fraction(w, total) for outcome, w in weights.items() if w
        }

    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def _trusted(cls, p: dict[T, Fraction]) -> Distribution[T]:
        """Wrap probabilities that already sum to 1 (internal fast path)."""
        d = cls.__new__(cls)
        d._p = p
        return d

    def map(self, f: Callable[[T], U]) -> Distribution[U]:
        out: dict[U, Fraction] = {}
        for outcome, p in self._p.items():
            key = f(outcome)
            # Only outcomes that meet add up (a Fraction sum is slow; most keys are new).
            out[key] = out[key] + p if key in out else p
        return Distribution._trusted(out)

    def bind(self, f: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Feed every outcome to `f` and mix the resulting distributions."""
        out: dict[U, Fraction] = {}
        for outcome, p in self._p.items():
            for key, q in f(outcome)._p.items():
                out[key] = out.get(key, 0) + p * q
        return Distribution._trusted(out)

    def combine(self, other: Distribution[U], f: Callable[[T, U], T]) -> Distribution[T]:
        """The distribution of `f(a, b)` for independent `a` from self and `b` from other."""
        out: dict[T, Fraction] = {}
        for a, p in self._p.items():
            for b, q in other._p.items():
                key = f(a, b)
                out[key] = out.get(key, 0) + p * q
        return Distribution._trusted(out)

    def repeat(self, n: int, f: Callable[[T, T], T], start: T) -> Distribution[T]:
        """Fold `n` independent draws into `start` with `f` (e.g. sum n dice)."""
        acc: Distribution[T] = Distribution.certain(start)
        for _ in range(n):
            acc = acc.combine(self, f)
        return acc

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        return sum((p for outcome, p in self._p.items() if predicate(outcome)), Fraction(0))

    # Without `f` the outcomes themselves are the values, so only a distribution over
    # whole numbers may leave `f` out; the overloads let the type checker hold callers to that.
    @overload
    def expected(self: Distribution[int]) -> Fraction: ...

    @overload
    def expected(self, f: Callable[[T], Fraction | int]) -> Fraction: ...

    def expected(self, f: Callable[[T], Fraction | int] | None = None) -> Fraction:
        value = f if f is not None else _number
        return sum((p * value(o) for o, p in self._p.items()), Fraction(0))

    def at_least(self: Distribution[int], k: int) -> Fraction:
        """P(outcome >= k) for a distribution over integers."""
        return self.probability(lambda o: o >= k)

    def items(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self._p.items())

    def outcomes(self) -> list[T]:
        return list(self._p)

    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._p.items())
        return f"Distribution({{{body}}})"

    def to_json(self) -> dict[str, str]:
        """Outcomes as strings, probabilities as `str(Fraction)`, sorted by outcome."""
        return {str(o): str(p) for o, p in sorted(self._p.items())}


def _number(outcome: object) -> Fraction | int:
    """An outcome used as its own value by `expected`: it must be a number."""
    if isinstance(outcome, (int, Fraction)):
        return outcome
    raise TypeError(f"expected() without f needs numeric outcomes, got {outcome!r}")

"""The exact distribution type, against enumeration by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rulesengine.distribution import Distribution

D6 = Distribution.uniform(range(1, 7))


def test_uniform_and_certain() -> None:
    assert D6[3] == Fraction(1, 6)
    assert D6[7] == 0
    assert Distribution.certain("x")["x"] == 1
    assert len(D6) == 6


def test_weights_are_normalised_and_zero_weights_dropped() -> None:
    d = Distribution({"a": 2, "b": 6, "c": 0})
    assert (d["a"], d["b"]) == (Fraction(1, 4), Fraction(3, 4))
    assert d.outcomes() == ["a", "b"]


def test_empty_distribution_is_refused() -> None:
    with pytest.raises(ValueError):
        Distribution({})


def test_map_merges_equal_outcomes() -> None:
    parity = D6.map(lambda x: x % 2)
    assert dict(parity.items()) == {1: Fraction(1, 2), 0: Fraction(1, 2)}


def test_repeat_sums_like_enumeration() -> None:
    two = D6.repeat(2, lambda a, b: a + b, 0)
    for total in range(2, 13):
        ways = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b == total)
        assert two[total] == Fraction(ways, 36)


def test_bind_mixes() -> None:
    # Roll a d6, then flip that many coins: P(no heads) by hand.
    coins = D6.bind(lambda n: Distribution.uniform([0, 1]).repeat(n, lambda a, b: a + b, 0))
    assert coins[0] == sum(Fraction(1, 6) * Fraction(1, 2**n) for n in range(1, 7))


def test_combine_is_the_product_distribution() -> None:
    d = D6.combine(Distribution.uniform([0, 10]), lambda a, b: a + b)
    assert d[13] == Fraction(1, 12)


def test_expected_probability_and_at_least() -> None:
    assert D6.expected() == Fraction(7, 2)
    assert D6.expected(lambda x: x * x) == Fraction(91, 6)
    assert D6.probability(lambda x: x > 4) == Fraction(1, 3)
    assert D6.at_least(5) == Fraction(1, 3)


def test_equality_hash_and_json() -> None:
    a = Distribution({1: 1, 2: 1})
    b = Distribution({2: 3, 1: 3})
    assert a == b and hash(a) == hash(b)
    assert a.to_json() == {"1": "1/2", "2": "1/2"}
    assert Distribution.certain(0).to_json() == {"0": "1"}

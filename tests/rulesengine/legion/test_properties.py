"""Properties that hold for every input: distributions sum to 1; more Pierce never lowers
expected wounds; more dodge or cover never raises them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rulesengine.legion.api import run

POOLS: list[dict[str, Any]] = [
    {"red": 2, "black": 2, "surge": "hit", "defense": "red", "defense_surge": "block"},
    {"black": 3, "white": 2, "aim": 1, "critical": 1, "guardian": ["2,red,block"]},
    {"red": 3, "impervious": True, "defense": "red", "guardian": ["1,white,none"]},
    {"white": 4, "surge": "crit", "ruleset": "2.6", "suppression": 1},
    {"red": 2, "black": 1, "armor_x": 1, "impact": 1, "dodge": 1},
]


def _expected(values: dict[str, Any]) -> Fraction:
    return Fraction(run(values)["defender"]["expected_wounds"])


@pytest.mark.parametrize("pool", POOLS, ids=range(len(POOLS)))
def test_every_distribution_sums_to_one(pool: dict[str, Any]) -> None:
    result = run({**pool, "pierce": 1, "cover": "light"})
    parts = [result["defender"]["wounds"]] + [g["wounds"] for g in result["guardians"]]
    for wounds in parts:
        assert sum(Fraction(p) for p in wounds.values()) == 1
        assert all(Fraction(p) > 0 for p in wounds.values())
    assert 0 <= Fraction(result["suppression"]) <= 1


@pytest.mark.parametrize("pool", POOLS, ids=range(len(POOLS)))
def test_more_pierce_never_lowers_expected_wounds(pool: dict[str, Any]) -> None:
    values = [_expected({**pool, "pierce": p}) for p in range(4)]
    assert values == sorted(values)


@pytest.mark.parametrize("pool", POOLS, ids=range(len(POOLS)))
def test_more_dodge_never_raises_expected_wounds(pool: dict[str, Any]) -> None:
    values = [_expected({**pool, "dodge": d}) for d in range(3)]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("pool", POOLS, ids=range(len(POOLS)))
def test_more_cover_never_raises_expected_wounds(pool: dict[str, Any]) -> None:
    values = [_expected({**pool, "cover": c}) for c in ("none", "light", "heavy")]
    assert values == sorted(values, reverse=True)


def test_every_result_names_its_ruleset_and_policies() -> None:
    for ruleset in ("2026", "2.6", "notes"):
        result = run({"red": 1, "ruleset": ruleset})
        assert result["ruleset"] == ruleset
        assert result["policies"] == {"aim": "optimal (the default: no aim or observation token: no reroll to choose)",
                                      "guardian": "max", "pierce": "guardian-first", "dodge": "max"}


def test_no_expectation_is_plugged_into_a_nonlinear_step() -> None:
    # One black die against one white defense die: wounds = max(0, hit - block). The
    # exact expectation is P(hit or crit) * P(no block) = 1/2 * 5/6, not max(0, 1/2 - 1/6).
    assert _expected({"black": 1}) == Fraction(5, 12)

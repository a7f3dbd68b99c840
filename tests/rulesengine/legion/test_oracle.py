"""The engine against the brute-force oracle: every feature alone, and every pair."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rulesengine.legion.api import run
from tests.rulesengine.legion import oracle
from tests.rulesengine.legion.features import FEATURES, PAIR_POOL, SINGLE_POOL


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """Both features' inputs, or None when they set one input to different values."""
    if any(k in b and b[k] != v for k, v in a.items()):
        return None
    return {**a, **b}


def _check(values: dict[str, Any]) -> None:
    # The oracle enumerates a named heuristic (its own default): the engine is given the same.
    got = run({"aim_policy": oracle.DEFAULTS["aim_policy"], "ruleset": oracle.DEFAULTS["ruleset"], **values})
    want = oracle.marginals(oracle.resolve(values), len(values.get("guardian", [])))
    assert got["defender"] == want["defender"]
    assert [{k: g[k] for k in ("wounds", "expected_wounds")} for g in got["guardians"]] == [
        {k: g[k] for k in ("wounds", "expected_wounds")} for g in want["guardians"]]
    # Rulesets 2.6 and 2026: a guardian that cancelled a hit gains a suppression token (its chance).
    if values.get("ruleset", oracle.DEFAULTS["ruleset"]) in ("2.6", "2026"):
        assert [g["suppression"] for g in got["guardians"]] == [g["acted"] for g in want["guardians"]]
    else:
        assert all("suppression" not in g for g in got["guardians"])
    assert got["suppression"] == want["suppression"]
    assert got["attacker"] == want["attacker"]
    assert got["suppression_tokens"] == want["suppression_tokens"]


@pytest.mark.parametrize("name", sorted(FEATURES))
def test_each_feature_alone(name: str) -> None:
    _check({**SINGLE_POOL, **FEATURES[name]})


PAIRS = [
    (a, b, merged)
    for a, b in itertools.combinations(sorted(FEATURES), 2)
    if (merged := _merge(FEATURES[a], FEATURES[b])) is not None and not (merged.get("melee") and merged.get("overrun"))
    # A defender's Vaapad dice are white: the calculator refuses them beside red defense dice.
    and not (merged.get("defender_vaapad") and merged.get("defense") == "red")
]


@pytest.mark.parametrize(("a", "b", "values"), PAIRS, ids=[f"{a}+{b}" for a, b, _ in PAIRS])
def test_each_pair_of_features(a: str, b: str, values: dict[str, Any]) -> None:
    _check({**PAIR_POOL, **values})


BIGGER = [
    {"red": 2, "black": 1, "surge": "none", "critical": 1, "surge_tokens": 1, "aim": 2},
    {"black": 3, "aim": 1, "precise": 1, "critical": 1},
    {"red": 1, "black": 1, "white": 2, "critical": 1, "aim": 2, "aim_policy": "blanks-and-spare-surges"},
    {"red": 2, "white": 1, "surge": "hit", "aim": 2, "aim_policy": "crit-fishing", "armor": True},
    {"red": 1, "black": 2, "critical": 1, "surge_tokens": 1, "aim": 1, "precise": 1, "aim_policy": "crit-fishing"},
    {"black": 2, "white": 1, "aim": 2, "aim_policy": "crit-fishing"},
    {"red": 1, "white": 2, "surge_tokens": 1, "aim": 2, "aim_policy": "blanks-only"},
    {"red": 2, "white": 1, "surge": "hit", "guardian": ["2,red,block"], "pierce": 3, "defense": "red"},
    {"red": 1, "black": 1, "white": 1, "ruleset": "2.6", "cover": "heavy", "dodge": 1, "suppression": 2, "courage": 2},
    {"red": 3, "impact": 2, "armor_x": 2, "pierce": 1, "impervious": True, "defense": "red", "defense_surge": "block"},
]


@pytest.mark.parametrize("values", BIGGER, ids=range(len(BIGGER)))
def test_bigger_pools_with_several_features(values: dict[str, Any]) -> None:
    _check(values)

"""Aim policies: the declared cost bound is checked before computing, and policies that
see more never do worse where they should (exact values, no timing)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import run
from rulesengine.legion.attack_dice import SPARE_SURGES_MAX_DICE


def _expected(values: dict[str, Any]) -> Fraction:
    return Fraction(str(run(values)["defender"]["expected_wounds"]))


def test_spare_surges_beyond_its_bound_is_refused_naming_the_field() -> None:
    big = {"white": SPARE_SURGES_MAX_DICE + 1, "critical": 1, "aim": 1, "aim_policy": "blanks-and-spare-surges"}
    with pytest.raises(InputError) as refused:
        run(big)
    assert refused.value.option == "--aim-policy"
    assert str(SPARE_SURGES_MAX_DICE) in refused.value.allowed


@pytest.mark.parametrize("values", [
    {"white": SPARE_SURGES_MAX_DICE, "critical": 1, "aim": 1},  # at the bound
    {"white": SPARE_SURGES_MAX_DICE + 1, "aim": 1},  # no surge converts: none can be spare
    {"white": SPARE_SURGES_MAX_DICE + 1, "surge": "hit", "critical": 1, "aim": 1},  # a chart converts every surge
])
def test_spare_surges_within_its_bound_is_answered(values: dict[str, Any]) -> None:
    assert run({**values, "aim_policy": "blanks-and-spare-surges"})["defender"]["expected_wounds"]


@pytest.mark.parametrize("values", [
    {"white": 4, "critical": 1, "aim": 2},
    {"black": 3, "critical": 1, "surge_tokens": 1, "aim": 1, "precise": 1},
])
def test_rerolling_spare_surges_never_does_worse_than_keeping_them(values: dict[str, Any]) -> None:
    assert _expected({**values, "aim_policy": "blanks-and-spare-surges"}) >= _expected({**values, "aim_policy": "blanks-and-useless-surges"})


def test_crit_fishing_beats_blanks_first_against_armor_and_the_default_finds_it() -> None:
    """Against Armor a hit is worth nothing, a crit a wound: rerolling hits can only help.
    The default takes optimal on so small a pool, which rerolls the hits too."""
    values = {"red": 2, "aim": 1, "armor": True}
    fishing = _expected({**values, "aim_policy": "crit-fishing"})
    assert fishing > _expected({**values, "aim_policy": "blanks-and-useless-surges"})
    assert _expected(values) == fishing == _expected({**values, "aim_policy": "optimal"})

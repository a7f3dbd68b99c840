"""Paths in `expect` lines walk the engine's real result: list items, steps by id, probabilities."""

from __future__ import annotations

import pytest

from rulesengine.legion.api import run
from scripts.calculators.check import lookup

TRACE = run(
    {
        "ruleset": "notes",
        "red": 3,
        "attack_faces": "hit,hit,crit",
        "cover": "heavy",
        "defense": "white",
        "defense_faces": "blank",
    }
)


def test_a_bare_number_is_a_list_index_and_step_n_is_a_step_id() -> None:
    steps = TRACE["steps"]
    assert lookup(TRACE, "steps[3]") == steps[3]
    by_id = lookup(TRACE, "steps[step 5]")
    assert by_id["step"] == "5" and by_id is not steps[5]
    assert lookup(TRACE, "steps[step 5].state.hits") == 0
    assert lookup(TRACE, "steps[4c].state.hits") == 2


def test_an_unknown_step_is_named() -> None:
    with pytest.raises(LookupError, match="no step '11'"):
        lookup(TRACE, "steps[step 11]")

"""Hidden Cost X, case by case (tests/rulesengine/swtcg/hidden_cost_cases.json), and every
small card against the oracle in both readings."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.api import run_hidden_cost
from rulesengine.swtcg.hidden_cost import READINGS
from tests.rulesengine.swtcg.swtcg_oracle import hidden_cost_oracle

CASES = json.loads((Path(__file__).parent / "hidden_cost_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["why"] for c in CASES])
def test_hidden_cost(case: dict[str, object]) -> None:
    values = {k: case[k] for k in ("build_cost", "counters", "x", "reading") if k in case}
    if "error" in case:
        with pytest.raises(InputError) as error:
            run_hidden_cost(values)
        assert error.value.option == case["error"]
        return
    result = run_hidden_cost(values)
    assert (result["can_complete"], result["force"]) == (case["can_complete"], case["force"])
    assert result["reason"]
    assert result["reading"] == case.get("reading", "definition")


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_every_small_card_against_the_oracle(reading: str) -> None:
    for build_cost, counters, x in itertools.product(range(0, 9), range(0, 9), range(1, 9)):
        result = run_hidden_cost({"build_cost": build_cost, "counters": counters, "x": x, "reading": reading})
        expected = hidden_cost_oracle(build_cost, counters, x, reading)
        assert result["force"] == expected, (build_cost, counters, x)
        assert result["can_complete"] == (expected is not None)
        assert result["reading"] == reading and result["note"] == READINGS[reading]


def test_the_readings_differ_only_in_the_force_paid() -> None:
    definition = run_hidden_cost({"build_cost": 8, "counters": 4, "x": 3})
    later = run_hidden_cost({"build_cost": 8, "counters": 4, "x": 3, "reading": "no-force-at-x"})
    assert (definition["force"], later["force"]) == (4, 0)
    assert definition["can_complete"] and later["can_complete"]
    assert "no-force-at-x" not in str(definition["note"]) and definition["reading"] == "definition"

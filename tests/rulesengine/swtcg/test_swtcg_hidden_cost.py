"""Hidden Cost X, case by case (tests/rulesengine/swtcg/hidden_cost_cases.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.api import run_hidden_cost

CASES = json.loads((Path(__file__).parent / "hidden_cost_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["why"] for c in CASES])
def test_hidden_cost(case: dict[str, object]) -> None:
    values = {k: case[k] for k in ("build_cost", "counters", "x")}
    if "error" in case:
        with pytest.raises(InputError) as error:
            run_hidden_cost(values)
        assert error.value.option == case["error"]
        return
    result = run_hidden_cost(values)
    assert (result["can_complete"], result["force"]) == (case["can_complete"], case["force"])
    assert result["reason"]

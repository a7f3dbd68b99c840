"""The interface the site and the CLI rely on: option names, keyword maps, JSON shape, errors."""

from __future__ import annotations

import json

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.api import HIDDEN_COST_OPTIONS, KEYWORDS, NO_NUMBER, OPTIONS
from tests.rulesengine.swtcg.swtcg_oracle import run

REQUIRED = ("power accuracy critical_hit armor shields parry evade deflect health damage overkill "
            "second_health second_evade intercept_by precision bombard inspiration faces "
            "evade_policy overkill_policy deflect_policy").split()


def test_the_declared_options_include_every_name_the_site_uses() -> None:
    names = [o.name for o in OPTIONS]
    assert set(REQUIRED) <= set(names)
    assert len(names) == len(set(names))
    for option in OPTIONS:
        assert option.label and len(option.label) <= 40
        if option.kind == "int":
            assert option.minimum is not None and option.maximum is not None
            assert isinstance(option.default, int)
            assert option.minimum <= option.default <= option.maximum
        if option.kind == "choice":
            assert option.default in option.choices


def test_every_keyword_names_options_that_exist() -> None:
    known = {o.name for o in OPTIONS + HIDDEN_COST_OPTIONS}
    for keyword, names in KEYWORDS.items():
        assert set(names.split(",")) <= known, keyword
    assert not set(KEYWORDS) & set(NO_NUMBER)
    assert {"Enhance", "Equip", "Reserves", "Elude"} <= set(NO_NUMBER)


def test_the_default_result_has_the_documented_shape() -> None:
    result = run({})
    assert {"policies", "damage", "expected_damage", "defeated", "second", "deflected", "steps"} <= set(result)
    assert result["policies"] == {"evade_policy": "most", "overkill_policy": "all-excess", "deflect_policy": "attacker", "reroll_policy": "usual"}
    assert json.loads(json.dumps(result)) == result
    assert sum(__import__("fractions").Fraction(p) for p in result["damage"].values()) == 1


def test_trace_steps_follow_the_windows_in_order() -> None:
    from rulesengine.swtcg.trace import WINDOWS

    result = run({"power": 3, "critical_hit": 1, "parry": 1, "faces": "6,1,4"})
    windows = [s["step"] for s in result["steps"]]
    assert windows == sorted(windows, key=WINDOWS.index)
    assert set(windows) == set(WINDOWS)
    for s in result["steps"]:
        assert set(s) == {"step", "title", "rule", "text", "state"}


@pytest.mark.parametrize(("values", "option"), [
    ({"power": 31}, "--power"),
    ({"accuracy": "x"}, "--accuracy"),
    ({"armor": "maybe"}, "--armor"),
    ({"evade_policy": "all"}, "--evade-policy"),
    ({"damage": 3, "health": 3}, "--damage"),
    ({"faces": "6,7,1"}, "--faces"),
    ({"faces": "6,4"}, "--faces"),
    ({"intercept_by": "armor"}, "--intercept-by"),
    ({"intercept_by": "health=2,damage=2"}, "--intercept-by"),
    ({"switch": "moon=+1"}, "--switch"),
])
def test_bad_input_names_the_option(values: dict[str, object], option: str) -> None:
    with pytest.raises(InputError) as error:
        run(values)
    assert error.value.option == option

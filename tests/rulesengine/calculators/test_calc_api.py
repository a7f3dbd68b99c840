"""The JSON entry point the browser calls: same HTML as the build, errors as data."""

from __future__ import annotations

import json

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import calculator
from rulesengine.calculators.render import render_calculator


def ask(**request) -> dict:
    return json.loads(calculate(json.dumps(request)))


def test_a_result_is_the_engines_json_and_the_builds_html():
    inputs = {"power": 3, "critical_hit": 1, "evade": 1}
    answer = ask(calculator="swtcg-attack", inputs=inputs, base="../../../")
    assert answer["ok"] is True
    assert answer["result"] == calculator("swtcg-attack").run(inputs)
    page = render_calculator(calculator("swtcg-attack"), inputs, base="../../../")
    assert f'aria-live="polite">{answer["html"]}</div></div>' in page


def test_legion_results_match_the_engine_too():
    from rulesengine.legion import api

    inputs = {"black": 2, "pierce": 1, "defense": "red"}
    answer = ask(calculator="legion-attack", inputs=inputs)
    assert answer["ok"] is True and answer["result"] == api.run(inputs)


@pytest.mark.parametrize(
    "name,inputs,option",
    [
        ("legion-attack", {"pierce": 99}, "pierce"),
        ("legion-attack", {"red": -1}, "red"),
        ("swtcg-attack", {"power": "many"}, "power"),
        ("swtcg-attack", {"shields": 1.5}, "shields"),
        ("swtcg-hidden-cost", {"x": 0}, "x"),
    ],
)
def test_an_out_of_range_input_is_an_error_naming_it(name, inputs, option):
    answer = ask(calculator=name, inputs=inputs)
    assert answer["ok"] is False
    assert answer["option"] == option
    assert answer["error"].startswith(f"--{option.replace('_', '-')}: ")
    assert "data-error" in answer["html"]


def test_the_error_says_what_is_allowed():
    answer = ask(calculator="swtcg-attack", inputs={"power": 99})
    assert answer["error"] == "--power: a whole number from 0 to 30 (got 99)"


@pytest.mark.parametrize(
    "request_json",
    ["", "not json", "[]", "null", '{"calculator": "nope"}', '{"calculator": "swtcg-attack", "inputs": []}',
     '{"calculator": "swtcg-attack", "inputs": {"no_such_input": 1}}'],
)
def test_bad_requests_are_answered_never_raised(request_json):
    answer = json.loads(calculate(request_json))
    assert answer["ok"] is False and answer["error"] and "data-error" in answer["html"]


def test_an_unknown_calculator_lists_the_names():
    answer = ask(calculator="nope", inputs={})
    assert "legion-attack" in answer["error"] and "swtcg-attack" in answer["error"]


def test_form_values_arrive_as_the_form_sends_them():
    """Numbers as text, an empty text box, repeatable values joined by ';'."""
    typed = ask(calculator="legion-attack", inputs={"black": 2, "guardian": ["2,red,block", "1,white,none"]})
    as_form = ask(calculator="legion-attack", inputs={"black": "2", "guardian": "2,red,block; 1,white,none", "attack_faces": ""})
    assert typed["ok"] and as_form["ok"]
    assert as_form["result"] == typed["result"]

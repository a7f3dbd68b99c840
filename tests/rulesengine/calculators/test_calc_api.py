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
    assert f'data-result>{answer["html"]}</div></div>' in page


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
    label = next(o.label for o in calculator(name).options if o.name == option)
    assert answer["error"].startswith(f"{label}: "), "the form's words, not the command line's"
    assert "data-error" in answer["html"]


def test_the_error_says_what_is_allowed():
    answer = ask(calculator="swtcg-attack", inputs={"power": 99})
    assert answer["error"] == "Attacker's power: a whole number from 0 to 30 (got 99)"


def test_a_refusal_names_every_input_by_its_label():
    answer = ask(calculator="legion-attack", inputs={"black": 3, "attack_faces": "hit,hit", "defense_faces": "block"})
    assert answer["ok"] is False and answer["option"] == "defense_faces"
    assert "--" not in answer["error"]
    assert answer["error"].startswith("Defense faces: only with Attack faces for every attack die (3)")


def test_a_refused_choice_is_named_as_the_select_shows_it():
    """`optimal` too costly for the pool: the form's select says "Best rerolls" and "Best
    rerolls where quick, else the best rule", so the refusal beside it does too, and it
    does not repeat the choice the reader made."""
    answer = ask(calculator="legion-attack", inputs={"red": 10, "black": 10, "white": 10, "aim": 1, "aim_policy": "optimal"})
    assert answer["ok"] is False and answer["option"] == "aim_policy"
    error = answer["error"]
    assert error.startswith("Aim policy: “Best rerolls”: too costly for this pool (cost ")
    assert "the default, “Best rerolls where quick, else the best rule”, uses the best fixed reroll rule" in error
    assert "optimal" not in error and "(got" not in error and "--" not in error


def test_the_defaults_reason_names_the_choices_as_the_select_does():
    """Too costly for `optimal`, the default takes a fixed rule: its reason, in the result's
    choices, says "Best rerolls" where the engine says "optimal"."""
    answer = ask(calculator="legion-attack", inputs={"red": 10, "black": 10, "white": 10, "aim": 1})
    assert answer["ok"] is True
    used = answer["html"].split('<dl class="calculator-used">', 1)[1].split("</dl>", 1)[0]
    aim = used.split("<dt>Aim</dt>", 1)[1].split("</dd>", 1)[0]
    assert "(the default: “Best rerolls” would cost " in aim and "so the best fixed reroll rule this attack admits)" in aim
    assert "optimal" not in aim.split(">", 1)[1], "the engine's name stays in the title only"


def test_a_choice_the_select_does_not_have_is_shown_as_typed():
    answer = ask(calculator="legion-attack", inputs={"aim_policy": "best"})
    assert answer["ok"] is False and answer["option"] == "aim_policy"
    assert answer["error"].startswith("Aim policy: one of “Best rerolls where quick, else the best rule”, ")
    assert answer["error"].endswith(" (got 'best')")


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


@pytest.mark.parametrize(
    "name,inputs",
    [("legion-attack", {"black": 4, "pierce": 1}), ("swtcg-attack", {"power": 5}), ("legion-attack", {"red": 30, "black": 30 - 30}),
     ("legion-attack", {"red": 2, "attack_faces": "hit,crit", "defense_faces": "blank,block"}), ("swtcg-hidden-cost", {})],
)
def test_the_live_region_gets_one_short_sentence(name, inputs):
    """Not the whole result (thousands of characters): one sentence a screen reader says."""
    answer = ask(calculator=name, inputs=inputs)
    sentence = answer["summary"]
    assert sentence.endswith(".") and sentence.count(". ") == 0 and len(sentence) <= 120, sentence
    assert len(sentence) < len(answer["html"]) / 4


def test_the_sentence_gives_the_expected_value_and_the_chance_of_at_least_one():
    from fractions import Fraction

    from rulesengine.calculators.numbers import decimal, percent

    answer = ask(calculator="legion-attack", inputs={"black": 2})
    wounds = {int(k): Fraction(v) for k, v in answer["result"]["defender"]["wounds"].items()}
    mean = sum(k * p for k, p in wounds.items())
    assert answer["summary"] == f"Wounds on the defender: {decimal(mean)} expected, {percent(1 - wounds.get(0, Fraction(0)))} chance of at least 1."


# In a fresh Python, as the browser's worker is: a Legion answer, then an SWTCG one.
ONE_GAME = """
import json, sys
from rulesengine.calculators.api import calculate
legion = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": {"pierce": 1, "red": 1}})))
after_legion = "rulesengine.swtcg.api" in sys.modules
swtcg = json.loads(calculate(json.dumps({"calculator": "swtcg-attack", "inputs": {"power": 3}})))
unknown = json.loads(calculate(json.dumps({"calculator": "nope", "inputs": {}})))
print(json.dumps({"legion": legion["ok"], "after_legion": after_legion, "swtcg": swtcg["ok"],
                  "after_swtcg": "rulesengine.swtcg.api" in sys.modules, "unknown": unknown["error"]}))
"""


def test_a_legion_answer_does_not_import_the_swtcg_engine():
    """The browser's first Legion answer makes only Legion's calculators (the registry makes a
    game's when the games before it lack the name); SWTCG's are made when asked for, and an
    unknown name still lists every calculator."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", ONE_GAME], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[3])
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["legion"] and not found["after_legion"]
    assert found["swtcg"] and found["after_swtcg"]
    assert "legion-attack" in found["unknown"] and "swtcg-attack" in found["unknown"]

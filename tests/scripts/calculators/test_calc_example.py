"""Worked examples as a compact list: the page's first example sets its one calculator, and
every example is an item (caption, checked outcome, a load button, its folded trace)."""

from __future__ import annotations

import json
from fractions import Fraction

from rulesengine.calculators.api import calculate
from rulesengine.calculators.links import base_for
from rulesengine.calculators.registry import calculator
from scripts.calculators.example import LOAD, checked_outcome
from scripts.calculators.extension import CalculatorExtension
from scripts.calculators.fence import Expectation
from scripts.vault.extension import PageContext, SourceLocation
from tests.rulesengine.calculators.dom import parse

GUARDIAN = PageContext("legion/keywords/Guardian X.md", "Guardian X", "legion", "Guardian X")
TRACE = """calculator: legion-attack
caption: {caption}
red: 2
attack-faces: hit, hit
guardian: 2,red,none
guardian-faces: blank, blank
defense: red
expect guardians[0].wounds: 2
expect defender.wounds: 0
"""
ODDS = """calculator: legion-attack
caption: odds
red: 2
expect defender.wounds[>=1]: {p}
"""


def render(ext: CalculatorExtension, source: str, line: int) -> str:
    return ext.render_fence("calculator", source, SourceLocation(GUARDIAN.src_path, line), GUARDIAN)


def test_the_first_example_sets_the_one_calculator_and_every_example_is_an_item():
    ext = CalculatorExtension()
    pages = [render(ext, TRACE.format(caption=f"example {n}"), 10 * n) for n in (1, 2, 3)]
    doc = parse("".join(pages))
    assert len(doc.find_all("div", data_calculator=True)) == 1
    items = doc.find_all("div", data_example=True)
    assert [i.find("p", **{"class": "calculator-example-caption"}).text() for i in items] == ["example 1", "example 2", "example 3"]
    assert "".join(pages).count("Worked examples") == 1
    calc = calculator("legion-attack")
    for item in items:
        outcome = item.find("p", **{"class": "calculator-example-outcome"}).text()
        assert f"{calc.labels['guardians[*].wounds'].replace('{n}', '1')}: 2" in outcome
        button = item.find("button", data_load_example=True)
        assert button.text() == LOAD and "hidden" in button.attrs  # shown by the script only
        inputs = json.loads(str(button.attrs["data-inputs"]))
        assert set(inputs) == {o.name for o in calc.options}  # the whole form, defaults included
        assert inputs["red"] == 2 and inputs["black"] == 0
        trace = item.find("details", **{"class": "calculator-example-trace"})
        assert trace.find("summary").text() == "Step by step"
        # The folded result is the engine's own, as the browser would get it.
        answer = json.loads(calculate(json.dumps({"calculator": calc.name, "inputs": inputs, "base": base_for(GUARDIAN.src_path)})))
        assert answer["html"] in "".join(pages)


def test_a_probability_is_checked_as_a_percentage_and_its_result_is_not_a_trace():
    calc = calculator("legion-attack")
    answer = json.loads(calculate(json.dumps({"calculator": calc.name, "inputs": {"red": 2}})))
    p = answer["result"]["defender"]["wounds"]
    at_least_one = 1 - Fraction(p["0"])
    outcome = checked_outcome(calc, answer["result"], (Expectation("defender.wounds[>=1]", str(at_least_one), 3),))
    assert outcome.endswith(f"at least 1: {float(at_least_one) * 100:.2f}%.")
    html = render(CalculatorExtension(), ODDS.format(p=at_least_one), 5)
    assert parse(html).find("details", **{"class": "calculator-example-trace"}).find("summary").text() == "The full result"


def test_unreadable_expectation_paths_fall_back_to_the_results_summary():
    calc = calculator("legion-attack")
    answer = json.loads(calculate(json.dumps({"calculator": calc.name, "inputs": {"red": 1}})))
    assert checked_outcome(calc, answer["result"], (Expectation("steps[pierce].state.pierce", "0", 3),)) == answer["summary"]


def test_a_probability_the_result_states_is_checked_as_a_percentage_a_count_or_a_mean_as_written():
    calc = calculator("legion-vehicle-damage")
    answer = json.loads(calculate(json.dumps({"calculator": calc.name, "inputs": {"ruleset": "2.6"}})))
    assert answer["result"]["vehicle_damage_token"] == "1"  # certain: a probability of 1
    said = checked_outcome(calc, answer["result"], (Expectation("vehicle_damage_token", "1", 3), Expectation("lose_action_when_damaged_activates", "2/3", 4)))
    assert said.endswith(": 100%; " + said.split("; ")[1]) and said.endswith(": 66.67%.")  # 100% only when certain
    assert answer["summary"].endswith(": 100%.")
    legion = calculator("legion-attack")
    traced = json.loads(calculate(json.dumps({"calculator": legion.name, "inputs": {"red": 2, "attack_faces": "hit, hit", "defense": "white", "defense_faces": "blank, blank"}})))
    odds = json.loads(calculate(json.dumps({"calculator": legion.name, "inputs": {"red": 1}})))
    mean = odds["result"]["defender"]["expected_wounds"]
    said = checked_outcome(legion, traced["result"], (Expectation("defender.wounds", "2", 3),))
    assert said.endswith(": 2.")  # a count, certain in a trace
    assert checked_outcome(legion, odds["result"], (Expectation("defender.expected_wounds", mean, 3),)).endswith(f": {mean}.")


def test_an_outcome_the_result_leaves_out_is_left_out_of_the_checked_line():
    """Which defender a pool attacks has no line of its own (the defender's line says it):
    the Attack page's example read 'Expected wounds on defender 2: 195/512; : 2.'"""
    legion = calculator("legion-attack")
    assert legion.labels["pools[*].defender"] == ""
    inputs = {"black": 1, "pool": "red=1 defender=2", "defender": "defense=red"}
    answer = json.loads(calculate(json.dumps({"calculator": legion.name, "inputs": inputs})))
    assert answer["ok"], answer
    mean = answer["result"]["defenders"][1]["expected_wounds"]
    said = checked_outcome(legion, answer["result"], (Expectation("defenders[1].expected_wounds", mean, 3), Expectation("pools[1].defender", "2", 4)))
    assert said == f"Expected wounds on defender 2: {mean}."

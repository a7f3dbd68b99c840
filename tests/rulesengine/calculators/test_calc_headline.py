"""The headline the Compare view sets side by side: exact numbers checked against
brute-force enumeration (the toy engine) and the engine's own distributions."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.headline import headline
from rulesengine.calculators.numbers import decimal, percent
from rulesengine.calculators.render import render_calculator
from tests.rulesengine.calculators.dom import parse
from tests.rulesengine.calculators.toy import TOY, brute_force


def measures(head: dict) -> dict[str, dict]:
    return {m["name"]: m for m in head["measures"]}


@pytest.mark.parametrize("dice,armor", [(0, False), (1, False), (3, True), (5, False)])
def test_a_distribution_its_expected_value_and_chance_of_at_least_one_are_exact(dice, armor):
    head = headline(TOY.run({"dice": dice, "armor": armor}), TOY.labels)
    assert head is not None
    oracle = brute_force(dice, armor)
    assert head["label"] == "Wounds on the defender" and head["path"] == "defender.wounds"
    assert [(int(k), Fraction(p)) for k, p, _ in head["rows"]] == sorted(oracle.items())
    assert [text for _, _, text in head["rows"]] == [percent(p) for _, p in sorted(oracle.items())]
    mean = sum(k * p for k, p in oracle.items())
    at_least_one = 1 - oracle.get(0, Fraction(0))
    got = measures(head)
    assert (Fraction(got["expected"]["value"]), got["expected"]["text"], got["expected"]["percent"]) == (mean, decimal(mean), False)
    assert (Fraction(got["at_least_one"]["value"]), got["at_least_one"]["text"]) == (at_least_one, percent(at_least_one))
    assert got["at_least_one"]["percent"] is True


def test_rows_are_in_count_order_whatever_the_engine_order():
    head = headline({"defender": {"wounds": {"2": "1/4", "0": "1/4", "1": "1/2"}}}, {"defender.wounds": "Wounds"})
    assert head is not None and [k for k, _, _ in head["rows"]] == ["0", "1", "2"]
    assert measures(head)["expected"]["value"] == "1"


def test_the_engines_first_shown_distribution_is_the_headline():
    answer = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": {"red": 3, "pierce": 1}})))
    wounds = {int(k): Fraction(p) for k, p in answer["result"]["defender"]["wounds"].items()}
    head = answer["headline"]
    assert head["label"] == "Wounds on the defender"
    assert Fraction(measures(head)["expected"]["value"]) == sum(k * p for k, p in wounds.items())
    assert Fraction(measures(head)["at_least_one"]["value"]) == 1 - wounds.get(0, Fraction(0))


def test_without_a_distribution_the_first_numeric_outcome_is_the_headline():
    chance = headline({"ruleset": "notes", "damaged": "1/2", "disabled": "1/3"}, {"damaged": "Damaged", "disabled": "Disabled"})
    assert chance is not None and chance["rows"] == []
    assert chance["measures"] == [{"name": "value", "label": "Damaged", "value": "1/2", "text": "50.00%", "percent": True}]
    count = headline({"can_complete": True, "required_counters": 3}, {"can_complete": "Can", "required_counters": "Counters"})
    assert count is not None and count["measures"][0]["value"] == "3" and count["measures"][0]["percent"] is False
    assert headline({"expected_damage": "7/2"}, {})["measures"][0]["text"] == "3.50"  # type: ignore[index]


@pytest.mark.parametrize("result", [{}, {"reason": "words only", "can": True}, {"hidden": {"0": "1"}}])
def test_nothing_to_compare_is_none(result):
    assert headline(result, {"hidden": ""}) is None


def test_the_pre_rendered_result_carries_the_same_headline_as_the_browsers_answer():
    inputs = {"dice": 3, "armor": True}
    region = parse(render_calculator(TOY, inputs)).find("div", data_result=True)
    assert json.loads(region.attrs["data-headline"] or "") == headline(TOY.run(inputs), TOY.labels)

"""The calculator's HTML in the player's words (issue 23): honest percentages, the answer
first, folded tails and states, plain choice names, rows drawn from declared fields."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from rulesengine.legion.rulesets import NAMES
from rulesengine.calculators.form import render_field, render_form
from rulesengine.calculators.numbers import negligible, percent
from rulesengine.calculators.registry import calculator
from rulesengine.calculators.render import compute, result_html
from rulesengine.calculators.result import TAIL, answer
from rulesengine.calculators.words import PLAIN, choice_words
from rulesengine.legion import api
from rulesengine.options import Option
from tests.rulesengine.calculators.dom import parse


@pytest.mark.parametrize(
    "p,shown",
    [(Fraction(1), "100%"), (Fraction(0), "0%"), (1 - Fraction(1, 10**6), "> 99.99%"), (Fraction(1, 10**6), "< 0.01%"),
     (Fraction(1, 20000), "0.01%"), (Fraction(1, 3), "33.33%"), (Fraction(9999, 10000), "99.99%"), (Fraction(19999, 20000), "> 99.99%")],
)
def test_a_percentage_says_100_or_0_only_when_certain(p, shown):
    assert percent(p) == shown
    assert negligible(p) == (shown == "< 0.01%")


def attack(inputs):
    calc = calculator("legion-attack")
    result = compute(calc, inputs)
    return result, parse(f"<div>{result_html(calc, result, '')}</div>")


def test_the_answer_comes_first_with_the_chance_asked_about():
    result, root = attack({"red": 20})
    wounds = {int(k): Fraction(v) for k, v in result["defender"]["wounds"].items()}
    first = next(c for c in root.find("div").children if not isinstance(c, str))
    assert "data-answer" in first.attrs, "above every table and chart"
    assert first.find("strong", data_expected=True).text() == f"{float(sum(k * p for k, p in wounds.items())):.2f}"
    assert first.find("strong", data_chance=True).text() == "> 99.99%" and 0 < wounds[0]
    # With the optimal aim policy and a target, the chance asked about is that target's.
    result, root = attack({"black": 4, "aim": 1, "aim_policy": "optimal", "target": 2})
    wounds = {int(k): Fraction(v) for k, v in result["defender"]["wounds"].items()}
    block = root.find(data_answer=True)
    assert block.text().endswith("chance of at least 2")
    assert block.find("strong", data_chance=True).text() == percent(sum(p for k, p in wounds.items() if k >= 2))


def test_a_certain_answer_says_so():
    calc = calculator("legion-attack")
    result = compute(calc, {"black": 2, "attack_faces": "hit,hit", "defense_faces": "blank,blank"})
    assert "(certain)" in parse(answer(result, calc.labels)).text()


def test_long_tails_fold_and_the_chart_keeps_the_likely_outcomes():
    result, root = attack({"red": 20})
    wounds = sorted((int(k), Fraction(v)) for k, v in result["defender"]["wounds"].items())
    tiny = [k for k, p in wounds if negligible(p)]
    assert len(tiny) >= TAIL
    figure = root.find("figure", data_path="defender.wounds")
    tail = figure.find("details", **{"class": "calculator-tail"})
    assert tail.find("summary").text() == f"{len(tiny)} more outcomes, each under 0.01%"
    folded = [int(tr.children[0].text()) for tr in tail.find("tbody").children if not isinstance(tr, str)]
    assert sorted(folded) == tiny
    shown = [int(tr.children[0].text()) for tr in figure.find("tbody").children if not isinstance(tr, str)]
    assert shown == [k for k, p in wounds if k not in tiny]
    assert len(figure.find_all("rect")) == len(shown)
    # A small pool folds nothing.
    _, small = attack({"black": 2})
    assert not small.find_all("details", **{"class": "calculator-tail"})


def test_results_name_guardians_as_the_rules_do():
    _, root = attack({"black": 4, "guardian": ["3,white,block,suppressed"]})
    line = root.find("p", data_path="guardians[0].guardian").text()
    assert line == "Guardian 1: Guardian 3, white defense die, defense surge chart: block, Suppressed (tokens reach its courage)"


def test_policies_read_as_plain_names_with_a_sentence():
    calc = calculator("legion-attack")
    option = next(o for o in calc.options if o.name == "aim_policy")
    select = parse(render_field(option, option.default)).find("select")
    for item in (c for c in select.children if not isinstance(c, str)):
        name, sentence = choice_words("aim_policy", item.attrs["value"], option.help)
        assert item.text() == name != item.attrs["value"] and item.attrs["data-words"] == sentence
        assert sentence.endswith(".") and sentence.count(". ") == 0, "one sentence"
    # Every policy the engine declares has words written for it.
    for o in calc.options:
        if o.name.endswith("_policy"):
            assert set(o.choices) <= set(PLAIN[o.name]), o.name


def test_a_choice_the_words_do_not_know_reads_its_help():
    name, sentence = choice_words("aim_policy", "new-way", "old: does a; new-way: rerolls every die; other: c")
    assert (name, sentence) == ("New way", "Rerolls every die.")


def test_counts_are_steppers_and_dice_are_colour_pickers():
    calc = calculator("legion-attack")
    by_name = {o.name: o for o in calc.options}
    red = parse(render_field(by_name["red"], 2))
    stepper = red.find("span", **{"class": "calculator-stepper"})
    assert stepper.attrs["data-die"] == "red"
    buttons = stepper.find_all("button")
    assert [b.attrs["data-step"] for b in buttons] == ["-1", "1"] and all(b.attrs["tabindex"] == "-1" for b in buttons)
    die = parse(render_field(by_name["defense"], "red"))
    radios = die.find_all("input", type="radio")
    assert [r.attrs["value"] for r in radios] == list(by_name["defense"].choices)
    assert [("checked" in r.attrs) for r in radios] == [c == "red" for c in by_name["defense"].choices]


def test_rows_come_from_the_declared_fields_so_a_new_field_shows_by_itself():
    guardian = next(o for o in api.OPTIONS if o.name == "guardian")
    described = json.loads(parse(render_field(guardian, None, api.OPTIONS)).find("input").attrs["data-parts"])
    assert [p["name"] for p in described["parts"]] == [p.name for p in guardian.parts]
    assert described["joined"] == "commas" and described["unit"] == "guardian"
    # Another helper adds a field to the engine's declaration: the form draws it with no change here.
    grown = replace(guardian, parts=guardian.parts + (Option("heroic", "Heroic", "bool", False),))
    described = json.loads(parse(render_field(grown, None, api.OPTIONS)).find("input").attrs["data-parts"])
    assert described["parts"][-1]["name"] == "heroic"
    # A further pool borrows the first pool's inputs, a further defender the defender's
    # (with its own guardians as rows inside its row).
    pool = next(o for o in api.OPTIONS if o.name == "pool")
    defender = next(o for o in api.OPTIONS if o.name == "defender")
    pool_parts = json.loads(parse(render_field(pool, None, api.OPTIONS)).find("input").attrs["data-parts"])["parts"]
    assert [p["name"] for p in pool_parts][1:] == list(api.pool_specs.POOL_INPUTS)
    defender_parts = json.loads(parse(render_field(defender, None, api.OPTIONS)).find("input").attrs["data-parts"])["parts"]
    inner = next(p for p in defender_parts if p["name"] == "guardian")
    assert [p["name"] for p in inner["parts"]] == [p.name for p in guardian.parts]


def test_a_field_only_some_rulesets_take_says_which():
    face = next(o for o in api.VEHICLE_OPTIONS if o.name == "face")
    assert face.rulesets == ("notes",)
    html = render_form(api.VEHICLE_OPTIONS, {}, [o.name for o in api.VEHICLE_OPTIONS])
    field = parse(html).find("label", data_rulesets="notes")
    assert field.find("select").attrs["name"] == "face"


def test_the_ruleset_reads_with_one_name_and_one_date():
    calc = calculator("legion-attack")
    option = next(o for o in calc.options if o.name == "ruleset")
    names = [choice_words("ruleset", r, option.help)[0] for r in option.choices]
    # The names rulesengine/legion/rulesets.py gives, each with its one date.
    assert names == ["The current Core Rulebook, effective 29 May 2026, with the errata of 17 June 2026",
                     "The Core Rulebook (2.6), in force from 24 November 2025 until 28 May 2026",
                     "The owner's notes (Legion before July 2024)"]
    assert all(name.casefold() == full.casefold() for name, full in zip(names, NAMES.values()))
    _, root = attack({"black": 1, "ruleset": "2.6"})
    dd = root.find("dl").find("dd")
    assert dd.text() == names[1] and dd.attrs["title"] == "2.6"
    # A ruleset's sentence names no other date than its name does.
    for ruleset, (name, sentence) in PLAIN["ruleset"].items():
        dates = re.findall(r"(?:January|February|March|April|May|June|July|August|September|October|November|December)? ?\d{4}", sentence)
        assert all(d.strip() in name for d in dates), (ruleset, sentence)


GAME_NOUNS = {"arena", "surge", "defense", "defense_surge", "cover", "face"}
"""Choices whose values are the rules' own nouns (an arena, a die, a surge chart): they read
as themselves and need no sentence."""


@pytest.mark.parametrize("name", ["swtcg-attack", "swtcg-hidden-cost", "legion-attack"])
def test_every_choice_has_a_plain_name_and_one_sentence_shown_under_it(name):
    calc = calculator(name)
    choices = [o for o in calc.options if o.kind == "choice" and o.name not in GAME_NOUNS]
    assert choices
    for option in choices:
        assert set(option.choices) == set(PLAIN[option.name]), option.name
        for value in option.choices:
            plain_name, sentence = PLAIN[option.name][value]
            assert plain_name and plain_name != value and "-" not in plain_name, (option.name, value)
            assert sentence[:1].isupper() and sentence.endswith(".") and ". " not in sentence, (option.name, sentence)
        # Shown as Legion's are: the select offers the plain names, each option carries its
        # sentence, and the one for the value shown sits under the select.
        for value in option.choices:
            field = parse(render_field(option, value))
            select = field.find("select")
            items = [c for c in select.children if not isinstance(c, str)]
            assert [i.text() for i in items] == [PLAIN[option.name][c][0] for c in option.choices]
            assert [i.attrs["data-words"] for i in items] == [PLAIN[option.name][c][1] for c in option.choices]
            assert field.find("small", data_choice_words=True).text() == PLAIN[option.name][value][1]


def test_a_swtcg_result_names_its_choices_in_words():
    calc = calculator("swtcg-attack")
    result = compute(calc, {"power": 4, "evade": 1, "deflect": 1, "evade_policy": "leave-for-deflect", "deflect_policy": "nobody"})
    used = parse(f"<div>{result_html(calc, result, '')}</div>").find("dl", **{"class": "calculator-used"}).text()
    assert PLAIN["evade_policy"]["leave-for-deflect"][0] in used and PLAIN["deflect_policy"]["nobody"][0] in used
    assert "leave-for-deflect" not in used
    assert f"{PLAIN['deflect_policy']['nobody'][0]}. Deflect prevents" in used, "the plain name, then the engine's statement"


def test_a_reading_in_the_result_reads_in_words():
    calc = calculator("legion-attack")
    result = compute(calc, {"black": 2, "soresu": True, "soresu_reading": "all-or-nothing"})
    used = parse(f"<div>{result_html(calc, result, '')}</div>").find("dl", **{"class": "calculator-used"})
    dd = next(d for d in used.find_all("dd") if d.attrs.get("title") == "all-or-nothing")
    assert dd.text() == "{}. {}".format(*PLAIN["soresu_reading"]["all-or-nothing"])


def test_a_distribution_table_is_headed_in_words():
    _, root = attack({"black": 2})
    heads = [th.text() for th in root.find("figure", data_path="defender.wounds").find("thead").find_all("th")]
    assert heads == ["Wounds", "Exactly", "At least"]

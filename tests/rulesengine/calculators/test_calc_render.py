"""The renderer: DOM contract, form from option descriptions, exact tables checked
against brute-force enumeration, chart, policies, linked steps, escaping."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rulesengine.calculators.form import SHOWN_FIRST, render_form
from rulesengine.calculators.numbers import percent, rounded
from rulesengine.options import GROUPS, Option
from rulesengine.calculators.render import render_calculator
from tests.rulesengine.calculators.dom import Element, parse
from tests.rulesengine.calculators.toy import TOY, brute_force


def root_of(html: str):
    return parse(html).find("div", data_calculator="toy-attack")


def test_root_follows_the_dom_contract():
    root = root_of(render_calculator(TOY, {"dice": 2}))
    assert root.attrs["data-state"] == "static"
    assert root.attrs["class"] == "calculator"
    assert json.loads(root.attrs["data-preset"]) == {"dice": 2}
    assert root.attrs["data-base"] == ""
    assert [e.attrs["name"] for e in root.find_all() if e.tag in ("input", "select")] == ["dice", "armor", "faces", "cover", "guardian"]
    assert len(root.find_all("form")) == 1
    assert len(root.find_all(data_result=True)) == 1


def test_form_is_generated_from_the_options():
    form = root_of(render_calculator(TOY, {"dice": 3, "guardian": ("2,red,block", "1,white,none")})).find("form")
    number = form.find("input", name="dice")
    assert (number.attrs["type"], number.attrs["min"], number.attrs["max"], number.attrs["value"]) == ("number", "0", "5", "3")
    assert "0–5" in form.text(), "the allowed range is written out"
    assert form.find("input", name="armor").attrs["type"] == "checkbox"
    assert [o.attrs["value"] for o in form.find("select", name="cover").find_all("option")] == ["none", "light"]
    assert form.find("input", name="guardian").attrs["value"] == "2,red,block; 1,white,none"


def test_fields_and_featured_inputs_come_first_the_rest_folded_by_group():
    form = root_of(render_calculator(TOY, {}, featured=("cover",))).find("form")
    first = [e.attrs["name"] for e in form.find_all() if "name" in e.attrs and e.tag in ("input", "select")]
    assert first[:2] == ["cover", "dice"]
    groups = {d.attrs["data-group"]: d for d in form.find_all("details")}
    assert list(groups) == ["defender", "trace", "other"], "groups come in GROUPS order; untagged inputs in 'other'"
    names = {g: [e.attrs["name"] for e in d.find_all() if e.tag in ("input", "select")] for g, d in groups.items()}
    assert names == {"defender": ["armor"], "trace": ["faces"], "other": ["guardian"]}
    assert [d.find("summary").text() for d in groups.values()] == [GROUPS["defender"], GROUPS["trace"], GROUPS["other"]]
    assert all("open" not in d.attrs for d in groups.values()), "groups start folded"


def test_at_most_six_inputs_are_open():
    many = tuple(Option(f"n{i}", f"N{i}", "int", 0, 0, 3) for i in range(9))
    html = render_form(many, {}, [o.name for o in many])
    form = parse(html).find("form")
    open_inputs = [e for e in form.children if isinstance(e, Element) and e.tag == "label"]
    assert len(open_inputs) == SHOWN_FIRST == 6
    folded = form.find("details", data_group="other")
    assert [e.attrs["name"] for e in folded.find_all("input")] == ["n6", "n7", "n8"]


@pytest.mark.parametrize("repeatable", [False, True])
def test_a_face_list_is_text_marked_with_the_faces_a_die_may_show(repeatable):
    faces = Option("rolled", "Guardian faces", "text", None, choices=("block", "surge", "blank"), repeatable=repeatable, help="comma list")
    field = parse(render_form((faces,), {"rolled": ("block, blank", "surge") if repeatable else "block, blank"}, ["rolled"])).find("label")
    text = field.find("input", name="rolled")
    assert text.attrs["type"] == "text" and text.attrs["data-faces"] == "block surge blank"
    assert text.attrs["value"] == ("block, blank; surge" if repeatable else "block, blank")
    assert "placeholder" not in text.attrs, "a cut-off placeholder reads like a value"
    assert text.attrs.get("data-units") == ("guardian" if repeatable else None)
    hint = field.find("small").text()
    assert hint.startswith("block / surge / blank, one per die") and ("guardians by ;" in hint) == repeatable


def test_a_face_list_names_the_counts_whose_dice_it_lists():
    counts = tuple(Option(c, c.title(), "int", 0, 0, 9) for c in ("red", "black"))
    faces = Option("rolled", "Attack faces", "text", None, choices=("hit", "blank"), dice_from=("red", "black"))
    form = parse(render_form((*counts, faces), {"rolled": "hit"}, ["red", "black", "rolled"])).find("form")
    assert form.find("input", name="rolled").attrs["data-dice-from"] == "red black"
    plain = Option("rolled", "Defense faces", "text", None, choices=("block", "blank"))
    assert "data-dice-from" not in parse(render_form((plain,), {}, ["rolled"])).find("input", name="rolled").attrs


def test_checkbox_reflects_the_preset():
    form = root_of(render_calculator(TOY, {"armor": True})).find("form")
    assert "checked" in form.find("input", name="armor").attrs


@pytest.mark.parametrize("dice,armor", [(1, False), (2, True), (3, False), (4, True)])
def test_tables_are_exact_and_match_brute_force(dice, armor):
    root = root_of(render_calculator(TOY, {"dice": dice, "armor": armor}))
    figure = root.find("figure", data_path="defender.wounds")
    rows = figure.find("tbody").find_all("tr")
    oracle = brute_force(dice, armor)
    assert len(rows) == len(oracle)
    for row in rows:
        k, equal, at_least = (td for td in row.find_all("td"))
        k = int(k.text())
        assert Fraction(equal.find("span", **{"class": "fraction"}).text()) == oracle[k]
        assert Fraction(at_least.find("span", **{"class": "fraction"}).text()) == sum(p for j, p in oracle.items() if j >= k)
        assert equal.find("span", **{"class": "percent"}).text() == percent(oracle[k])
    assert figure.find("figcaption").text() == "Wounds on the defender"
    assert len(figure.find("svg").find_all("rect")) == len(oracle)


def test_a_certain_outcome_is_one_line_not_a_table():
    root = root_of(render_calculator(TOY, {"faces": "6,2,4"}))
    line = root.find("p", data_path="defender.wounds")
    assert line.text() == "Wounds on the defender: 2 (certain)"
    assert not root.find_all(data_path="defender.expected_wounds"), "the expected value would only repeat it"
    assert not root.find_all("figure", data_path="defender.wounds")


def test_quiet_parts_show_only_when_not_zero():
    from dataclasses import replace

    quiet = replace(TOY, quiet=("guardians",))
    none_hurt = root_of(render_calculator(quiet, {"dice": 1, "guardian": ("2,red,block",)}))
    assert not none_hurt.find_all(data_path="guardians[0].wounds")
    assert none_hurt.find_all(data_path="defender.wounds")
    shown = root_of(render_calculator(TOY, {"dice": 1, "guardian": ("2,red,block",)}))
    assert shown.find_all(data_path="guardians[0].wounds")


def test_expected_value_policies_and_ruleset_are_shown():
    root = root_of(render_calculator(TOY, {"dice": 3}))
    expected = root.find("p", data_path="defender.expected_wounds")
    assert "3/2" in expected.text() and "1.50" in expected.text()
    used = root.find("dl")
    # The player's words show; the engine's name (the command line's) stays in the title.
    assert "notes" in used.text() and "Blanks first" in used.text() and "blanks-first" not in used.text()
    assert used.find("dd", title="blanks-first") is not None


def test_labels_number_list_items():
    root = root_of(render_calculator(TOY, {"guardian": ("2,red,block", "1,white,none")}))
    assert root.find("figure", data_path="defender.wounds").find("figcaption").text() == "Wounds on the defender"
    assert root.find("p", data_path="guardians[0].wounds").text() == "Wounds on guardian 1: 0 (certain)"
    assert root.find("p", data_path="guardians[1].wounds").text() == "Wounds on guardian 2: 0 (certain)"


def test_trace_steps_link_to_the_rule_paragraph():
    root = root_of(render_calculator(TOY, {"faces": "6,2,4"}, base="../../"))
    step = root.find("li", data_step="4a")
    link = step.find("a")
    assert link.attrs["href"] == "../../legion/attack/#:~:text=Roll%20Dice,-%3A%20The%20attacker%20rolls"
    # The step's sentence is read; its state is a folded table for whoever wants it.
    state = step.find("details", **{"class": "calculator-state"})
    assert state is not None and "open" not in state.attrs
    assert state.find("th").text() == "hits" and state.find("td").text() == "2"
    assert "(hits" not in step.text()


def test_everything_is_escaped():
    html = render_calculator(TOY, {"dice": 1})
    assert "<rolled>" not in html and "Dice &lt;rolled&gt;" in html
    parse(html)  # well formed: every element closed


@pytest.mark.parametrize(
    "value,places,shown",
    [(Fraction(1, 8), 2, "0.13"), (Fraction(1, 3), 2, "0.33"), (Fraction(2, 3), 2, "0.67"), (Fraction(-5, 2), 0, "-3"), (Fraction(0), 2, "0.00"), (Fraction(1), 1, "1.0")],
)
def test_rounding_is_integer_arithmetic(value, places, shown):
    assert rounded(value, places) == shown


@pytest.mark.parametrize(
    "p,folded",
    [(Fraction(5, 36), False), (Fraction(1), False), (Fraction(2018029, 3538944), True), (Fraction(7**60, 6**80), True)],
)
def test_percent_first_and_a_long_exact_fraction_folded_under_a_short_summary(p, folded):
    from rulesengine.calculators.result import SHORT, _probability

    cell = parse(f"<td>{_probability(p)}</td>").find("td")
    first = next(c for c in cell.children if not isinstance(c, str))
    assert first.attrs["class"] == "percent" and first.text() == percent(p), "the percentage comes first"
    whole = cell.find_all("code", **{"class": "fraction"}) or cell.find_all("span", **{"class": "fraction"})
    assert Fraction(whole[0].text()) == p, "the exact value is all there"
    details = cell.find_all("details")
    assert bool(details) == folded == (len(str(p)) > SHORT)
    if not folded and "/" in str(p):  # a narrow column breaks it after the slash
        assert "/<wbr>" in _probability(p)
    if folded:
        summary = details[0].find("summary").text()
        # Never a cut form ("4010…/4010…" reads as 1): how many digits, the whole inside.
        top, _, bottom = str(p).partition("/")
        assert summary == f"exact fraction ({len(top)} digits over {len(bottom)})" and "…" not in summary
        assert details[0].find("code", data_fraction=True).text() == str(p)


@pytest.mark.parametrize("long", [False, True])
def test_a_distribution_keeps_long_fractions_out_of_its_cells_and_lists_each_once_below(long):
    from rulesengine.calculators.result import SHORT, _distribution

    # Three dice: short fractions (k/8); with a 7-sided die's chances, long ones.
    bottom = 7**12 if long else 8
    tops = [bottom // 4, bottom // 4, bottom // 4]
    dist = {str(k): str(Fraction(t, bottom)) for k, t in enumerate(tops)}
    dist["3"] = str(1 - sum(Fraction(t, bottom) for t in tops))
    figure = parse(_distribution("defender.wounds", "Wounds", dist)).find("figure")
    table = figure.find("table")
    cells = [row.find_all("td") for row in table.find_all("tr") if row.find_all("td")]
    chances = [Fraction(v) for v in dist.values()]
    at_least = [sum(chances[i:], Fraction(0)) for i in range(len(chances))]
    for (outcome, exactly, least), p, q in zip(cells, chances, at_least):
        assert exactly.find("span", **{"class": "percent"}).text() == percent(p)
        assert least.find("span", **{"class": "percent"}).text() == percent(q)
        for cell, value in ((exactly, p), (least, q)):
            # In the cells only when every value is short; a long one is never folded there.
            assert not cell.find_all("details")
            assert bool(cell.find_all("span", **{"class": "fraction"})) == (not long)
            assert len(str(value)) <= SHORT or long
    listed = figure.find_all("details", **{"class": "calculator-fractions"})
    assert bool(listed) == long
    if long:
        rows = [row.find_all("code") for row in listed[0].find_all("tr") if row.find_all("code")]
        assert [[Fraction(c.text()) for c in row] for row in rows] == [[p, q] for p, q in zip(chances, at_least)]

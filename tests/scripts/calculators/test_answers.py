"""scripts/calculators/answers.py: the answers a page shows while Python loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.calculators import api
from rulesengine.calculators.registry import for_keyword
from rulesengine.calculators.render import render_calculator
from scripts.calculators import answers as A


def guardian_x_html(base: str = "../../") -> str:
    found = for_keyword("legion", "Guardian X")
    assert found is not None
    calc, preset = found
    return render_calculator(calc, preset.values, featured=preset.featured, base=base)


def test_the_form_is_read_as_the_page_sends_it() -> None:
    controls = A.read_form(guardian_x_html())
    inputs = A.form_inputs(controls)
    assert inputs["guardian"] == "2,red,block" and inputs["pierce"] == 1 and inputs["black"] == 4
    assert inputs["defense"] == "white"  # the checked radio button
    assert inputs["surge"] == "hit" and inputs["immune_deflect"] is False
    open_fields = [c.name for c in controls if not c.folded]
    assert open_fields == ["guardian", "pierce", "red", "black", "white", "surge"]


def test_a_field_only_for_other_rulesets_is_not_sent() -> None:
    controls = [
        A.Control("ruleset", "select", "2024", choices=("2024", "2022")),
        A.Control("old", "number", "1", rulesets=("2022",)),
        A.Control("both", "number", "2", rulesets=("2022", "2024")),
    ]
    assert A.form_inputs(controls) == {"ruleset": "2024", "both": 2}
    assert A.form_inputs([A.Control("ruleset", "select", "2022"), *controls[1:]]) == {"ruleset": "2022", "old": 1, "both": 2}


def test_the_first_changes_are_one_step_from_the_form() -> None:
    controls = A.read_form(guardian_x_html())
    base = A.form_inputs(controls)
    changed = [A.form_inputs(state) for state in A.first_changes(controls)]
    differences = [{k: v for k, v in inputs.items() if base[k] != v} for inputs in changed]
    assert all(len(d) == 1 for d in differences), differences
    assert {"pierce": 2} in differences and {"pierce": 0} in differences
    assert {"black": 5} in differences and {"black": 3} in differences and {"red": 1} in differences
    assert {"red": -1} not in differences  # not below the stepper's minimum
    assert {"surge": "none"} in differences and {"surge": "crit"} in differences
    # A guardian's row: its count, its die, its surge chart, its first switch.
    guardians = {d["guardian"] for d in differences if "guardian" in d}
    assert guardians == {"3,red,block", "1,red,block", "2,white,block", "2,red,none", "2,red,block,immune-pierce"}


def test_rows_are_written_as_rows_mjs_writes_them() -> None:
    desc = next(c for c in A.read_form(guardian_x_html()) if c.name == "guardian").parts
    assert desc is not None
    item = A.parse_item(desc, "2, red, block, immune-pierce, dodge=1")
    assert item["x"] == 2 and item["die"] == "red" and item["immune_pierce"] is True and item["dodge"] == 1
    assert A.join_item(desc, item) == "2,red,block,immune-pierce,dodge=1"
    words = {"joined": "words", "repeatable": True, "parts": [
        {"name": "black", "kind": "int", "default": 0}, {"name": "blast", "kind": "bool", "default": False}]}
    assert A.join_item(words, A.parse_item(words, "blast")) == "black=0 blast"
    assert A.join_item(words, A.parse_item(words, "black=2 blast")) == "black=2 blast"


def test_each_answer_is_the_entry_points_and_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    html = guardian_x_html()
    found = A.answers_for(html, "../../", tmp_path)
    assert found is not None and found.calculator == "legion-attack"
    for key, response in found.answers.items():
        request = {"calculator": "legion-attack", "inputs": json.loads(key), "base": "../../"}
        assert response == json.loads(api.calculate(json.dumps(request)))
    # Kept under the engine's source and the request: nothing is computed again.
    monkeypatch.setattr(api, "calculate", lambda text: pytest.fail("computed again"))
    again = A.answers_for(html, "../../", tmp_path)
    assert again is not None and again.text() == found.text()


def test_the_page_names_its_answers_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CALCULATOR_ANSWERS", "on")
    page = f"<main>{guardian_x_html('../')}</main>"
    out = A.attach(page, "legion/Guardian X.md", tmp_path / "site", tmp_path / "cache")
    start = out.index('data-answers="') + len('data-answers="')
    address = out[start:out.index('"', start)]
    name = A.file_name("legion/Guardian X.md", "legion-attack")
    assert address.startswith(f"../{A.FOLDER}{name}?v=")
    text = (tmp_path / "site" / A.FOLDER / name).read_text(encoding="utf-8")
    assert json.loads(text)["base"] == "../"
    assert out.replace(f' data-answers="{address}"', "") == page
    monkeypatch.setenv("CALCULATOR_ANSWERS", "off")
    assert A.attach(page, "legion/Guardian X.md", tmp_path / "other", tmp_path / "cache") == page
    assert not (tmp_path / "other").exists()


def test_a_form_written_in_a_note_costs_at_most_max_answers(tmp_path: Path) -> None:
    choices = "".join(f'<option value="c{i}">c{i}</option>' for i in range(2000))
    html = ('<div class="calculator" data-calculator="legion-attack" data-base="">'
            f'<form><select name="surge">{choices}</select></form></div>')
    found = A.answers_for(html, "", tmp_path)
    assert found is not None and len(found.answers) == A.MAX_ANSWERS
    assert not any(response["ok"] for response in found.answers.values())  # the engine refuses each

"""A unit's answers computed at build for the Attack page (scripts/calculators/
unit_answers.py, issue 44): the requests are the ones the page sends for a unit page's link
and for a unit typed (the unit's fields as the engine's mapping gives them), and every
answer kept is the engine's, for units of every faction."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import for_page
from rulesengine.calculators.render import render_calculator
from rulesengine.legion.units import attacker_values, cards, find_unit
from scripts.calculators import answers, unit_answers
from scripts.calculators.units import units_text

BASE = "../../"


def attack_html() -> str:
    found = for_page("legion/Attack.md", "legion", None)
    assert found is not None
    calc, preset = found
    return render_calculator(calc, preset.values, featured=preset.featured, base=BASE)


@pytest.fixture(scope="module")
def data() -> dict[str, object]:
    return dict(json.loads(units_text()))


def sample(data: dict[str, object]) -> list[int]:
    """One unit of every faction that fires (the middle one of its faction)."""
    units = data["units"]
    assert isinstance(units, list)
    out = []
    for key, _ in data["factions"]:  # type: ignore[attr-defined]
        members = [i for i, u in enumerate(units) if u["faction"] == key and u["pools"] and u["minis"]]
        if members:
            out.append(members[len(members) // 2])
    return out


def test_a_fields_default_is_read_as_the_page_reads_it() -> None:
    html = ('<form><label class="calculator-field" data-default="3"><input name="red" type="number" value="1"></label>'
            '<div class="calculator-field" data-default="&quot;hit&quot;"><span>Surge</span><select name="surge">'
            '<option>none</option><option>hit</option></select></div><label class="calculator-field"><input name="x"></label></form>')
    assert answers.field_defaults(html) == {"red": 3, "surge": "hit"}


def test_the_requests_are_the_pages_and_the_fields_the_engines_mapping(data: dict[str, object]) -> None:
    html = attack_html()
    defaults = answers.field_defaults(html)
    fields = data["attackerFields"]
    assert isinstance(fields, list) and set(fields) <= set(defaults)
    units = data["units"]
    assert isinstance(units, list)
    picked = sample(data)
    assert len(picked) >= 6, "a unit of every faction"
    every = unit_answers.requests(html, data)
    for index in picked:
        entry = units[index]
        unit = find_unit(entry["name"])
        made = every[index]
        weapons = [w.name for w in unit.weapons if not w.refusal]
        linked = [r for r in made if r["weapon"]]
        assert [r["weapon"] for r in linked] == weapons, "one request per link of the unit's page"
        for request in linked:
            card = attacker_values(unit, assigned=[(str(request["weapon"]), None)]).as_dict()
            assert request["attacker_unit"] == unit.name and request["pool"] == "" and request["defender"] == ""
            assert {k: request[k] for k in card} == card, "the unit's fields: the engine's mapping"
            assert all(request[k] == defaults[k] for k in fields if k not in card), "the others: their defaults"
        typed = made[-1]
        card = attacker_values(unit).as_dict()
        assert typed["weapon"] == "" and typed["range"] == "" and typed["minis"] == 0
        assert {k: typed[k] for k in card} == card


def test_every_answer_kept_is_the_engines(data: dict[str, object], tmp_path: Path) -> None:
    html = attack_html()
    made = unit_answers.tables(html, "legion-attack", BASE, data, tmp_path)
    units = data["units"]
    assert isinstance(units, list)
    names = [str(u["name"]) for u in units]
    for index in sample(data):
        table = made[index]
        assert table.answers
        for key, response in table.answers.items():
            inputs = json.loads(key)
            request = {"calculator": "legion-attack", "inputs": inputs, "base": BASE}
            assert answers.request_key(inputs) == key
            assert inputs["attacker_unit"] == names[index]
            assert response == json.loads(calculate(json.dumps(request)))
            assert isinstance(response, dict) and response["ok"] is True, response


def test_only_the_attack_pages_first_calculator_gets_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    html = attack_html().replace('<div class="calculator" ', '<div class="calculator" data-unit-data="u.json" ', 1)
    page = f"<main>{html}</main>"
    monkeypatch.setenv("CALCULATOR_ANSWERS", "off")
    assert unit_answers.attach(page, "legion/Attack.md", tmp_path, tmp_path / "cache") == page
    monkeypatch.setenv("CALCULATOR_ANSWERS", "on")
    for other in ("legion/keywords/Pierce X.md", "legion/Dice.md", "legion/Surges.md"):  # the Attack page only
        assert unit_answers.attach(page, other, tmp_path, tmp_path / "cache") == page
    made = unit_answers.attach(page, "legion/Attack.md", tmp_path, tmp_path / "cache")
    pattern = re.search(r' data-unit-answers="([^"]+)"', made)
    assert pattern is not None and pattern.group(1).startswith(BASE + unit_answers.FOLDER)
    address = pattern.group(1).removeprefix(BASE).split("?")[0]
    stormtroopers = next(i for i, u in enumerate(json.loads(units_text())["units"]) if u["name"] == "Stormtroopers")
    table = json.loads((tmp_path / address.replace("{}", str(stormtroopers))).read_text(encoding="utf-8"))
    assert table["calculator"] == "legion-attack" and table["base"] == BASE
    assert any(json.loads(k)["weapon"] == "E-11 Blaster Rifle" for k in table["answers"])
    assert len(list((tmp_path / address).parent.glob("*.json"))) == sum(1 for u in cards().released if u.weapons)

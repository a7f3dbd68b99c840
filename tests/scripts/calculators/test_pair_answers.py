"""Two units' answers computed at build, figures only (scripts/calculators/pair_answers.py,
issue 44): the requests are the ones the page sends once two units are typed (a worked
example's faces following as trace-fit.mjs makes them), every stored answer is the engine's
for attackers of every faction, and the page's renderer turns the stored figures into the
entry point's very response."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import for_keyword, for_page
from rulesengine.calculators.render import render_calculator
from scripts.calculators import answers, pair_answers
from scripts.calculators.result_meta import meta
from scripts.calculators.units import units_text
from tests.scripts.calculators.test_result_html_js import RUNNER, vault_examples
from tests.scripts.calculators.test_unit_answers import sample

BASE = "../../../"


def guardian_x_form() -> str:
    """Guardian X's calculator as its page shows it: its first worked example loaded."""
    found = for_keyword("legion", "Guardian X")
    assert found is not None
    calc, preset = found
    example = next(inputs for name, inputs in vault_examples("Guardian X.md") if name == calc.name)
    return render_calculator(calc, example, featured=preset.featured, base=BASE)


def attack_form() -> str:
    """The Attack page's calculator as its page shows it: its first worked example loaded
    (the owner's notes' ruleset, where some fields are off and not sent)."""
    found = for_page("legion/Attack.md", "legion", None)
    assert found is not None
    calc, preset = found
    example = next(inputs for name, inputs in vault_examples("Attack.md") if name == calc.name)
    return render_calculator(calc, example, featured=preset.featured, base="../../")


@pytest.fixture(scope="module")
def data() -> dict[str, object]:
    return dict(json.loads(units_text()))


def test_faces_follow_the_dice_counts_as_trace_fit_makes_them() -> None:
    lists = {"attack_faces": ["red", "black", "white"], "guardian_faces": []}
    before = {"red": 3, "black": 0, "white": 1, "attack_faces": "hit, crit, hit, blank", "guardian_faces": "block"}
    fewer = {**before, "red": 1}
    pair_answers.follow_counts(before, fewer, lists)
    assert fewer["attack_faces"] == "hit, blank", "the red dice removed take their faces"
    added = {**before, "red": 4}
    pair_answers.follow_counts(before, added, lists)
    assert added["attack_faces"] == "hit, crit, hit", "a die added before a die with a face drops the faces after it"
    blacks = {**before, "black": 2, "white": 0}
    pair_answers.follow_counts(before, blacks, lists)
    assert blacks["attack_faces"] == "hit, crit, hit" and blacks["guardian_faces"] == "block"
    assert pair_answers.dice_from(guardian_x_form()) == {"attack_faces": ["red", "black", "white"], "guardian_faces": [], "defense_faces": []}


def answered(calculator: str, inputs: dict[str, object], base: str) -> dict[str, object]:
    return dict(json.loads(calculate(json.dumps({"calculator": calculator, "inputs": inputs, "base": base}))))


def stored_request(page: dict[str, object], table: dict[str, object], defender: int, diff: int) -> dict[str, object]:
    """The request a stored answer is for, rebuilt as answers.mjs rebuilds it."""
    names, fills, fill_of = page["units"], page["fills"], page["fillOf"]
    assert isinstance(names, list) and isinstance(fills, list) and isinstance(fill_of, list)
    assert isinstance(page["inputs"], dict) and isinstance(table["inputs"], dict) and isinstance(table["diffs"], list)
    fill = fills[fill_of[defender]] if defender >= 0 else {}
    return {**page["inputs"], **table["inputs"], **fill, **table["diffs"][diff], "defender_unit": names[defender] if defender >= 0 else ""}


def check_file(text: str, form: str, base: str, data: dict[str, object], index: int, every: int) -> list[dict[str, object]]:
    """Every `every`-th defender's stored chain against the engine; the answers checked."""
    table = json.loads(text)
    page = pair_answers.page_part(form, data)
    units = data["units"]
    assert isinstance(units, list)
    assert table["calculator"] == "legion-attack" and table["base"] == base
    assert table["inputs"]["attacker_unit"] == units[index]["name"]
    assert len(table["answers"]) == len(units)
    checked = []
    for d in [-1, *range(0, len(units), every)]:
        name = "" if d < 0 else str(units[d]["name"])
        chain = table["chains"][table["alone"] if d < 0 else table["answers"][d]]
        assert chain
        for diff, at in chain:
            inputs = stored_request(page, table, d, diff)
            assert set(inputs) == set(page["inputs"]), "the fields the form sends, no more (one off for the ruleset is not sent)"
            assert inputs["attacker_unit"] == units[index]["name"] and inputs["defender_unit"] == name
            stored = json.loads(json.dumps(table["responses"][at]).replace(json.dumps(pair_answers.NAME)[1:-1], name))
            engine = answered("legion-attack", inputs, base)
            if "error" in stored:
                assert {"error": engine["error"], "option": engine["option"]} == stored
            else:
                assert engine["ok"] is True and engine["result"] == stored["result"], (name, inputs)
            checked.append({"calculator": "legion-attack", "base": base, "response": engine, "stored": stored})
    return checked


@pytest.mark.parametrize("page", ["guardian-x", "attack"])
def test_every_stored_answer_is_the_engines(page: str, data: dict[str, object], tmp_path: Path) -> None:
    form, base = (guardian_x_form(), BASE) if page == "guardian-x" else (attack_form(), "../../")
    checked = []
    for index in sample(data):
        text = pair_answers.attacker_file("legion-attack", base, form, data, index, tmp_path)
        assert text is not None
        checked += check_file(text, form, base, data, index, every=23)
        # Kept: the second time is read from the cache, the same.
        assert pair_answers.attacker_file("legion-attack", base, form, data, index, tmp_path) == text
    assert len(checked) > 50
    if shutil.which("node"):
        # The page's renderer makes the entry point's whole response from the stored figures.
        corpus = tmp_path / "corpus.json"
        from rulesengine.calculators.registry import calculator

        corpus.write_text(json.dumps({"metas": {"legion-attack": meta(calculator("legion-attack"))}, "answers": checked}), encoding="utf-8")
        found = json.loads(subprocess.run(["node", str(RUNNER), str(corpus)], capture_output=True, text=True, check=True).stdout)
        assert found["compared"] == len(checked) and found["differing"] == 0, found["first"][:1]


def test_stormtroopers_against_rebel_troopers_on_guardian_x(data: dict[str, object], tmp_path: Path) -> None:
    """Issue 44's first pick: the page's request (its worked example's faces dropped, one refusal
    at a time) ends in the engine's answer for both units."""
    form = guardian_x_form()
    units = data["units"]
    assert isinstance(units, list)
    names = [u["name"] for u in units]
    text = pair_answers.attacker_file("legion-attack", BASE, form, data, names.index("Stormtroopers"), tmp_path)
    assert text is not None
    table = json.loads(text)
    rebels = names.index("Rebel Troopers")
    page = pair_answers.page_part(form, data)
    chain = table["chains"][table["answers"][rebels]]
    first = stored_request(page, table, rebels, chain[0][0])
    assert first["attack_faces"] == "" and first["guardian_faces"] == "block, block" and first["white"] == 4
    last = stored_request(page, table, rebels, chain[-1][0])
    assert last["guardian_faces"] == "" and last["defense_faces"] == ""
    response = answered("legion-attack", last, BASE)
    assert response["ok"] is True and response["result"]["defender"]["unit"] == "Rebel Troopers"
    assert json.loads(json.dumps(table["responses"][chain[-1][1]]).replace(json.dumps(pair_answers.NAME)[1:-1], "Rebel Troopers")) == {"result": response["result"]}


def test_only_the_covered_pages_get_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opening = '<div class="calculator" '
    page = "<main>" + attack_form().replace(opening, opening + 'data-unit-data="u.json" ', 1) + "</main>"
    monkeypatch.setenv("CALCULATOR_ANSWERS", "off")
    assert pair_answers.attach(page, "legion/Attack.md", tmp_path, tmp_path / "cache") == page
    monkeypatch.setenv("CALCULATOR_ANSWERS", "on")
    assert pair_answers.attach(page, "legion/Dice.md", tmp_path, tmp_path / "cache") == page
    assert answers.enabled()


@pytest.mark.parametrize("page", ["guardian-x", "attack"])
def test_defenders_alike_share_the_engines_answers_exactly(page: str, data: dict[str, object], tmp_path: Path) -> None:
    """Defenders the engine reads alike (`_profile`) are asked once: each file is byte for byte
    the file made by asking the engine for every defender."""
    form, base = (guardian_x_form(), BASE) if page == "guardian-x" else (attack_form(), "../../")
    part, read = pair_answers.page_part(form, data), pair_answers.read(form)
    units = data["units"]
    assert isinstance(units, list)
    names = [u["name"] for u in units]
    profiles = [pair_answers._profile(n, "") for n in names]
    assert len(set(profiles)) < len(names) - 30, "many defenders are alike"
    # An attacker of each faction, and one with Jedi Hunter (it reads the defender's Force icon).
    for name in ("Stormtroopers", "B1 Battle Droids", "Luke Skywalker (Jedi Knight)", "Boba Fett (Infamous Bounty Hunter)",
                 "AT-RT [Galactic Republic]", "Darth Vader (The Emperor's Apprentice)"):
        typed = pair_answers.attacker("legion-attack", base, data, names.index(name), tmp_path, part, read)
        assert typed is not None
        shared = pair_answers.computed("legion-attack", base, data, part, read, typed)
        assert shared == pair_answers.computed("legion-attack", base, data, part, read, typed, share=False), name


def test_defenders_alike_but_for_minis_and_wounds_share_one_chain(data: dict[str, object], tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Defenders the attack reads alike (`_reading`) but with other minis or wounds share one
    chain of engine answers, each one's minis defeated worked out from the same wounds: the
    file is byte for byte the one made by asking the engine for every defender. Against an
    attacker with Spray (its dice once per defending mini), defenders with other minis are
    asked apart, and that file too is the engine's."""
    units = data["units"]
    assert isinstance(units, list)
    names = [u["name"] for u in units]
    readings = {n: pair_answers._reading(n, "") for n in names}
    stormtroopers = readings["Stormtroopers"]
    assert stormtroopers is not None
    alike = [n for n in names if (r := readings[n]) is not None and r[0] == stormtroopers[0]]
    unit_of = {n: r[1] for n in alike if (r := readings[n]) is not None}
    others = ["Darth Vader (The Emperor's Apprentice)", "Rebel Troopers", "AT-RT [Galactic Republic]", "Wookiee Warriors"]
    kept = [u for u in units if u["name"] in alike + others]
    assert len({(u.minis, u.wounds) for u in unit_of.values()}) > 1, "minis or wounds differ"
    assert len({pair_answers._profile(n, "") for n in alike}) > 1
    # The card data is indexed by unit: a smaller list of defenders, the same index for the attacker.
    subset = {**data, "units": kept, "byRuleset": {}}
    form, base = attack_form(), "../../"
    part, read = pair_answers.page_part(form, subset), pair_answers.read(form)
    asked: list[str] = []
    chain = pair_answers._chain

    def counted(calculator: str, inputs: dict[str, object], *rest: object) -> object:
        asked.append(str(inputs.get("defender_unit", "")))
        return chain(calculator, inputs, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(pair_answers, "_chain", counted)
    attacker_index = [u["name"] for u in kept].index("Rebel Troopers")
    typed = pair_answers.attacker("legion-attack", base, subset, attacker_index, tmp_path, part, read)
    assert typed is not None
    shared = pair_answers.computed("legion-attack", base, subset, part, read, typed)
    assert len([n for n in asked if n in alike]) == 1, asked
    asked.clear()
    assert shared == pair_answers.computed("legion-attack", base, subset, part, read, typed, share=False)
    assert len(asked) == len(kept) + 1
    # Spray: Mandalorian Warriors with a Flame Projector (an upgrade: the pair files' attackers
    # have none, but the key holds the attacker's mapping against each defender).
    flame = dataclasses.replace(typed, kept=tmp_path / "spray.json",
                                start={**typed.start, "attacker_unit": "Mandalorian Warriors", "upgrade": "Flame Projector"})
    asked.clear()
    sprayed = pair_answers.computed("legion-attack", base, subset, part, read, flame)
    minis = {u.minis for u in unit_of.values()}
    assert len([n for n in asked if n in alike]) == len(minis) > 1, asked
    assert sprayed == pair_answers.computed("legion-attack", base, subset, part, read, flame, share=False)

"""The unit pickers' build-time data (scripts/calculators/units.py): what the page's script
looks up equals what the engine's own mapping gives, for a sample of units over every
faction, every weapon, minis and upgrade choice; every released unit is there; only a
Legion attack calculator is named to it; the pre-rendered result counts minis defeated."""

from __future__ import annotations


import json
from fractions import Fraction
import re
from pathlib import Path
from typing import Any

import pytest

from rulesengine.calculators.registry import calculator as by_name
from rulesengine.calculators.render import render_calculator
from rulesengine.errors import InputError
from rulesengine.legion.model import RULESETS
from rulesengine.legion.units import RANGES, attacker_values, cards, defender_values, find_unit, upgrades_for
from rulesengine.legion.units.cards import FACTIONS
from scripts.calculators import units
from scripts.site.shell.calculators_hook import has_legion

NOTES = units.NOTES


def lookup(unit: Any, pool: int, key: str) -> dict[str, object]:
    """As units.mjs `cardValues` reads the data: the pool's base, then the choice's changes."""
    entry = unit["attack"][pool]
    out = dict(entry[""])
    for name, value in (entry[key] if key else {}).items():
        if value is None:
            out.pop(name, None)
        else:
            out[name] = value
    return out


def engine(mapped: Any) -> dict[str, object]:
    values = mapped.as_dict()
    notes = [f"{n.keyword}: {n.reason}" for n in mapped.notes]
    return {**values, **({NOTES: notes} if notes else {})}


def words(data: Any, values: Any) -> dict[str, object]:
    notes = [data["notes"][i] for i in values.get(NOTES, [])]
    return {**{k: v for k, v in values.items() if k != NOTES}, **({NOTES: notes} if notes else {})}


def sample() -> list[str]:
    """Three units of each faction, those with the most upgrades that fit first."""
    out = []
    for faction in FACTIONS:
        members = sorted((u for u in cards().released if u.faction == faction and u.weapons),
                         key=lambda u: (-len(upgrades_for(u)), u.name))
        out += [u.name for u in members[:3]]
    return out


def test_every_released_unit_is_there_grouped_by_faction() -> None:
    data: Any = units.units_data()
    names = [u["name"] for u in data["units"]]
    assert sorted(names) == sorted(u.name for u in cards().released)
    order = [list(FACTIONS).index(u["faction"]) for u in data["units"]]
    assert order == sorted(order), "the list is grouped by faction"
    assert data["rulesets"] == list(RULESETS)
    json.dumps(data)  # the site serves it as JSON


def test_looked_up_values_equal_the_engines_mapping_over_every_faction() -> None:
    """Every pool the picker offers (the default at each range, each weapon for every mini),
    every choice of upgrades, and minis without upgrades: the values looked up under the key
    units.mjs makes (the upgrades relevant to the pool) equal the engine's, all upgrades on."""
    data: Any = units.units_data()
    by_name = {u["name"]: u for u in data["units"]}
    chosen = sample()
    assert {find_unit(n).faction for n in chosen} == set(FACTIONS)
    checked = 0
    for name in chosen:
        unit, entry = find_unit(name), by_name[name]
        fitting = upgrades_for(unit)
        assert entry["upgrades"] == [u.name for u in fitting]
        assert words(data, entry["defense"]) == engine(defender_values(unit))
        offered = units.pools(unit, fitting)
        assert entry["pools"] == [[at, w, owner, list(rel)] for at, w, owner, rel in offered]
        for p, pool in enumerate(offered):
            at, weapon, owner, _ = pool
            assigned = [(weapon, None)] if weapon else []
            for picked in units.choices(unit, fitting):
                if owner >= 0 and owner not in picked:
                    continue
                upgrades = tuple(fitting[i] for i in picked)
                for minis in dict.fromkeys((None, 1, unit.minis or None) if not picked else (None,)):
                    key = units.pool_key(pool, minis, picked)
                    try:
                        expected = engine(attacker_values(unit, None, minis, upgrades, at=at, assigned=assigned))
                    except InputError:
                        assert key not in entry["attack"][p] or key == "|" and not entry["attack"][p][""]
                        continue
                    assert words(data, lookup(entry, p, "" if key == "|" else key)) == expected, (name, pool, key)
                    checked += 1
    assert checked > 1000


def test_the_picker_offers_every_range_and_every_weapon_in_the_players_words() -> None:
    data: Any = units.units_data()
    storm = next(u for u in data["units"] if u["name"] == "Stormtroopers")
    assert [p[0] for p in storm["pools"][:6]] == ["", *RANGES]
    grenades = storm["upgrades"].index("Impact Grenades")
    assert ["", "Impact Grenade", grenades] in [p[:3] for p in storm["pools"]]
    fire_support = next(u for u in data["units"] if u["name"] == "Mandalorian Warriors (Fire Support)")
    assert any(kind == "heavy weapon" for kind, _ in fire_support["slots"])


def test_fields_a_unit_fills_are_the_engines_options() -> None:
    from rulesengine.legion.inputs import OPTIONS

    data: Any = units.units_data()
    options = {o.name for o in OPTIONS}
    assert {"red", "black", "white", "surge", "precise"} <= set(data["attackerFields"])
    assert {"defense", "defense_surge", "courage"} <= set(data["defenderFields"])
    assert set(data["attackerFields"]) | set(data["defenderFields"]) <= options


def test_another_rulesets_changes_are_kept_whole() -> None:
    data: Any = units.units_data()
    for ruleset, changed in data["byRuleset"].items():
        for index, entries in changed.items():
            unit = find_unit(data["units"][int(index)]["name"])
            if "defense" in entries:
                assert words(data, entries["defense"]) == engine(defender_values(unit, ruleset=ruleset))


def test_only_a_legion_attack_calculator_is_named_to_the_data(tmp_path: Path) -> None:
    legion = render_calculator(by_name("legion-attack"), {"red": 1}, base="../../")
    swtcg = render_calculator(by_name("swtcg-attack"), {}, base="../../")
    out = units.attach(f"<main>{legion}{swtcg}</main>", tmp_path)
    named = re.findall(r'<div class="calculator"[^>]*>', out)
    assert units.ATTRIBUTE in named[0] and units.ATTRIBUTE not in named[1]
    assert re.search(rf'{units.ATTRIBUTE}="\.\./\.\./{units.ADDRESS}\?v=[0-9a-f]{{12}}"', named[0])
    assert json.loads((tmp_path / units.ADDRESS).read_text(encoding="utf-8"))["units"]
    assert units.attach(swtcg, tmp_path / "other") == swtcg


def test_a_vault_without_the_legion_game_gets_no_pickers() -> None:
    config: Any = {"extra": {"vault": {"games": {"legion": "Legion", "swtcg": "SWTCG"}}}}
    assert has_legion(config)
    config["extra"]["vault"]["games"].pop("legion")
    assert not has_legion(config)
    assert not has_legion({"extra": {}})  # type: ignore[arg-type]


def test_the_form_shows_the_units_first_and_the_result_counts_minis_defeated() -> None:
    html = render_calculator(by_name("legion-attack"), {"attacker_unit": "Stormtroopers", "defender_unit": "Rebel Troopers"},
                             featured=("attacker_unit", "pierce"))
    form = html[html.index("<form"):html.index("</form>")]
    assert form.index('class="calculator-more calculator-units"') < form.index('name="pierce"')
    assert 'value="Stormtroopers"' in form and 'value="Rebel Troopers"' in form
    result = html[html.index("data-result"):]
    assert "Minis defeated" in result and "Wounds on the defender" in result
    assert result.index("Wounds on the defender") < result.index("Minis defeated")


def test_the_live_regions_sentence_says_the_minis_defeated_after_the_wounds() -> None:
    from rulesengine.calculators.api import calculate

    request = {"calculator": "legion-attack", "inputs": {"attacker_unit": "Stormtroopers", "defender_unit": "Rebel Troopers"}, "base": ""}
    answer = json.loads(calculate(json.dumps(request)))
    expected = answer["result"]["defender"]["expected_minis_defeated"]
    said = answer["summary"]
    assert said.startswith("Wounds on the defender:") and said.endswith(f"Minis defeated: {float(Fraction(expected)):.2f} expected.")
    request["inputs"] = {"red": 2}
    assert "Minis defeated" not in json.loads(calculate(json.dumps(request)))["summary"]

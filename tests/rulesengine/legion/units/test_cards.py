"""The card data copy: every released unit loads and is found by its name; each quirk of
the data is handled or kept with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.legion import units
from rulesengine.legion.units.cards import parse

DATA = Path(units.__file__).parent / "data"


def test_the_copy_carries_its_licence_and_source_and_no_card_text() -> None:
    assert "MIT License" in (DATA / "LICENSE").read_text()
    assert "legion-hq-web" in (DATA / "SOURCE.md").read_text()
    raw = json.loads((DATA / "cards.json").read_text())
    fields = {k for card in raw["units"] + raw["upgrades"] for k in card}
    assert not fields & {"imageName", "history", "text", "description", "ttsName"}
    assert units.cards().date == "2026-06-19"


def test_every_released_unit_loads_and_is_found_by_its_name() -> None:
    source = units.cards()
    released = source.released
    assert len(source.units) == 178 and len(released) == 166
    assert len({u.name for u in source.units}) == len(source.units)
    assert set(units.FACTIONS) == {u.faction for u in released}
    for unit in released:
        assert units.find_unit(unit.name) is unit
        assert (unit.minis >= 1 or any(q.where == "minis" for q in unit.quirks)) and unit.wounds >= 1
        assert unit.defense in ("red", "white") and unit.attack_surge in ("none", "hit", "crit")
        units.defender_values(unit)
        if unit.weapons and unit.minis:
            units.attacker_values(unit)
        elif unit.weapons:
            with pytest.raises(InputError, match="--upgrade"):
                units.attacker_values(unit)
            picked = units.upgrades_for(unit)[:2]
            assert units.attacker_values(unit, upgrades=picked).as_dict()["black"] != 0


def test_a_title_tells_apart_two_cards_of_one_name() -> None:
    assert units.find_unit("Stormtroopers").title == ""
    hru = units.find_unit("Stormtroopers (Heavy Response Unit)")
    assert hru.title == "Heavy Response Unit"
    assert units.find_unit("stormtroopers: heavy response unit") is hru
    with pytest.raises(InputError, match="Darth Vader \\(Dark Lord of the Sith\\), Darth Vader \\(The Emperor's Apprentice\\)"):
        units.find_unit("Darth Vader")


def test_a_name_not_found_lists_the_closest() -> None:
    with pytest.raises(InputError) as caught:
        units.find_unit("Stormtrooper", "--defender-unit")
    assert caught.value.option == "--defender-unit"
    assert "closest: Stormtroopers" in caught.value.allowed


def test_an_unreleased_unit_is_not_offered() -> None:
    unreleased = [u for u in units.cards().units if not u.released]
    assert len(unreleased) == 12
    with pytest.raises(InputError, match="not released yet"):
        units.find_unit("Mace Windu (Jedi Council)")


def test_a_vehicle_keeps_its_resilience_in_courage() -> None:
    atst = units.find_unit("AT-ST")
    assert atst.vehicle and atst.courage is None and atst.resilience == 8  # "courage": 8 in the data
    values = units.defender_values(atst).as_dict()
    assert values["vehicle"] is True and "courage" not in values


def test_zero_means_none() -> None:
    vader = units.find_unit("Darth Vader (Dark Lord of the Sith)")
    assert vader.courage is None
    mapped = units.defender_values(vader)
    assert "courage" not in mapped.as_dict()
    assert any(n.keyword == "Courage" and "never gains suppression" in n.reason for n in mapped.notes)
    bikes = units.find_unit("74-Z Speeder Bikes")
    assert bikes.vehicle and bikes.resilience is None


def test_a_courage_below_zero_is_reported() -> None:
    hondo = units.find_unit("Hondo Ohnaka")
    assert hondo.courage is None
    assert any(q.where == "courage" and "-1" in q.reason for q in hondo.quirks)
    assert any("-1" in n.reason for n in units.defender_values(hondo).notes)


def test_x_values_typed_as_strings() -> None:
    keyword = units.Keyword("Weak Point", "1: Rear")
    assert (keyword.number, keyword.qualifier, keyword.label) == (1, "Rear", "Weak Point 1: Rear")
    assert units.Keyword("Armor", "5").number == 5 and units.Keyword("Compel", "Corps").number is None
    atst = units.find_unit("AT-ST")
    assert units.defender_values(atst).as_dict()["armor_x"] == 5  # typed "5" in the data
    notes = units.defender_values(atst).notes
    assert any(n.keyword.startswith("Weak Point") and "--weak-point" in n.reason for n in notes)
    hondo = units.find_unit("Hondo Ohnaka")
    assert {q.where for q in hondo.quirks} >= {"Arsenal", "Reliable", "Uncanny Luck"}
    assert "uncanny_luck" not in units.defender_values(hondo).as_dict()


def test_a_null_range() -> None:
    swoop = units.find_unit("Swoop Bike Riders")
    axe = swoop.weapon("Vibro-Ax")
    assert axe is not None and axe.range_min is None and not axe.melee and not axe.ranged
    assert any("no range" in q.reason for q in swoop.quirks)
    values = units.attacker_values(swoop, axe).as_dict()
    assert values["overrun"] is True and "melee" not in values


def test_a_unit_without_a_weapon_cannot_attack() -> None:
    with pytest.raises(InputError, match="--attacker-unit"):
        units.attacker_values(units.find_unit("C-3P0"))


def test_parse_reads_a_given_text() -> None:
    text = json.dumps({"date": "2030-01-01", "source": "test", "upgrades": [], "units": [
        {"id": "a", "cardName": "Walker", "cardSubtype": "ground vehicle", "faction": "empire", "rank": "heavy", "cost": 1,
         "keywords": [{"name": "Armor", "value": "2"}], "stats": {"minicount": 1, "hp": 9, "defense": "r", "courage": 0,
         "speed": 1, "hitsurge": "", "defsurge": ""}, "weapons": [], "isUnreleased": "soon"}]})
    walker = parse(text).units[0]
    assert walker.resilience is None and not walker.released and walker.keyword("Armor") == units.Keyword("Armor", "2")


def test_the_picker_json() -> None:
    catalogue = units.catalogue_json()
    factions = catalogue["factions"]
    assert isinstance(factions, list) and [f["key"] for f in factions] == list(units.FACTIONS)
    storm = next(u for f in factions for u in f["units"] if u["name"] == "Stormtroopers")
    assert storm["default_weapon"] == "E-11 Blaster Rifle"
    assert "DLT-19 Stormtrooper" in [u["name"] for u in storm["upgrades"]]
    assert catalogue["ranges"] == list(units.RANGES)
    fire = next(u for f in factions for u in f["units"] if u["name"] == "Mandalorian Warriors (Fire Support)")
    assert [u["name"] for u in fire["upgrades"]] == [u.name for u in units.upgrades_for(units.find_unit(fire["name"]))]
    assert any(u["kind"] == "heavy weapon" and u["weapons"] for u in fire["upgrades"])
    iden = next(u for f in factions for u in f["units"] if u["name"] == "Iden Versio")
    assert "1–∞" in [w["range"] for w in iden["weapons"]]
    filled = units.fill_json({"attacker_unit": "Stormtroopers", "upgrade": "DLT-19 Stormtrooper", "defender_unit": "AT-ST"})
    assert filled["attacker"] == {"values": {"red": 2, "black": 0, "white": 4, "surge": "hit", "precise": 1, "impact": 1},
                                  "notes": [], "minis": 5,
                                  "pool": "the default pool at range 3: E-11 Blaster Rifle × 4 minis, "
                                          "DLT-19 Blaster Rifle (DLT-19 Stormtrooper) × 1 mini"}
    defender = filled["defender"]
    assert isinstance(defender, dict) and defender["values"]["armor_x"] == 5
    with pytest.raises(InputError, match="--defender-unit"):
        units.fill_json({"defender_unit": "nobody"})

"""A unit stands for the dice and keywords on its card: the same attack typed by hand gives
the same exact distribution, for a sample of units of every faction (typed here from the
cards as a player reads them)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from rulesengine.distribution import Distribution
from rulesengine.legion import api, units

# (attacker, weapon, defender) -> the same attack typed by hand from the two cards.
SAMPLE: list[tuple[str, str, str, dict[str, object]]] = [
    ("Stormtroopers", "E-11 Blaster Rifle", "Rebel Troopers",
     {"white": 4, "surge": "hit", "precise": 1, "defense": "white", "defense_surge": "block"}),
    ("1.4 FD Laser Cannon Team", "Blaster Pistols", "Stormtroopers",
     {"white": 4, "surge": "hit", "defense": "red", "courage": 1}),
    ("Agent Kallus", "J-19 Bo-Rifle", "Rebel Troopers",
     {"red": 1, "black": 3, "critical": 1, "lethal": 1, "defense": "white", "defense_surge": "block"}),
    ("Black Sun Vigo", "Vigo's BH-4 Double Blaster", "AT-ST",
     {"black": 2, "white": 2, "defense": "white", "defense_surge": "block", "vehicle": True, "armor_x": 5}),
    ("Aqua Droids", "Laser Cannon", "ARF Troopers",
     {"black": 3, "white": 3, "surge": "hit", "defense": "red", "courage": 2, "low_profile": True}),
    ("ARF Troopers", "DC-15A Blaster Rifle", "Aqua Droids",
     {"black": 4, "defense": "white", "defense_surge": "block", "armor_x": 2}),
    ("Rook Kast", "Dual Pistols", "Gar Saxon (Head of Clan Saxon)",
     {"red": 2, "black": 2, "surge": "crit", "defense": "red", "defense_surge": "block", "courage": 2, "impervious": True}),
    ("Gar Saxon (Head of Clan Saxon)", "Dual Pistols", "Darth Vader (Dark Lord of the Sith)",
     {"red": 2, "black": 2, "surge": "crit", "marksman": True, "defense": "red", "deflect": True, "immune_pierce": True}),
    # two bikes, each Ax-20 with Impact 1: the pool has Impact 2 (weapon keywords add up)
    ("74-Z Speeder Bikes", "Ax-20 Blaster Cannons", "Black Sun Vigo",
     {"red": 2, "black": 2, "white": 2, "surge": "hit", "impact": 2, "defense": "red", "courage": 2}),
]


def _wounds(result: dict[str, object]) -> Distribution[int]:
    defender = result["defender"]
    assert isinstance(defender, dict)
    return Distribution({int(k): Fraction(v) for k, v in defender["wounds"].items()})


@pytest.mark.parametrize("attacker,weapon,defender,typed", SAMPLE, ids=[s[0] for s in SAMPLE])
def test_a_unit_gives_the_typed_distribution(attacker: str, weapon: str, defender: str, typed: dict[str, object]) -> None:
    by_unit = api.run({"attacker_unit": attacker, "weapon": weapon, "defender_unit": defender})
    assert _wounds(by_unit) == _wounds(api.run(typed))
    assert by_unit["steps"] == api.run(typed)["steps"]


def test_the_sample_covers_every_faction() -> None:
    factions = {units.find_unit(name).faction for a, _, d, _ in SAMPLE for name in (a, d)}
    assert factions == set(units.FACTIONS)


def test_a_heavy_weapon_adds_its_mini_and_its_weapon() -> None:
    storm = units.find_unit("Stormtroopers")
    dlt = units.find_upgrade("DLT-19 Stormtrooper", storm)
    values = units.attacker_values(storm, upgrades=[dlt]).as_dict()
    # four E-11 (1 white each) and one DLT-19 (2 red, Impact 1)
    assert values == {"red": 2, "black": 0, "white": 4, "surge": "hit", "precise": 1, "impact": 1}
    personnel = units.find_upgrade("Stormtrooper", storm)
    assert units.attacker_values(storm, upgrades=[personnel]).as_dict()["white"] == 5


def test_weapon_keywords_of_the_pool_add_up() -> None:
    storm = units.find_unit("Stormtroopers")
    two = [units.find_upgrade("DLT-19 Stormtrooper", storm), units.find_upgrade("HH-12 Stormtrooper", storm)]
    values = units.attacker_values(storm, upgrades=two, at="2").as_dict()
    # at range 2: four E-11 (white), the DLT-19 (2 red, Impact 1), the HH-12 (3 black, Impact 3, Cumbersome)
    assert (values["red"], values["black"], values["white"], values["impact"], values["cumbersome"]) == (2, 3, 4, 4, True)
    # --minis 2: the two minis whose weapons roll the most hits fire
    values = units.attacker_values(storm, minis=2, upgrades=two, at="2").as_dict()
    assert (values["red"], values["black"], values["white"], values["impact"]) == (2, 3, 0, 4)
    # at range 1 the HH-12 (range 2-4) does not reach: its mini fires an E-11 instead
    values = units.attacker_values(storm, upgrades=two, at="1").as_dict()
    assert (values["red"], values["black"], values["white"], values["impact"]) == (2, 0, 5, 1)


def test_minis_and_flags_beside_a_unit() -> None:
    base = {"attacker_unit": "Stormtroopers", "defender_unit": "Rebel Troopers"}
    assert _wounds(api.run({**base, "minis": 2})) == _wounds(api.run({"white": 2, "surge": "hit", "precise": 1,
                                                                        "defense": "white", "defense_surge": "block"}))
    # a flag beside the unit overrides it (white) or adds to it (pierce)
    typed = {"white": 3, "surge": "hit", "precise": 1, "pierce": 1, "defense": "white", "defense_surge": "block"}
    assert _wounds(api.run({**base, "white": 3, "pierce": 1})) == _wounds(api.run(typed))


def test_jedi_hunter_needs_a_force_icon_on_the_defender() -> None:
    hunter = next(u for u in units.cards().released if u.keyword("Jedi Hunter") and u.weapons)
    luke = units.find_unit("Luke Skywalker (Jedi Knight)")
    assert "force" in luke.upgrade_bar
    assert units.attacker_values(hunter, defender=luke).as_dict().get("jedi_hunter") is True
    troopers = units.find_unit("Rebel Troopers")
    mapped = units.attacker_values(hunter, defender=troopers)
    assert "jedi_hunter" not in mapped.as_dict() and any(n.keyword == "Jedi Hunter" for n in mapped.notes)


def test_a_keyword_the_engine_does_not_model_is_noted() -> None:
    notes = units.defender_values(units.find_unit("Rebel Troopers")).notes
    assert {n.keyword: n.reason for n in notes} == {"Agile 1": units.NOT_MODELLED, "Nimble": units.NOT_MODELLED}


def test_a_keyword_of_one_ruleset_only() -> None:
    vader = units.find_unit("Darth Vader (Dark Lord of the Sith)")
    shien = next(u for u in units.cards().released if u.keyword("Shien Mastery"))
    assert "shien_mastery" not in units.defender_values(shien, ruleset="notes").as_dict()
    assert units.defender_values(shien, ruleset="2.6").as_dict()["shien_mastery"] is True
    assert units.defender_values(shien).as_dict()["shien_mastery"] is True  # 2026, the default, keeps it
    assert units.defender_values(vader).as_dict()["deflect"] is True


def test_minis_defeated_against_an_oracle() -> None:
    # AT-ST: one mini of 8 wounds; Rebel Troopers: four of 1 wound
    result = api.run({"red": 3, "black": 3, "defender_unit": "Rebel Troopers"})
    defender = result["defender"]
    assert isinstance(defender, dict)
    wounds = _wounds(result)
    expected: dict[int, Fraction] = {}
    for w, p in wounds.items():
        expected[min(w, 4)] = expected.get(min(w, 4), Fraction(0)) + p
    assert {int(k): Fraction(v) for k, v in defender["minis_defeated"].items()} == expected
    assert (defender["unit"], defender["minis"], defender["wounds_per_mini"]) == ("Rebel Troopers", 4, 1)
    hp3 = units.find_unit("Aqua Droids")
    defeated = units.minis_defeated(Distribution({0: 1, 2: 1, 3: 1, 7: 1, 12: 1}), hp3)
    assert defeated == Distribution({0: 2, 1: 1, 2: 1, 3: 1})


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", "legion", *args], capture_output=True, text=True, check=False)


def test_the_command_line_takes_units() -> None:
    by_unit = _cli("--attacker-unit", "Stormtroopers", "--weapon", "E-11 Blaster Rifle", "--defender-unit", "Rebel Troopers", "--json")
    typed = _cli("--white", "4", "--surge", "hit", "--precise", "1", "--defense", "white", "--defense-surge", "block", "--json")
    assert by_unit.returncode == typed.returncode == 0
    assert '"minis_defeated"' in by_unit.stdout
    table = _cli("--attacker-unit", "Stormtroopers", "--upgrade", "DLT-19 Stormtrooper", "--defender-unit", "Rebel Troopers")
    assert "Minis defeated (Rebel Troopers: 4 minis, 1 wound each)" in table.stdout


@pytest.mark.parametrize("args,option,closest", [
    (("--attacker-unit", "Stormtrooper"), "--attacker-unit", "Stormtroopers"),
    (("--defender-unit", "Rebel Trooper"), "--defender-unit", "Rebel Troopers"),
    (("--attacker-unit", "Stormtroopers", "--weapon", "E11"), "--weapon", "E-11 Blaster Rifle"),
    (("--attacker-unit", "Stormtroopers", "--upgrade", "DLT19 Stormtrooper"), "--upgrade", "DLT-19 Stormtrooper"),
    (("--attacker-unit", "Stormtroopers", "--minis", "5"), "--minis", "1 to 4"),
    (("--weapon", "E-11 Blaster Rifle"), "--weapon", "only with --attacker-unit"),
])
def test_a_name_not_found_is_one_line_naming_the_option(args: tuple[str, ...], option: str, closest: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"rulesengine legion: {option}: ")
    assert closest in done.stderr


def test_an_option_another_change_adds_maps_once_it_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    """Overwhelm and Sniper Team map to options named overwhelm and sniper_team as soon as
    OPTIONS has them (looked up by name); until then they are noted as not in the calculators."""
    from rulesengine.legion.units import mapping
    from rulesengine.options import Option

    commandos = units.find_unit("Rebel Commandos (Strike Team)")
    sniper = units.find_upgrade("DH-447 Sniper", commandos)
    rifle = sniper.weapons[0]
    unit_weapon = next(w for w in commandos.weapons if w.ranged)
    both = [(unit_weapon.name, None), (rifle.name, None)]
    before = units.attacker_values(commandos, upgrades=[sniper], assigned=both)
    if "overwhelm" not in mapping._BY_NAME:
        assert any("Overwhelm" in n.keyword and n.reason == units.NOT_MODELLED for n in before.notes)
    extra = {"overwhelm": Option("overwhelm", "Overwhelm", "bool", False), "sniper_team": Option("sniper_team", "Sniper Team", "bool", False)}
    monkeypatch.setattr(mapping, "_BY_NAME", {**mapping._BY_NAME, **extra})
    after = units.attacker_values(commandos, upgrades=[sniper], assigned=both).as_dict()
    # Overwhelm counts when a weapon has it; Sniper Team and High Velocity only when every weapon has them
    assert after["overwhelm"] is True and "sniper_team" not in after and "high_velocity" not in after
    alone = units.attacker_values(commandos, upgrades=[sniper], assigned=[(rifle.name, None)]).as_dict()
    assert alone["sniper_team"] is True and alone["high_velocity"] is True
    assert rifle.keyword("High Velocity") is not None  # not every weapon of the pool has it: left out

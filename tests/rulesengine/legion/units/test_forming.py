"""Pools formed as the rules form them once upgrades are on (issue 42): each case gives the
same exact distribution as the same dice typed by hand from the cards (worked out below,
as a player reads the cards; the rule texts are Form Attack Pool, Arsenal, Spray, Overrun,
Blast, High Velocity and the X keywords of the Core Rulebook)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion import api, units
from rulesengine.legion.units import forming

REBEL_TROOPERS = {"defense": "white", "defense_surge": "block", "courage": 1}
STORMTROOPERS = {"defense": "red", "defense_surge": "none", "courage": 1}
AT_ST = {"defense": "white", "defense_surge": "block", "vehicle": True, "armor_x": 5}

# (by unit, the same attack typed by hand, why)
CASES: list[tuple[dict[str, object], dict[str, object], str]] = [
    ({"attacker_unit": "AT-RT [Rebel Alliance]", "upgrade": "AT-RT Flamethrower", "range": "1", "defender_unit": "Rebel Troopers"},
     {"black": 8, "surge": "hit", "blast": True, **REBEL_TROOPERS},
     "one mini, one weapon: the Flamethrower's 2 black, Spray: once per defending mini (4), Blast; the melee claws stay out"),
    ({"attacker_unit": "Swoop Bike Riders", "weapon": ["Vibro-Ax"], "defender_unit": "Stormtroopers"},
     {"red": 1, "white": 2, "surge": "hit", "overrun": True, **STORMTROOPERS},
     "two bikes, but an Overrun weapon goes in once: 1 red, 2 white"),
    ({"attacker_unit": "Chewbacca (Let the Wookiee Win)", "weapon": ["MS-4 Twin Blaster"], "defender_unit": "AT-ST"},
     {"red": 2, "surge": "crit", "impact": 3, **AT_ST},
     "the MS-4 Twin Blaster: 2 red, Fixed: Front and Impact 3 (the data joins them in one keyword)"),
    ({"attacker_unit": "Stormtroopers", "upgrade": "Impact Grenades", "weapon": ["Impact Grenade=1", "E-11 Blaster Rifle"],
      "defender_unit": "AT-ST"},
     {"black": 1, "white": 3, "surge": "hit", "precise": 1, "impact": 4, **AT_ST},
     "one trooper throws the grenade (1 black, Impact 4), the other three fire their E-11 (1 white each)"),
    ({"attacker_unit": "Stormtroopers", "upgrade": "Concussion Grenades", "weapon": "Concussion Grenade=1;E-11 Blaster Rifle",
      "defender_unit": "Rebel Troopers", "cover": "heavy"},
     {"black": 1, "white": 3, "surge": "hit", "precise": 1, "blast": True, "cover": "heavy", **REBEL_TROOPERS},
     "one Blast weapon gives the pool Blast: heavy cover cancels nothing"),
    ({"attacker_unit": "Stormtroopers", "upgrade": "DLT-19 Stormtrooper", "range": "4", "defender_unit": "Rebel Troopers"},
     {"red": 2, "surge": "hit", "precise": 1, "impact": 1, **REBEL_TROOPERS},
     "at range 4 the E-11s (range 1-3) do not reach: the DLT-19 alone, 2 red, Impact 1"),
    ({"attacker_unit": "Stormtroopers", "upgrade": "DLT-19 Stormtrooper", "range": "2", "defender_unit": "Rebel Troopers"},
     {"red": 2, "white": 4, "surge": "hit", "precise": 1, "impact": 1, **REBEL_TROOPERS},
     "at range 2: four E-11 and the DLT-19, one weapon per mini"),
    ({"attacker_unit": "Stormtroopers", "upgrade": "HH-12 Stormtrooper", "range": "1", "defender_unit": "AT-ST"},
     {"white": 5, "surge": "hit", "precise": 1, **AT_ST},
     "the HH-12 (range 2-4) does not reach range 1: its mini fires the unit's E-11 instead"),
]


def _wounds(result: dict[str, object]) -> Distribution[int]:
    defender = result["defender"]
    assert isinstance(defender, dict)
    return Distribution({int(k): Fraction(v) for k, v in defender["wounds"].items()})


@pytest.mark.parametrize("by_unit,typed,why", CASES, ids=[c[2].split(":")[0] for c in CASES])
def test_the_pool_is_the_typed_pool(by_unit: dict[str, object], typed: dict[str, object], why: str) -> None:
    ours = api.run(by_unit)
    assert _wounds(ours) == _wounds(api.run(typed)), why
    assert isinstance(ours["pool"], str) and ours["pool"]


def test_the_flamethrower_gives_the_rules_expected_wounds() -> None:
    result = api.run(CASES[0][0])
    defender = result["defender"]
    assert isinstance(defender, dict) and Fraction(defender["expected_wounds"]) == Fraction(10, 3)


def test_an_overrun_weapon_goes_in_once() -> None:
    swoop = units.find_unit("Swoop Bike Riders")
    values = units.attacker_values(swoop, assigned=[("Vibro-Ax", None)]).as_dict()
    assert (values["red"], values["white"], values["overrun"]) == (1, 2, True)
    with pytest.raises(InputError, match="only weapons with Overrun X"):
        units.attacker_values(swoop, assigned=[("Vibro-Ax", 1), ("Heavy Blaster Pistol", 1)])


def test_spray_multiplies_only_its_own_weapon() -> None:
    snow = units.find_unit("Snowtroopers")
    flame = units.find_upgrade("Flametrooper", snow)
    rebels = units.find_unit("Rebel Troopers")
    values = units.attacker_values(snow, upgrades=[flame], at="1", defender=rebels).as_dict()
    rifle = next(w for w in snow.weapons if w.reaches(1))
    # the flamethrower's 1 black four times (four Rebel Troopers); each trooper's own weapon once
    assert values["black"] == 4 + rifle.black * snow.minis
    assert values["white"] == rifle.white * snow.minis and values["red"] == rifle.red * snow.minis
    # without a defender, Spray is counted once and said so; --spray beside the unit counts the minis in sight
    alone = units.attacker_values(snow, upgrades=[flame], at="1")
    assert alone.as_dict()["black"] == 1 + rifle.black * snow.minis and any("Spray" in n.keyword for n in alone.notes)
    seen = units.unit_values({"attacker_unit": "Snowtroopers", "upgrade": "Flametrooper", "range": "1", "spray": 3})
    assert seen["black"] == 3 + rifle.black * snow.minis and "spray" not in seen


def test_high_velocity_only_when_every_weapon_has_it() -> None:
    storm = units.find_unit("Stormtroopers")
    meeko = units.find_upgrade("Del Meeko", storm)
    mixed = units.attacker_values(storm, upgrades=[meeko], at="2").as_dict()
    assert "high_velocity" not in mixed and mixed["lethal"] == 1
    alone = units.attacker_values(storm, upgrades=[meeko], assigned=[("Del's DLT-19x", None)]).as_dict()
    assert alone["high_velocity"] is True and alone["black"] == 2


def test_x_values_add_up_across_weapons() -> None:
    storm = units.find_unit("Stormtroopers")
    picks = [units.find_upgrade("DLT-19 Stormtrooper", storm), units.find_upgrade("Impact Grenades", storm)]
    # two troopers throw grenades (Impact 4 each), the DLT-19 mini fires its rifle (Impact 1)
    values = units.attacker_values(storm, upgrades=picks, assigned=[("Impact Grenade", 2), ("DLT-19 Blaster Rifle", None)]).as_dict()
    assert values["impact"] == 2 * 4 + 1 and (values["black"], values["red"]) == (2, 2)


def test_arsenal_lets_a_mini_add_more_weapons() -> None:
    atst = units.find_unit("AT-ST")
    assert atst.arsenal == 2
    guns = [units.find_upgrade("88i Twin Light Blaster", atst), units.find_upgrade("DW-3 Grenade Launcher", atst)]
    values = units.attacker_values(atst, upgrades=guns, at="2").as_dict()
    # the one walker adds its two best weapons at range 2: the MS-4 (2/2/2) and the 88i (1/1/1)
    assert (values["red"], values["black"], values["white"]) == (3, 3, 3)
    with pytest.raises(InputError, match="at most 1 mini"):
        units.attacker_values(atst, upgrades=guns, assigned=[("MS-4 Twin Blaster", 2)])


def test_a_heavy_weapon_is_its_own_minis() -> None:
    storm = units.find_unit("Stormtroopers")
    dlt = units.find_upgrade("DLT-19 Stormtrooper", storm)
    with pytest.raises(InputError, match="at most 1 mini"):
        units.attacker_values(storm, upgrades=[dlt], assigned=[("DLT-19 Blaster Rifle", 2)])
    # the heavy weapon's mini may fire the unit's E-11 instead: five E-11
    assert units.attacker_values(storm, upgrades=[dlt], assigned=[("E-11 Blaster Rifle", None)]).as_dict()["white"] == 5


def test_melee_never_mixes_with_ranged() -> None:
    storm = units.find_unit("Stormtroopers")
    melee = next(w for w in storm.weapons if w.melee and not w.ranged)
    with pytest.raises(InputError, match="share a range"):
        units.attacker_values(storm, assigned=[(melee.name, 1), ("E-11 Blaster Rifle", None)])
    values = units.attacker_values(storm, at="melee").as_dict()
    assert values["melee"] is True and values["white"] + values["black"] + values["red"] == \
        (melee.red + melee.black + melee.white) * storm.minis


def test_every_weapon_reaches_the_range() -> None:
    storm = units.find_unit("Stormtroopers")
    with pytest.raises(InputError, match="reaches at range 4"):
        units.attacker_values(storm, assigned=[("E-11 Blaster Rifle", None)], at="4")


def _legal_sets(unit: units.Unit) -> list[tuple[units.Upgrade, ...]]:
    """No upgrade, each legal upgrade alone, and one of each kind together."""
    legal = units.upgrades_for(unit)
    one_each: dict[str, units.Upgrade] = {}
    for u in legal:
        if u.weapons or u.adds_mini:
            one_each.setdefault(u.kind, u)
    return [(), *((u,) for u in legal), tuple(one_each.values())]


def test_a_default_pool_never_holds_more_weapons_than_minis() -> None:
    checked = 0
    for unit in units.cards().released:
        for upgrades in _legal_sets(unit):
            if units.whole_unit(unit, upgrades) < 1:
                continue
            for at in forming.RANGES:
                try:
                    formed = forming.default_pool(unit, upgrades, at)
                except InputError:
                    continue  # nothing reaches that range
                minis = units.whole_unit(unit, upgrades)
                assert sum(f.minis for f in formed.fired) <= minis * unit.arsenal, (unit.name, upgrades, at)
                assert all(f.armed.weapon.reaches(int(at) if at.isdigit() else at) for f in formed.fired)
                assert formed.melee == (at == "melee")
                checked += 1
    assert checked > 1000


def test_a_weapon_with_melee_and_range_fights_in_melee_too() -> None:
    kallus = units.find_unit("Agent Kallus (Hunter of Spectres)")
    rifle = kallus.weapon("J-19 Bo-Rifle")
    assert rifle is not None and rifle.melee and rifle.ranged
    in_melee = units.attacker_values(kallus, assigned=[(rifle.name, None)], at="melee").as_dict()
    at_range = units.attacker_values(kallus, assigned=[(rifle.name, None)], at="2").as_dict()
    assert in_melee["melee"] is True and "melee" not in at_range
    assert (in_melee["red"], in_melee["black"]) == (at_range["red"], at_range["black"]) == (rifle.red, rifle.black)

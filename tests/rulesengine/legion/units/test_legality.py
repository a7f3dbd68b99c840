"""Upgrade legality (issue 42): the upgrade bar limits slots, requirements hold (unit name,
unit type, faction, rank, ...), a unique card goes in once; the CLI refuses an illegal
upgrade naming the rule and the requirement; pickers offer every legal upgrade and only those."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulesengine.errors import InputError
from rulesengine.legion import units
from rulesengine.legion.units import legality
from rulesengine.legion.units.requirements import Requirement


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", "legion", *args], capture_output=True, text=True, check=False)


def test_a_requirement_on_the_unit_name_is_refused_by_the_cli() -> None:
    done = _cli("--attacker-unit", "Rebel Troopers", "--upgrade", "DLT-19 Stormtrooper")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("rulesengine legion: --upgrade: ")
    assert "requirements: DLT-19 Stormtrooper requires unit name Stormtroopers" in done.stderr


def test_the_upgrade_bar_limits_slots() -> None:
    storm = units.find_unit("Stormtroopers")
    assert storm.upgrade_bar.count("heavy weapon") == 1
    two = [units.find_upgrade("DLT-19 Stormtrooper", storm), units.find_upgrade("HH-12 Stormtrooper", storm)]
    with pytest.raises(InputError, match="upgrade bar: Stormtroopers has 1 heavy weapon slot"):
        legality.check_upgrades(storm, two)
    atst = units.find_unit("AT-ST")
    pilot_less = [u for u in units.upgrades_for(atst) if u.kind == "hardpoint"]
    with pytest.raises(InputError, match="upgrade bar"):
        legality.check_upgrades(units.find_unit("Rebel Troopers"), [u for u in units.cards().upgrades if u.kind == "hardpoint"][:1])
    assert pilot_less and all(u.kind in atst.upgrade_bar for u in pilot_less)


def test_a_unique_card_goes_in_once() -> None:
    # a unique card on a bar with two slots of its kind
    for unit in units.cards().released:
        for upgrade in units.upgrades_for(unit):
            if upgrade.unique == 1 and unit.upgrade_bar.count(upgrade.kind) >= 2:
                with pytest.raises(InputError, match="unique"):
                    legality.check_upgrades(unit, [upgrade, upgrade])
                return
    pytest.fail("no unique upgrade fits a bar with two slots of its kind")


@pytest.mark.parametrize("raw,unit,holds", [
    ([{"cardName": "Stormtroopers"}], "Stormtroopers", True),
    ([{"cardName": "Stormtroopers"}], "Rebel Troopers", False),
    ([{"cardSubtype": "mandalorian trooper"}], "Mandalorian Warriors (Fire Support)", True),
    ([{"faction": "rebels", "rank": "corps", "cardSubtype": "trooper"}], "Rebel Troopers", True),
    ([{"faction": "rebels", "rank": "corps", "cardSubtype": "trooper"}], "Rebel Commandos", False),
    (["OR", {"cardName": "Rebel Veterans"}, {"cardName": "Rebel Troopers"}], "Rebel Troopers", True),
    (["AND", {"cardSubtype": "clone trooper"}, ["OR", {"rank": "corps"}, {"rank": "special"}]], "Clone Trooper Infantry", True),
    (["AND", ["NOT", {"rank": "commander"}], ["NOT", {"rank": "operative"}]], "Darth Vader (Dark Lord of the Sith)", False),
    ([{"affiliation": "Clan Kryze"}], "Clan Kryze Veterans", True),
    ([{"stats": {"defense": "w"}}], "Rebel Troopers", True),
    ([], "AT-ST", True),
])
def test_requirements_hold_as_encoded(raw: object, unit: str, holds: bool) -> None:
    assert Requirement.parse(raw).holds(units.find_unit(unit)) is holds


def test_the_picker_offers_upgrades_required_by_unit_type() -> None:
    fire_support = units.find_unit("Mandalorian Warriors (Fire Support)")
    offered = units.upgrades_for(fire_support)
    heavy = [u.name for u in offered if u.kind == "heavy weapon"]
    assert heavy and all(u.requirements.holds(fire_support) for u in offered)
    assert "Impact Grenades" in [u.name for u in units.upgrades_for(units.find_unit("Stormtroopers"))]


def test_every_legal_upgrade_is_offered_and_only_those() -> None:
    source = units.cards()
    for unit in source.released:
        offered = set(units.upgrades_for(unit))
        for upgrade in source.upgrades:
            if not upgrade.released:
                continue
            legal = upgrade.kind in unit.upgrade_bar and upgrade.requirements.holds(unit)
            assert (upgrade in offered) is legal, (unit.name, upgrade.name)
            if not legal:
                with pytest.raises(InputError, match="--upgrade"):
                    legality.check_upgrades(unit, [upgrade])

"""The card data's slips (issue 42): one reviewed table of corrections, each still needed by
the shipped data; joined keywords split; ranges shown as the rulers read them; weapons with
no dice or no range named and refused, never 0 wounds in silence."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources

import pytest

from rulesengine.errors import InputError
from rulesengine.legion import units
from rulesengine.legion.units import corrections
from scripts.bench import legion_units_data


def _shipped() -> dict[str, object]:
    text = resources.files("rulesengine.legion.units").joinpath("data").joinpath("cards.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def test_every_correction_still_applies_to_the_data() -> None:
    _, applied = corrections.apply(_shipped())
    assert applied.stale == (), [c.where for c in applied.stale]
    assert len(applied.made) == len(corrections.CORRECTIONS) and all(c.reason for c in corrections.CORRECTIONS)


def test_a_stale_correction_is_reported() -> None:
    stale = corrections.Correction("units", "Stormtroopers", "E-11 Blaster Rifle", "range", [9, 9], [1, 3], "test")
    _, applied = corrections.apply(_shipped(), (stale,))
    assert applied.stale == (stale,) and applied.made == ()
    lines = legion_units_data.report(_shipped())
    assert len(lines) == len(corrections.CORRECTIONS) and all(line.startswith("corrected ") for line in lines)


def test_the_copy_stays_as_legion_hq_gives_it() -> None:
    """Corrections are made as the cards are read, not in the file: a refresh keeps them."""
    chewie = next(c for c in _shipped()["units"] if c["cardName"] == "Chewbacca" and c.get("title") == "Let the Wookiee Win")  # type: ignore[attr-defined]
    ms4 = next(w for w in chewie["weapons"] if w["name"] == "MS-4 Twin Blaster")
    assert ms4["keywords"] == [{"name": "Fixed", "value": "Front, Impact 3"}]


def test_joined_keywords_are_split() -> None:
    chewie = units.find_unit("Chewbacca (Let the Wookiee Win)")
    ms4 = chewie.weapon("MS-4 Twin Blaster")
    assert ms4 is not None and [k.label for k in ms4.keywords] == ["Fixed Front", "Impact 3"]
    launcher = chewie.weapon("Grenade Launcher")
    assert launcher is not None and launcher.keyword("Blast") is not None and launcher.range_text == "1–2"


@pytest.mark.parametrize("unit,weapon,text", [
    ("Iden Versio", "Iden's DLT-20A Rifle", "1–∞"),
    ("Chewbacca (Let the Wookiee Win)", "88 Twin Light Blaster", "1–3"),
    ("DF-90 Mortar Trooper", "E-22 Blaster Rifle", "1–3"),
    ("Agent Kallus (Hunter of Spectres)", "J-19 Bo-Rifle", "melee, 1–2"),
    ("Stormtroopers", "E-11 Blaster Rifle", "1–3"),
    ("Swoop Bike Riders", "Vibro-Ax", "overrun"),
])
def test_ranges_read_as_the_rulers(unit: str, weapon: str, text: str) -> None:
    found = units.find_unit(unit).weapon(weapon)
    assert found is not None and found.range_text == text


def test_unbounded_ranges_reach_every_range() -> None:
    rifle = units.find_unit("Iden Versio").weapon("Iden's DLT-20A Rifle")
    assert rifle is not None and all(rifle.reaches(r) for r in (1, 2, 3, 4)) and not rifle.reaches("melee")


def test_a_range_past_the_rulers_is_refused() -> None:
    cassian = units.find_unit("Cassian Andor")
    a280 = units.find_upgrade("A280", cassian)
    rifle = next(w for w in a280.weapons if w.name == "A280 Rifle")
    assert "impossible range (1 to 14" in rifle.refusal
    with pytest.raises(InputError, match="A280 Rifle.*impossible range"):
        units.attacker_values(cassian, upgrades=[a280], assigned=[("A280 Rifle", None)])
    for card in [*units.cards().units, *units.cards().upgrades]:
        for weapon in card.weapons:
            if weapon.range_max is not None and weapon.range_max > 5:
                assert weapon.refusal, (card.name, weapon.name)


@pytest.mark.parametrize("unit,weapon,why", [
    ("Boba Fett (Infamous Bounty Hunter)", "Fett's EE-3 Carbine", "no dice"),
    ("1.4 FD Laser Cannon Team", "1.4 FD Laser Cannon", "no dice"),
    ("AT-ST", "Fence-Cutting Blades", "no range"),
])
def test_a_weapon_with_no_dice_or_no_range_is_refused_by_name(unit: str, weapon: str, why: str) -> None:
    with pytest.raises(InputError, match=f"{weapon}.*{why}"):
        units.attacker_values(units.find_unit(unit), assigned=[(weapon, None)])
    done = subprocess.run([sys.executable, "-m", "rulesengine", "legion", "--attacker-unit", unit, "--weapon", weapon],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stderr.startswith("rulesengine legion: --weapon: ") and why in done.stderr


def test_the_default_pool_leaves_a_refused_weapon_out() -> None:
    team = units.find_unit("1.4 FD Laser Cannon Team")
    mapped = units.attacker_values(team)
    assert mapped.as_dict()["white"] > 0 and "1.4 FD Laser Cannon ×" not in mapped.pool


def _weapons(data: dict[str, object]) -> list[tuple[str, str, dict[str, object]]]:
    out = []
    for kind in ("units", "upgrades"):
        cards = data[kind]
        assert isinstance(cards, list)
        out += [(kind, corrections._card_key(kind, c), w) for c in cards for w in c.get("weapons") or ()]
    return out


def test_a_melee_range_elsewhere_a_ranged_weapon_is_corrected() -> None:
    """Range [0] is melee in the data. Where the same weapon (name and dice) has a range on
    another card, the [0] is a slip the data proves, and the table corrects it (the
    DF-90's E-22 Blaster Rifle); every other [0] stays melee."""
    data = _shipped()
    fixed = {(c.card, c.weapon) for c in corrections.CORRECTIONS if c.field == "range" and c.was == [0]}
    found = set()
    weapons = _weapons(data)
    for _, card, weapon in weapons:
        if weapon.get("range") != [0]:
            continue
        same = [w for _, other, w in weapons if other != card and w.get("name") == weapon.get("name")
                and w.get("dice") == weapon.get("dice") and w.get("range") not in ([0], [0, 0], None)]
        if same:
            found.add((card, str(weapon["name"])))
    assert ("DF-90 Mortar Trooper", "E-22 Blaster Rifle") in found
    assert found <= fixed, found - fixed


@pytest.mark.parametrize(("unit", "weapon"), [
    ("B2 Super Battle Droids", "Arm Cannons"), ("ARC Troopers", "DC-17 Hand Blasters"),
    ("ARC Troopers (Strike Team)", "DC-17 Hand Blasters"), ("DRK-1 Sith Probe Droids", "Electro-stun Micro Blaster"),
    ("Rebel Sleeper Cell", "Blaster Pistols"),
])
def test_a_melee_weapon_nothing_disproves_stays_melee(unit: str, weapon: str) -> None:
    """Nothing in the data or the rules gives these [0] weapons a range: they stay melee (the
    Sleeper Cell's first Blaster Pistols; its second, range 1-2, is another weapon)."""
    first = next(w for w in units.find_unit(unit).weapons if w.name == weapon)
    assert first.melee and not first.ranged and first.range_text == "melee"
    assert first.reaches("melee") and not any(first.reaches(r) for r in (1, 2, 3, 4))


def test_dins_amban_rifle_stays_melee() -> None:
    upgrade = next(u for u in units.cards().upgrades if u.name == "Din's Amban Rifle")
    assert [w.range_text for w in upgrade.weapons] == ["melee"]

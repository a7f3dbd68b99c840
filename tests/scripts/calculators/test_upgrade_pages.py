"""The upgrade pages (issue 42): a page per released upgrade card with a weapon or a mini,
giving its cost, slot, requirement in words, weapons and the units that can take it, linked
from those units' pages; who can take it by the slot in the unit's upgrade bar and the
requirement as the card data encodes it."""

from __future__ import annotations

import posixpath
import re
from html import unescape
from urllib.parse import urlsplit

import pytest

from rulesengine.legion import units
from rulesengine.legion.units import Unit
from rulesengine.urls import page_path
from scripts.calculators.units_extension import UnitsExtension, catalogue
from scripts.calculators.upgrade_legality import holds, in_words, may_take
from scripts.calculators.upgrade_pages import UpgradeCard, takers
from scripts.vault.extension import PageContext

AFFILIATION = False if "affiliation" in Unit.__dataclass_fields__ else None
"""A condition on an affiliation a unit does not have: unknown while the cards give units
no affiliation, failed once they do."""

PAGES = [PageContext("legion/keywords/Impact X.md", "Impact X", "legion", "Impact X"),
         PageContext("legion/Attack.md", "Attack", "legion", None)]


@pytest.fixture(scope="module")
def made() -> dict[str, str]:
    return dict(UnitsExtension(games={"legion": "Legion"}).generated_pages(PAGES))


def _unit(name: str) -> Unit:
    return next(u for u in units.cards().released if u.name == name)


def _card(name: str) -> UpgradeCard:
    return next(c for c in catalogue("legion").upgrades if c.name == name)


def _links(src: str, html: str) -> dict[str, str]:
    return {unescape(text): posixpath.normpath(posixpath.join(page_path(src), urlsplit(unescape(href)).path)) + "/"
            for href, text in re.findall(r'<a href="([^"]*)">([^<]*)</a>', html)}


@pytest.mark.parametrize(("rule", "words"), [
    ([], ""),
    ([{"cardName": "Rebel Troopers"}], "Rebel Troopers"),
    (["OR", {"cardName": "Rebel Agent"}, {"cardName": "Rebel Officer"}], "Rebel Agent or Rebel Officer"),
    (["AND", {"cardSubtype": "clone trooper"}, ["OR", {"rank": "corps"}, {"rank": "special"}]],
     "a clone trooper unit and (a corps unit or a special unit)"),
    ([{"faction": "empire", "rank": "corps"}], "a Galactic Empire corps unit"),
    (["AND", {"cardName": "Imperial Special Forces"}, ["NOT", {"title": "Inferno Squad"}]],
     "Imperial Special Forces and not a unit titled “Inferno Squad”"),
    ([{"affiliation": "Clan Wren"}], "a unit of Clan Wren"),
])
def test_requirements_in_words(rule: object, words: str) -> None:
    assert in_words(rule) == words


@pytest.mark.parametrize(("rule", "unit", "expected"), [
    ([], "Rebel Troopers", True),
    ([{"cardName": "Rebel Troopers"}], "Rebel Troopers", True),
    ([{"cardName": "Stormtroopers"}], "Rebel Troopers", False),
    ([{"faction": "rebels", "rank": "corps"}], "Rebel Troopers", True),
    ([{"faction": "rebels", "rank": "corps"}], "Rebel Commandos", False),
    (["OR", {"cardName": "Fleet Troopers"}, {"cardName": "Rebel Troopers"}], "Rebel Troopers", True),
    (["NOT", {"cardName": "Rebel Troopers"}], "Rebel Troopers", False),
    ([{"affiliation": "Clan Wren"}], "Rebel Troopers", AFFILIATION),
    (["AND", {"cardName": "Stormtroopers"}, {"affiliation": "Clan Wren"}], "Rebel Troopers", False),
    (["OR", {"cardName": "Rebel Troopers"}, {"affiliation": "Clan Wren"}], "Rebel Troopers", True),
    (["NOT", {"affiliation": "Clan Wren"}], "Rebel Troopers", None if AFFILIATION is None else True),
])
def test_requirements_hold_as_the_data_encodes_them(rule: object, unit: str, expected: bool | None) -> None:
    assert holds(rule, _unit(unit)) is expected


def test_the_slot_must_be_in_the_upgrade_bar() -> None:
    rebels = _unit("Rebel Troopers")
    assert "heavy weapon" in rebels.upgrade_bar and "hardpoint" not in rebels.upgrade_bar
    assert may_take(rebels, "heavy weapon", []) is True and may_take(rebels, "hardpoint", []) is False


def test_who_can_take_a_card() -> None:
    released = units.cards().released
    # The illegal case: Rebel Troopers with the DLT-19 Stormtrooper.
    assert [u.name for u, _ in takers(_card("DLT-19 Stormtrooper"), released)] == [
        "Stormtroopers", "Stormtroopers (Heavy Response Unit)"]
    assert [u.name for u, _ in takers(_card("AT-RT Flamethrower"), released)] == [
        "AT-RT [Rebel Alliance]", "AT-RT [Galactic Republic]"]
    # A requirement by unit type: Mandalorian Warriors (Fire Support) gets heavy weapons.
    fire = _unit("Mandalorian Warriors (Fire Support)")
    heavy = [c.name for c in catalogue("legion").upgrades if c.upgrade.kind == "heavy weapon" and may_take(fire, "heavy weapon", c.rule)]
    assert heavy and all(_card(n).requires.startswith("a mandalorian trooper unit") for n in heavy)


def test_every_released_upgrade_has_one_page_with_a_unique_name(made: dict[str, str]) -> None:
    cards = catalogue("legion").upgrades
    assert len(cards) == sum(u.released for u in units.cards().upgrades) > 200
    assert len({c.name for c in cards}) == len(cards) and all(c.path in made for c in cards)
    assert {"Heavy Blaster Pistol (Imperial Agent or Imperial Officer)", "Echo (ARC Marksman)"} <= {c.name for c in cards}
    index = made["legion/Upgrades/index.md"]
    assert set(_links("legion/Upgrades/index.md", index).values()) == {page_path(c.path) for c in cards}


def test_an_upgrade_page_shows_the_card(made: dict[str, str]) -> None:
    card = _card("AT-RT Flamethrower")
    page = made[card.path]
    for shown in ('<th scope="row">Slot</th><td>hardpoint</td>', f'<th scope="row">Points</th><td>{card.upgrade.cost}</td>',
                  '<th scope="row">Requires</th><td>AT-RT</td>', "Flamethrower", "Spray"):
        assert shown in page, shown
    links = _links(card.path, page)
    assert links["Spray"] == "legion/keywords/spray/"
    assert links["AT-RT [Rebel Alliance]"] == page_path("legion/Units/Rebel Alliance/AT-RT [Rebel Alliance].md")


def test_unit_pages_link_the_upgrades_they_can_take(made: dict[str, str]) -> None:
    src = "legion/Units/Rebel Alliance/Rebel Troopers.md"
    links = _links(src, made[src])
    assert links["Z-6 Trooper"] == page_path(_card("Z-6 Trooper").path)
    assert "DLT-19 Stormtrooper" not in links
    for unit in units.cards().released:
        path = f"legion/Units/{units.FACTIONS[unit.faction]}/{unit.name.replace('/', '-')}.md"
        offered = {name for name, target in _links(path, made[path]).items() if "/upgrades/" in target}
        expected = {c.name for c in catalogue("legion").upgrades if may_take(unit, c.upgrade.kind, c.rule) is not False}
        assert offered == expected, unit.name

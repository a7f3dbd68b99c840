"""The upgrade pages (issue 42): a page per released upgrade card with a weapon or a mini,
giving its cost, slot, requirement in words, weapons and the units that can take it, linked
from those units' pages; who can take it as the engine's legality rules say
(`rulesengine.legion.units.legality`, tested in tests/rulesengine/legion/units/)."""

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
from rulesengine.legion.units.legality import why_not
from scripts.calculators.upgrade_pages import UpgradeCard, takers
from scripts.vault.extension import PageContext

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


def test_who_can_take_a_card() -> None:
    released = units.cards().released
    # The illegal case: Rebel Troopers with the DLT-19 Stormtrooper.
    assert [u.name for u in takers(_card("DLT-19 Stormtrooper"), released)] == [
        "Stormtroopers", "Stormtroopers (Heavy Response Unit)"]
    assert [u.name for u in takers(_card("AT-RT Flamethrower"), released)] == [
        "AT-RT [Rebel Alliance]", "AT-RT [Galactic Republic]"]
    # A requirement by unit type: Mandalorian Warriors (Fire Support) gets heavy weapons.
    fire = _unit("Mandalorian Warriors (Fire Support)")
    heavy = [c for c in catalogue("legion").upgrades if c.upgrade.kind == "heavy weapon" and not why_not(fire, c.upgrade)]
    assert heavy and all("unit type mandalorian trooper" in c.requires for c in heavy)
    # An affiliation: Din Djarin (personnel) is for the Children of the Watch, not Rebel Troopers.
    rebels = _unit("Rebel Troopers")
    assert [c.name for c in catalogue("legion").upgrades if c.upgrade.kind == "personnel" and "Din Djarin" in c.name
            and not why_not(rebels, c.upgrade)] == []


def test_every_released_upgrade_has_one_page_with_a_unique_name(made: dict[str, str]) -> None:
    cards = catalogue("legion").upgrades
    assert len(cards) == sum(u.released for u in units.cards().upgrades) > 200
    assert len({c.name for c in cards}) == len(cards) and all(c.path in made for c in cards)
    assert {"Heavy Blaster Pistol (Imperial Agent, Imperial Officer)", "Echo (ARC Marksman)"} <= {c.name for c in cards}
    index = made["legion/Upgrades/index.md"]
    assert set(_links("legion/Upgrades/index.md", index).values()) == {page_path(c.path) for c in cards}


def test_an_upgrade_page_shows_the_card(made: dict[str, str]) -> None:
    card = _card("AT-RT Flamethrower")
    page = made[card.path]
    for shown in ('<th scope="row">Slot</th><td>hardpoint</td>', f'<th scope="row">Points</th><td>{card.upgrade.cost}</td>',
                  '<th scope="row">Requires</th><td>unit name AT-RT</td>', "Flamethrower", "Spray"):
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
        expected = {c.name for c in catalogue("legion").upgrades if not why_not(unit, c.upgrade)}
        assert offered == expected, unit.name

"""The unit pages: one per released unit under Legion › Units by faction, only for a vault
whose configuration names a Legion game; their keyword links, their link to the Attack
calculator, and each keyword note's list of units and upgrades."""

from __future__ import annotations

import posixpath
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from rulesengine.legion import api, units
from rulesengine.urls import page_path
from rulesengine.legion.attack_inputs import attack_from
from scripts.calculators import unit_pages
from scripts.calculators.unit_pages import ATTACK_PARAMETERS
from scripts.calculators.units_extension import UnitsExtension
from scripts.vault.extension import PageContext

KEYWORDS = ("Precise X", "Armor X", "Impact X", "Deflect", "Immune Pierce", "Weak Point X")
PAGES = [PageContext(f"legion/keywords/{k}.md", k, "legion", k) for k in KEYWORDS] + [
    PageContext("legion/Attack.md", "Attack", "legion", None),
    PageContext("index.md", "Home", None, None),
]
LEGION = {"legion": "Legion", "swtcg": "SWTCG"}


@pytest.fixture(scope="module")
def made() -> dict[str, str]:
    return dict(UnitsExtension(games=LEGION).generated_pages(PAGES))


def _target(src: str, href: str) -> str:
    """The site path a relative link on the page `src` leads to."""
    here = page_path(src)
    return posixpath.normpath(posixpath.join(here, urlsplit(unescape(href)).path)) + "/"


def _links(html: str) -> list[tuple[str, str]]:
    return [(href, unescape(text)) for href, text in re.findall(r'<a href="([^"]*)">([^<]*)</a>', html)]


def test_a_vault_naming_no_legion_game_gets_no_unit_pages() -> None:
    for games in ({}, {"swtcg": "SWTCG"}):
        ext = UnitsExtension(games=games)
        assert ext.generated_pages(PAGES) == {}
        assert ext.page_addition(PAGES[0]) == ""


def test_every_released_unit_has_a_page_under_its_faction(made: dict[str, str]) -> None:
    released = units.cards().released
    unit_pages = [p for p in made if p.startswith("legion/Units/")]
    assert len(unit_pages) == len(released) + 1 and "legion/Units/index.md" in made
    for unit in released:
        path = f"legion/Units/{units.FACTIONS[unit.faction]}/{unit.name.replace('/', '-')}.md"
        assert made[path].startswith("# ")
    assert not any("Jedi Council" in path for path in made)  # unreleased units have none
    index = made["legion/Units/index.md"]
    assert index.count("<li>") == len(released)
    assert {_target("legion/Units/index.md", h) for h, _ in _links(index)} == {page_path(p) for p in unit_pages
                                                                               if not p.endswith("index.md")}


def test_a_unit_page_shows_its_card(made: dict[str, str]) -> None:
    storm = made["legion/Units/Galactic Empire/Stormtroopers.md"]
    for shown in ("Corps", "<td>4</td>", "Courage", "red", "E-11 Blaster Rifle", "1 white", "1–3", "42", "19 June 2026"):
        assert shown in storm
    atst = made["legion/Units/Galactic Empire/AT-ST.md"]
    assert '<th scope="row">Resilience</th><td>8</td>' in atst
    vader = made["legion/Units/Galactic Empire/Darth Vader (Dark Lord of the Sith).md"]
    assert '<th scope="row">Courage</th><td>—</td>' in vader
    swoop = made["legion/Units/Shadow Collective and mercenaries/Swoop Bike Riders.md"]
    assert "What the card data leaves open" in swoop and "no range" in swoop


def test_keywords_link_to_their_pages_and_say_when_they_are_not_in_the_calculators(made: dict[str, str]) -> None:
    src = "legion/Units/Galactic Empire/Stormtroopers.md"
    links = dict((text, _target(src, href)) for href, text in _links(made[src]))
    assert links["Precise 1"] == "legion/keywords/precise-x/"
    assert "Precise 1</a> <span" not in made[src]  # modelled: no mark
    src = "legion/Units/Rebel Alliance/Rebel Agent.md"
    rebels = dict((text, _target(src, href)) for href, text in _links(made[src]))
    assert rebels["Nimble"] == "legion/keywords/nimble/"
    assert ">Nimble</a> <span class=\"unit-not-modelled\">(not in the calculators)</span>" in made[src]
    assert "legion/keywords/Nimble.md" in made
    atst_src = "legion/Units/Galactic Empire/AT-ST.md"
    atst = dict((text, _target(atst_src, href)) for href, text in _links(made[atst_src]))
    assert atst["Armor 5"] == "legion/keywords/armor-x/"
    assert atst["Weak Point 1: Rear"] == "legion/keywords/weak-point-x/"


def test_a_unit_page_opens_the_attack_calculator_with_the_unit(made: dict[str, str]) -> None:
    src = "legion/Units/Galactic Empire/Stormtroopers.md"
    opened = [h for h, text in _links(made[src]) if text == "Open in the Attack calculator"]
    assert len(opened) == 2
    href = unescape(opened[1])
    assert _target(src, href) == "legion/attack/"
    query = {k: v[0] for k, v in parse_qs(urlsplit(href).query, keep_blank_values=True).items()}
    assert query == {"c.pool": "", "c.defender": "", "c.attacker_unit": "Stormtroopers", "c.weapon": "E-11 Blaster Rifle"}
    units = {k.removeprefix("c."): v for k, v in query.items() if v}
    assert set(units) <= set(ATTACK_PARAMETERS)
    # the parameters are the engine's unit inputs (the same words as the command line's)
    result = dict(api.run(units))
    # the unit's run also says which pool it formed; the numbers are the dice's
    assert result.pop("pool") == "the weapons named: E-11 Blaster Rifle × 4 minis"
    assert result == api.run({"white": 4, "surge": "hit", "precise": 1})


def test_each_keyword_page_lists_its_units_linked(made: dict[str, str]) -> None:
    ext = UnitsExtension(games=LEGION)
    page = PAGES[KEYWORDS.index("Impact X")]
    html = ext.page_addition(page)
    links = _links(html)
    having = [u for u in units.cards().released if any(k.name == "Impact" for w in u.weapons for k in w.keywords)
              or u.keyword("Impact")]
    upgrades = [u for u in units.cards().upgrades if u.released and any(k.name == "Impact" for w in u.weapons
                                                                          for k in w.keywords)]
    assert len(links) == len(having) + len(upgrades) and len(having) > 10 and len(upgrades) > 10
    assert html.index("Units with this keyword") < html.index("Upgrades with this keyword")
    made_pages = {page_path(p) for p in made}
    assert all(_target(page.src_path, href) in made_pages for href, _ in links)
    assert "(on its card)" in ext.page_addition(PAGES[KEYWORDS.index("Deflect")])
    assert ext.page_addition(PAGES[-2]) == ""  # not a keyword page


def test_a_refused_weapon_is_not_linked_and_says_why(made: dict[str, str]) -> None:
    """A weapon the engine refuses (no dice, no range in the card data) gets no link to the
    calculator, which would open on an error, but the engine's reason."""
    src = "legion/Units/Galactic Empire/Range Troopers.md"
    boot = units.find_unit("Range Troopers").weapons
    refused = next(w for w in boot if w.refusal)
    row = next(r for r in made[src].split("<tr>") if r.startswith(f'<th scope="row">{refused.name}'))
    assert "Open in the Attack calculator" not in row
    assert f"Not in the calculators: {refused.refusal}" in unescape(row)


def test_every_weapon_link_is_one_the_engine_answers(made: dict[str, str]) -> None:
    """Each unit page's links to the calculator: the engine forms the pool each names (no
    error on click), for every released unit."""
    checked = 0
    for unit in units.cards().released:
        src = unit_pages.unit_path("legion", unit)
        for href, text in _links(made[src]):
            if text != "Open in the Attack calculator":
                continue
            query = {k: v[0] for k, v in parse_qs(urlsplit(unescape(href)).query, keep_blank_values=True).items()}
            given = {k.removeprefix("c."): v for k, v in query.items() if v}
            attack_from(given)  # an InputError (the page's error) fails the test
            checked += 1
    assert checked > 150

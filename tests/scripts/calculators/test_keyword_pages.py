"""Every keyword on a card a page (issue 42): every keyword shown on a unit page or an
upgrade page is a link to a keyword page that quotes its rule text with source and date,
and each keyword page lists the units and upgrades that have it. Over the real vault's
keyword notes (docs/legion/keywords/) and the pages the extension makes."""

from __future__ import annotations

import posixpath
import re
from html import escape, unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from rulesengine.legion import units
from rulesengine.legion.units.glossary import fold, rule_text
from rulesengine.urls import page_path
from scripts.calculators.keyword_pages import QUOTED_IN_NOTE
from scripts.calculators.units_extension import UnitsExtension, catalogue
from scripts.vault.extension import PageContext

NOTES = {p.stem: p for p in (Path(__file__).parents[3] / "docs" / "legion" / "keywords").glob("*.md")}
PAGES = [PageContext(f"legion/keywords/{k}.md", k, "legion", k) for k in NOTES] + [
    PageContext("legion/Attack.md", "Attack", "legion", None)]
EXTENSION = UnitsExtension(games={"legion": "Legion"})
NO_TEXT: set[str] = set()
"""Card keywords no source the site ships has a text for (none since "Pull The Strings" is
read as the glossary's "Pulling the Strings"); their pages say so."""


@pytest.fixture(scope="module")
def made() -> dict[str, str]:
    return dict(EXTENSION.generated_pages(PAGES))


def _target(src: str, href: str) -> str:
    return posixpath.normpath(posixpath.join(page_path(src), urlsplit(unescape(href)).path)) + "/"


def _links(html: str) -> list[tuple[str, str]]:
    return [(href, unescape(text)) for href, text in re.findall(r'<a href="([^"]*)">([^<]*)</a>', html)]


def _keyword_pages(made: dict[str, str]) -> dict[str, str]:
    """Every keyword page by site path -> what it shows: a note's addition (and, for a note
    that quotes its text, the note), or the made page."""
    pages = {page_path(p.src_path): NOTES[p.title].read_text(encoding="utf-8") + EXTENSION.page_addition(p)
             for p in PAGES if p.keyword}
    pages.update({page_path(path): text for path, text in made.items() if "/keywords/" in path})
    return pages


def _quotes(page: str, name: str) -> bool:
    text = rule_text(name)
    if text is None:
        return "No rule text for this keyword" in page
    return escape(text.text) in page or text.text in page


def test_every_keyword_on_a_unit_or_upgrade_page_links_to_a_page_that_quotes_it(made: dict[str, str]) -> None:
    pages = _keyword_pages(made)
    card_pages = {p: text for p, text in made.items() if p.startswith(("legion/Units/", "legion/Upgrades/"))
                  and not p.endswith("index.md")}
    shown: list[tuple[str, str]] = []  # (card page, keyword label) for every keyword mention
    for unit in units.cards().released:
        path = f"legion/Units/{units.FACTIONS[unit.faction]}/{unit.name.replace('/', '-')}.md"
        shown += [(path, k.label) for k in (*unit.keywords, *(k for w in unit.weapons for k in w.keywords))]
    for card in catalogue("legion").upgrades:
        shown += [(card.path, k.label) for w in card.upgrade.weapons for k in w.keywords]
    assert len(shown) > 1000 and {p for p, _ in shown} <= set(card_pages)
    dead = []
    for path, label in shown:
        targets = [_target(path, href) for href, text in _links(card_pages[path]) if text == label]
        name = next(k.name for k in _keywords_of(path, label))
        if not targets or not all(t in pages and _quotes(pages[t], name) for t in targets):
            dead.append((path, label))
    assert dead == []


def _keywords_of(path: str, label: str) -> list[units.Keyword]:
    found = [k for u in units.cards().released for k in (*u.keywords, *(k for w in u.weapons for k in w.keywords))
             if k.label == label]
    found += [k for c in catalogue("legion").upgrades for w in c.upgrade.weapons for k in w.keywords if k.label == label]
    return found


def test_keywords_without_a_text_anywhere_are_listed_and_their_pages_say_so(made: dict[str, str]) -> None:
    keywords = catalogue("legion").keywords.values()
    assert {k.title for k in keywords if k.text is None} == NO_TEXT
    assert len(keywords) > 150


def test_each_made_keyword_page_says_once_that_the_calculators_do_not_model_it(made: dict[str, str]) -> None:
    pages = [text for path, text in made.items() if "/keywords/" in path]
    assert len(pages) > 100
    for text in pages:
        assert text.count("do not model this keyword") == 1
        assert text.index('class="keyword-text"') < text.index("do not model")  # the rule first: the preview shows it
    for note in PAGES[:-1]:  # the notes keep their calculators and are not told otherwise
        assert "do not model" not in EXTENSION.page_addition(note)


def test_notes_keep_their_pages_and_get_the_text_only_when_they_lack_it(made: dict[str, str]) -> None:
    for name, note in NOTES.items():
        text = rule_text(name)
        assert f"legion/keywords/{name}.md" not in made  # no second page for a note
        source = note.read_text(encoding="utf-8")
        addition = EXTENSION.page_addition(PageContext(f"legion/keywords/{name}.md", name, "legion", name))
        if name in QUOTED_IN_NOTE:
            assert text is not None and text.text in source and "keyword-text" not in addition
        elif text is not None and addition:
            assert text.text not in source and escape(text.text) in addition


def test_the_2026_texts_win_over_the_glossary() -> None:
    assault = rule_text("Assault")
    assert assault is not None and "[Range 1]" in assault.text and assault.date == "2026-04-21"
    impervious = rule_text("Impervious")
    assert impervious is not None and impervious.date == "2026-06-17" and "errata" in impervious.source
    jump = rule_text("Jump")
    assert jump is not None and jump.date == "2026-07-27" and "Legion HQ 2" in jump.source
    # spellings the sources write differently are one keyword
    assert fold("Anti-Material") == fold("Anti-Materiel X") and fold("Immune: Pierce") == fold("Immune Pierce")
    assert rule_text("Pull The Strings") == rule_text("Pulling the Strings") is not None


@pytest.mark.parametrize(("page", "units_having", "upgrades_having"), [
    # Checked by hand against the cards: Scout on the card; Fixed on weapons (the AT-ST's MS-4,
    # the AT-RT's upgrade weapons); Anti-Materiel only on an upgrade's weapon.
    ("legion/keywords/Scout X.md", {"ARC Troopers": "on its card", "ARF Troopers": "on its card"}, {}),
    ("legion/keywords/Fixed.md", {"AT-ST": "MS-4 Twin Blaster", "1.4 FD Laser Cannon Team": "1.4 FD Laser Cannon"},
     {"AT-RT Flamethrower": "Flamethrower", "AT-RT Laser Cannon": "Laser Cannon"}),
    ("legion/keywords/Anti-Materiel X.md", {}, {"Jetpack Rockets": "Jetpack Rockets"}),
    ("legion/keywords/Nimble.md", {"Rebel Agent": "on its card", "Jyn Erso": "on its card"}, {}),
])
def test_keyword_pages_list_the_right_cards(made: dict[str, str], page: str, units_having: dict[str, str],
                                           upgrades_having: dict[str, str]) -> None:
    stem = posixpath.basename(page)[:-3]
    text = made.get(page) or EXTENSION.page_addition(PageContext(page, stem, "legion", stem))
    listed = dict(re.findall(r'<a href="[^"]*">([^<]*)</a> <span class="unit-meta">\(([^)]*)\)</span>', unescape(text)))
    for name, where in {**units_having, **upgrades_having}.items():
        assert listed.get(name) == where, name
    for href, name in _links(text):
        assert _target(page, href) in {page_path(p) for p in made}, name
    if not units_having:
        assert "Units with this keyword" not in text
    if not upgrades_having:
        assert "Upgrades with this keyword" not in text

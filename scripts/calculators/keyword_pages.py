"""Every keyword on a card a page: the keywords of the released units, of their weapons and
of the released upgrades' weapons, each with the page that explains it.

A keyword the vault has a note for (docs/legion/keywords/) keeps that note: the note gets
the keyword's rule text quoted under it (unless the note quotes it already, `QUOTED_IN_NOTE`)
and the units and upgrades that have it. Any other keyword gets a generated page under the
same folder: its rule text quoted with source and date (`rulesengine.legion.units.glossary`),
a line saying the calculators do not model it, and the units and upgrades that have it.

Which note explains a card keyword: the note the engine's rule names (`units.page_of`:
"Shielded" -> "Shields"), else the note whose name folds to the keyword's ("Immune: Pierce"
-> "Immune Pierce", "Anti-Material" -> "Anti-Materiel X").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

from rulesengine.legion import units
from rulesengine.legion.units import Keyword, Unit, Weapon
from rulesengine.legion.units.glossary import RuleText, fold, rule_text

KEYWORD_FOLDER = "keywords"

QUOTED_IN_NOTE = frozenset({"Impervious", "Assault X"})
"""Keyword notes that quote their keyword's rule text word for word already (a test reads
the notes to hold this true): they get no second copy."""


@dataclass(frozen=True)
class Holder:
    """A card with the keyword: its name, its page's vault path and where on it ("on its
    card", or the weapons that have it)."""

    name: str
    path: str
    where: str


@dataclass(frozen=True)
class Card:
    """A card that may have keywords: its name, its page's vault path, its own keywords and
    its weapons (an upgrade's own keywords are not in the card data: only its weapons')."""

    name: str
    path: str
    keywords: tuple[Keyword, ...]
    weapons: tuple[Weapon, ...]


@dataclass(frozen=True)
class CardKeyword:
    """A keyword as the cards have it: its folded name, the names the cards give it, the
    name its page takes, and the units and upgrades that have it."""

    key: str
    names: tuple[str, ...]
    title: str
    units: tuple[Holder, ...]
    upgrades: tuple[Holder, ...]

    @property
    def text(self) -> RuleText | None:
        return rule_text(self.key)

    @property
    def modelled(self) -> bool:
        return any(units.page_of(name) is not None for name in self.names)


def _has(keywords: Iterable[Keyword], key: str) -> bool:
    return any(fold(k.name) == key for k in keywords)


def _holders(cards: Sequence[Card], key: str) -> tuple[Holder, ...]:
    found = []
    for card in cards:
        where = ["on its card"] if _has(card.keywords, key) else []
        where += [w.name for w in card.weapons if _has(w.keywords, key)]
        if where:
            found.append(Holder(card.name, card.path, ", ".join(where)))
    return tuple(found)


def _title(name: str, values: Iterable[str]) -> str:
    """The page's name: the glossary's name for the keyword, "X" added when a card gives
    it a number ("Jump X"), colons left out ("Immune Melee")."""
    text = rule_text(name)
    # Without colons, as the keyword notes are named ("Immune Pierce"): the navigation lists both.
    base = " ".join((text.keyword if text else name).replace(":", " ").split())
    numbered = any(v and (v.strip()[:1].isdigit() or v.strip().upper() == "X") for v in values)
    return f"{base} X" if numbered and not base.endswith(" X") else base


def card_keywords(unit_cards: Sequence[Card], upgrade_cards: Sequence[Card]) -> dict[str, CardKeyword]:
    """Every keyword of these units and upgrades, by folded name, in order of first appearance."""
    seen: dict[str, tuple[list[str], list[str]]] = {}
    for card in (*unit_cards, *upgrade_cards):
        for keyword in (*card.keywords, *(k for w in card.weapons for k in w.keywords)):
            names, values = seen.setdefault(fold(keyword.name), ([], []))
            if keyword.name not in names:
                names.append(keyword.name)
            values.append(keyword.value)
    return {key: CardKeyword(key, tuple(names), _title(names[0], values), _holders(unit_cards, key),
                             _holders(upgrade_cards, key))
            for key, (names, values) in seen.items()}


def note_of(card_name: str, notes: Mapping[str, str]) -> str | None:
    """The keyword note (by folded note name -> path) that explains a card keyword."""
    page = units.page_of(card_name)
    if page is not None:
        return notes.get(fold(page))
    return notes.get(fold(card_name))


def explained_by(card_name: str, note: str) -> bool:
    """Whether the note named `note` explains this card keyword (as `note_of` finds it)."""
    page = units.page_of(card_name)
    return fold(page if page is not None else card_name) == fold(note)


def keyword_path(folder: str, title: str) -> str:
    """A generated keyword page's vault path: "legion/keywords/Immune Melee.md"."""
    return f"{folder}/{KEYWORD_FOLDER}/{title.replace('/', '-')}.md"


def _long_date(iso: str) -> str:
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    return f"{day.day} {day:%B %Y}"


def quote_html(keyword: CardKeyword) -> str:
    """The rule text, quoted with its source and date; or a line saying no source has one."""
    text = keyword.text
    if text is None:
        return ('<p class="keyword-text-missing">No rule text for this keyword is in the sources the site ships '
                "(Legion HQ 2's keyword glossary, the 2026 rulebook texts).</p>")
    licence = f" ({text.licence} licence)" if text.licence else ""
    return (f'<blockquote class="keyword-text"><p>{escape(text.text)}</p></blockquote>'
            f'<p class="keyword-source">Quoted from {escape(text.source)}, as of {escape(_long_date(text.date))}'
            f"{escape(licence)}.</p>")


def holders_html(keyword: CardKeyword, href: Mapping[str, str]) -> str:
    """The units and upgrades with the keyword, linked (`href`: card page path -> link)."""
    parts = []
    for heading, anchor, holders in (("Units with this keyword", "units-with-this-keyword", keyword.units),
                                     ("Upgrades with this keyword", "upgrades-with-this-keyword", keyword.upgrades)):
        if not holders:
            continue
        items = "".join(f'<li><a href="{escape(href[h.path])}">{escape(h.name)}</a> <span class="unit-meta">'
                        f"({escape(h.where)})</span></li>" for h in holders)
        kind = "released units" if holders is keyword.units else "upgrade cards"
        parts.append(f'<section class="unit-list"><h2 id="{anchor}">{heading}</h2>'
                     f"<p>{len(holders)} {kind}, from the card data.</p><ul>{items}</ul></section>")
    return "".join(parts)


def generated_markdown(keyword: CardKeyword, heading: str, href: Mapping[str, str]) -> str:
    """A keyword page for a keyword the vault has no note for (`heading`: its title as Markdown)."""
    model = ("The calculators do not model this keyword: an attack they compute leaves it out."
             if not keyword.modelled else "The calculators model this keyword; its note is not in this vault.")
    return "\n".join([f"# {heading}", "", quote_html(keyword), "", f'<p class="keyword-model">{escape(model)}</p>', "",
                      holders_html(keyword, href), ""])

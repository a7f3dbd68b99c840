"""The unit pages: one page per released Legion unit, grouped by faction, from the card data
the engine ships (`rulesengine.legion.units`), and the list of units each keyword page
shows. Pure functions from the cards and the vault's pages to Markdown with HTML inside.

Every keyword links to its keyword page (a note of the vault, or a page `keyword_pages.py`
makes); one the engine does not model is also marked "not in the calculators". Links are
relative addresses made by `rulesengine.urls`, the one slug rule of the site.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from html import escape
from urllib.parse import urlencode

from rulesengine.legion import units
from rulesengine.legion.units import Keyword, Unit, Weapon
from rulesengine.legion.units.glossary import fold
from rulesengine.urls import base_for, page_url

FOLDER = "Units"
"""The folder of the unit pages under the Legion game's folder (Legion › Units)."""

ATTACK_PARAMETERS = ("attacker_unit", "weapon", "minis", "upgrade", "defender_unit")
"""The unit inputs the Attack calculator's unit picker reads from its address, each as
`c.NAME` (the command line's options: --attacker-unit, --weapon, ...)."""


@dataclass(frozen=True)
class Site:
    """What the unit pages need of the vault: the Legion folder, the keyword page of each
    card keyword (by its folded name, `glossary.fold`) and the page holding the Attack
    calculator, if any."""

    folder: str
    keyword_pages: Mapping[str, str]
    attack_page: str | None


def faction_folder(faction: str) -> str:
    return units.FACTIONS.get(faction, faction.capitalize())


def unit_path(folder: str, unit: Unit) -> str:
    """The unit page's vault path: "legion/Units/Galactic Empire/Stormtroopers.md"."""
    return f"{folder}/{FOLDER}/{faction_folder(unit.faction)}/{unit.name.replace('/', '-')}.md"


def index_path(folder: str) -> str:
    return f"{folder}/{FOLDER}/index.md"


def link(href: str, text: str) -> str:
    return f'<a href="{escape(href)}">{escape(text)}</a>'


def href(src: str, target: str) -> str:
    """The relative address of the page `target` from the page `src` (vault paths)."""
    return base_for(src) + page_url(target)


def keyword_html(keyword: Keyword, src: str, site: Site) -> str:
    """A keyword as on the card, linked to its keyword page; "not in the calculators" when
    the engine does not model it."""
    target = site.keyword_pages.get(fold(keyword.name))
    shown = link(href(src, target), keyword.label) if target else escape(keyword.label)
    if units.page_of(keyword.name) is None:
        return f'{shown} <span class="unit-not-modelled">(not in the calculators)</span>'
    return shown


def _keywords(keywords: Sequence[Keyword], src: str, site: Site) -> str:
    return ", ".join(keyword_html(k, src, site) for k in keywords) or "none"


def long_date(iso: str) -> str:
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso or "undated"
    return f"{day.day} {day:%B %Y}"


def attack_href(src: str, site: Site, unit: Unit, weapon: Weapon) -> str | None:
    """The Attack calculator with this unit and weapon filled in (the picker's parameters);
    None for a weapon the engine refuses (`Weapon.refusal`: the link would open on an error)."""
    if site.attack_page is None or weapon.refusal:
        return None
    # c.pool and c.defender left empty: the page's calculator opens on a two-pool example,
    # and the unit's attack is one pool against one defender
    query = urlencode({"c.pool": "", "c.defender": "", "c.attacker_unit": unit.name, "c.weapon": weapon.name})
    return f"{href(src, site.attack_page)}?{query}"


def _stats(unit: Unit) -> str:
    rows = [
        ("Faction", faction_folder(unit.faction)),
        ("Rank", unit.rank.capitalize()),
        ("Unit type", unit.kind),
        ("Minis", str(unit.minis) if unit.minis else "0 on the card (they come from its upgrades)"),
        ("Wounds per mini", str(unit.wounds)),
        ("Resilience" if unit.vehicle else "Courage",
         str(unit.resilience if unit.vehicle else unit.courage) if (unit.resilience if unit.vehicle else unit.courage) else "—"),
        ("Defense die", unit.defense),
        ("Defense surge", "block" if unit.defense_surge == "block" else "none"),
        ("Attack surge", {"hit": "hit", "crit": "crit"}.get(unit.attack_surge, "none")),
        ("Speed", str(unit.speed) if unit.speed else "—"),
        ("Points", str(unit.cost)),
    ]
    body = "".join(f"<tr><th scope=\"row\">{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in rows)
    return f"<table><caption>On the card</caption><tbody>{body}</tbody></table>"


def weapons_table(weapons: Sequence[Weapon], src: str, site: Site, unit: Unit | None = None) -> str:
    """The weapons' table; each of a unit's weapons opens the Attack calculator."""
    if not weapons:
        return f"<p>The card data lists no weapon for this {'unit' if unit else 'card'}.</p>"
    rows = []
    for w in weapons:
        address = attack_href(src, site, unit, w) if unit and not w.refusal else None
        open_it = f"<br>{link(address, 'Open in the Attack calculator')}" if address and unit and unit.minis else ""
        if w.refusal:
            # The engine refuses the weapon as the data gives it: no link that would error, but why.
            open_it = f'<br><span class="unit-not-modelled">Not in the calculators: {escape(w.refusal)}</span>'
        rows.append(f"<tr><th scope=\"row\">{escape(w.name)}{open_it}</th><td>{escape(w.dice_text)}</td>"
                    f"<td>{escape(w.range_text)}</td><td>{_keywords(w.keywords, src, site)}</td></tr>")
    head = "<tr><th scope=\"col\">Weapon</th><th scope=\"col\">Dice per mini</th><th scope=\"col\">Range</th>" \
           "<th scope=\"col\">Keywords</th></tr>"
    return f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"


def unit_markdown(unit: Unit, site: Site, data_date: str, upgrades: str = "") -> str:
    """One unit's page; `upgrades`: its section on the upgrades it can take (Markdown)."""
    src = unit_path(site.folder, unit)
    parts = [f"# {heading(unit.name)}", "", _stats(unit), "", "## Weapons", "", weapons_table(unit.weapons, src, site, unit),
             "", "## Unit keywords", "", f"<p>{_keywords(unit.keywords, src, site)}</p>", ""]
    if upgrades:
        parts += [upgrades, ""]
    if unit.quirks:
        items = "".join(f"<li><strong>{escape(q.where)}</strong>: {escape(q.reason)}</li>" for q in unit.quirks)
        parts += ["## What the card data leaves open", "", f"<ul>{items}</ul>", ""]
    changed = f" This card last changed on {long_date(unit.updated)}." if unit.updated else ""
    parts += [f'<p class="unit-source">Card data: Legion HQ 2, MIT licence, as of {escape(long_date(data_date))}.'
              f"{escape(changed)} Numbers and keyword names only; the rules are on the keyword pages.</p>", ""]
    return "\n".join(parts)


def heading(text: str) -> str:
    """A page title as Markdown shows it as written (its punctuation escaped)."""
    return "".join("\\" + c if c in "\\`*_[]<>#|!" else c for c in text)


def index_markdown(site: Site, released: Sequence[Unit], data_date: str) -> str:
    """Legion › Units: every released unit by faction, each with its rank and points."""
    src = index_path(site.folder)
    parts = ["# Units", "", f"<p>Every released unit of the card data ({len(released)} units, as of "
             f"{escape(long_date(data_date))}), by faction. Each page gives the card's numbers, its weapons and keywords, "
             "and opens the Attack calculator with the unit filled in.</p>", ""]
    for faction in units.FACTIONS:
        members = sorted((u for u in released if u.faction == faction), key=lambda u: u.name.casefold())
        if not members:
            continue
        items = "".join(f"<li>{link(href(src, unit_path(site.folder, u)), u.name)} "
                        f"<span class=\"unit-meta\">{escape(u.rank)}, {u.cost} points</span></li>" for u in members)
        parts += [f"## {faction_folder(faction)}", "", f"<ul>{items}</ul>", ""]
    return "\n".join(parts)

"""The unit pages' vault extension: a page per released Legion unit under Legion › Units,
grouped by faction (`unit_pages.py`); a page per upgrade card with a weapon or a mini under
Legion › Upgrades (`upgrade_pages.py`); a keyword page for every keyword on those cards that
the vault has no note for, and on each keyword note the keyword's rule text and the cards
that have it (`keyword_pages.py`).

Only a vault whose configuration names a Legion game gets them (`extra.vault.games`: a
folder whose key or title says Legion), as only a configured vault gets glossary pages; the
hook gives the extension that mapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from rulesengine.calculators.legion import ATTACK_PAGES
from rulesengine.legion import units
from rulesengine.legion.units.glossary import fold
from scripts.calculators import keyword_pages, unit_pages, upgrade_pages
from scripts.calculators.keyword_pages import Card, CardKeyword
from scripts.calculators.upgrade_pages import UpgradeCard
from scripts.vault.extension import PageContext, SourceLocation


def legion_folder(games: Mapping[str, str]) -> str | None:
    """The vault folder of the Legion game, if the configuration names one."""
    return next((folder for folder, title in games.items() if "legion" in f"{folder} {title}".casefold()), None)


@dataclass(frozen=True)
class Catalogue:
    """The cards' pages under a Legion folder: the upgrade cards and every card keyword."""

    upgrades: tuple[UpgradeCard, ...]
    keywords: Mapping[str, CardKeyword]


@cache
def catalogue(folder: str) -> Catalogue:
    source = units.cards()
    upgrades = upgrade_pages.upgrade_cards(folder, source.upgrades)
    unit_cards = [Card(u.name, unit_pages.unit_path(folder, u), u.keywords, u.weapons) for u in source.released]
    upgrade_cards = [Card(c.name, c.path, (), c.upgrade.weapons) for c in upgrades]
    return Catalogue(upgrades, keyword_pages.card_keywords(unit_cards, upgrade_cards))


def keyword_targets(folder: str, notes: Mapping[str, str]) -> dict[str, str]:
    """Each card keyword (folded) -> its page: the vault's note (`notes`: folded note name ->
    path) that explains it, else its generated page."""
    targets = {}
    for key, keyword in catalogue(folder).keywords.items():
        found = next((p for p in (keyword_pages.note_of(n, notes) for n in keyword.names) if p), None)
        targets[key] = found or keyword_pages.keyword_path(folder, keyword.title)
    return targets


@dataclass
class UnitsExtension:
    games: Mapping[str, str] = field(default_factory=dict)
    fence_names: tuple[str, ...] = ()

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        return ""

    def page_addition(self, page: PageContext) -> str:
        """A Legion keyword note gets its card keywords' rule text (unless it quotes it) and
        the units and upgrades that have them."""
        folder = legion_folder(self.games)
        if folder is None or page.game != folder or page.keyword is None:
            return ""
        note = page.keyword
        explained = [k for k in catalogue(folder).keywords.values()
                     if any(keyword_pages.explained_by(n, note) for n in k.names)]
        if not explained:
            return ""
        merged = CardKeyword(explained[0].key, tuple(n for k in explained for n in k.names), note,
                             tuple(h for k in explained for h in k.units), tuple(h for k in explained for h in k.upgrades))
        links = {h.path: unit_pages.href(page.src_path, h.path) for h in (*merged.units, *merged.upgrades)}
        quoted = "" if note in keyword_pages.QUOTED_IN_NOTE else "".join(
            dict.fromkeys(keyword_pages.quote_html(k) for k in explained if k.text is not None))
        heading = '<h2 id="the-rule-text">The rule text</h2>' if quoted else ""
        return heading + quoted + keyword_pages.holders_html(merged, links)

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        folder = legion_folder(self.games)
        if folder is None:
            return {}
        notes = {fold(p.keyword): p.src_path for p in pages if p.game == folder and p.keyword}
        paths = {p.src_path for p in pages}
        attack = next((f"{folder}/{path.split('/', 1)[1]}" for path in ATTACK_PAGES if f"{folder}/{path.split('/', 1)[1]}" in paths),
                      None)
        targets = keyword_targets(folder, notes)
        site = unit_pages.Site(folder, targets, attack)
        source, found = units.cards(), catalogue(folder)
        out = {unit_pages.index_path(folder): unit_pages.index_markdown(site, source.released, source.date)}
        for unit in source.released:
            src = unit_pages.unit_path(folder, unit)
            section = upgrade_pages.unit_upgrades_html(unit, found.upgrades, src)
            out[src] = unit_pages.unit_markdown(unit, site, source.date, section)
        out.update(upgrade_pages.pages(site, found.upgrades, source.released, source.date))
        for key, keyword in found.keywords.items():
            path = targets[key]
            if path in paths:
                continue  # a note of the vault explains it
            links = {h.path: unit_pages.href(path, h.path) for h in (*keyword.units, *keyword.upgrades)}
            out[path] = keyword_pages.generated_markdown(keyword, unit_pages.heading(keyword.title), links)
        return out

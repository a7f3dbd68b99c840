"""The unit pages' vault extension: a page per released Legion unit under Legion › Units,
grouped by faction (`unit_pages.py`), and on each Legion keyword page the units that have
the keyword.

Only a vault whose configuration names a Legion game gets them (`extra.vault.games`: a
folder whose key or title says Legion), as only a configured vault gets glossary pages; the
hook gives the extension that mapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rulesengine.calculators.legion import ATTACK_PAGES
from scripts.calculators import unit_pages
from scripts.vault.extension import PageContext, SourceLocation


def legion_folder(games: Mapping[str, str]) -> str | None:
    """The vault folder of the Legion game, if the configuration names one."""
    return next((folder for folder, title in games.items() if "legion" in f"{folder} {title}".casefold()), None)


@dataclass
class UnitsExtension:
    games: Mapping[str, str] = field(default_factory=dict)
    fence_names: tuple[str, ...] = ()

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        return ""

    def page_addition(self, page: PageContext) -> str:
        """A Legion keyword page lists the units that have its keyword."""
        folder = legion_folder(self.games)
        if folder is None or page.game != folder or page.keyword is None:
            return ""
        return unit_pages.keyword_units_html(page.src_path, page.keyword, folder)

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        folder = legion_folder(self.games)
        if folder is None:
            return {}
        keyword_pages = {p.keyword.casefold(): p.src_path for p in pages if p.game == folder and p.keyword}
        paths = {p.src_path for p in pages}
        attack = next((f"{folder}/{path.split('/', 1)[1]}" for path in ATTACK_PAGES if f"{folder}/{path.split('/', 1)[1]}" in paths),
                      None)
        return unit_pages.pages(unit_pages.Site(folder, keyword_pages, attack))

"""The theme's navigation, rendered once per folder and reused by each page in it.

mkdocs-material renders the whole navigation template for every page, and its template
walks the children of every section it shows (for `navigation.indexes`), so a page's
navigation costs about as much as its folder's share of the vault: 16 ms a page at 2,000
notes, 80 % of the time spent on templates. With `navigation.prune` the navigation of two
pages with the same parent section differs only in the page's own item (marked active, with
its table of contents), and every link in it is relative to the page's folder.

So the theme's `partials/nav.html` (scripts/theme/partials/nav.html) calls `vault_nav()`:
the navigation is rendered once per (parent section, folder) for a stand-in page at the
same depth that is no item of the navigation, and each page then puts its own item,
rendered alone by the theme's own macro, in place of its plain one. Pages the stand-in
cannot stand for (the home page, a section's index page, an item not found exactly once)
are rendered in full, as are all pages when `extra.vault.reuse_nav` is false; the tests
build a vault both ways and compare every page. Either way each run of white space with a
line break in it becomes one line break (the template's indentation was two thirds of a
page's bytes; the navigation holds no preformatted text).
"""

from __future__ import annotations

import importlib.util
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, Template, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

_MATERIAL = importlib.util.find_spec("material")
assert _MATERIAL is not None and _MATERIAL.origin is not None, "mkdocs-material is not installed"
THEME_NAV = Path(_MATERIAL.origin).parent / "templates" / "partials" / "nav.html"
# The page's own item alone, as the theme's navigation renders it for the page.
OWN_ITEM = '{% import "partials/nav-item.html" as item with context %}{{ item.render(page, "__vault_own", 1) }}'
PLAIN_ITEM = '<li class="md-nav__item">'
ACTIVE_ITEM = '<li class="md-nav__item md-nav__item--active">'
STAND_IN = "__vault_nav__"
_BLANKS = re.compile(r"\s*\n\s*")


def _render(template: Template, values: dict[str, Any]) -> str:
    return _BLANKS.sub("\n", template.render(values))


@dataclass(frozen=True)
class StandIn:
    """A page no navigation item equals, at the given address (links are made relative to it)."""

    url: str


@dataclass
class NavCache:
    theme_nav: Template
    own_item: Template
    reuse: bool = True
    rendered: dict[tuple[int, bool, str], str] = field(default_factory=dict)
    in_nav: tuple[int, frozenset[int]] = (0, frozenset())

    @pass_context
    def __call__(self, context: Context) -> Markup:
        values = context.get_all()
        page, nav = values.get("page"), values.get("nav")
        stand_in = self._stand_in(page, nav)
        if stand_in is None:
            return Markup(_render(self.theme_nav, values))
        placed = self._in_nav(nav, page)
        key = (id(getattr(page, "parent", None)), placed, stand_in.url)
        shared = self.rendered.get(key)
        if shared is None:
            shared = _render(self.theme_nav, {**values, "page": stand_in})
            if placed:
                if shared.count(ACTIVE_ITEM) != 1:
                    return Markup(_render(self.theme_nav, values))
                shared = shared.replace(ACTIVE_ITEM, PLAIN_ITEM)
            self.rendered[key] = shared
        if not placed:
            return Markup(shared)
        own = self._own_item(shared, page, stand_in)
        if own is None:
            return Markup(_render(self.theme_nav, values))
        start, end = own
        return Markup(shared[:start] + _render(self.own_item, values).strip() + shared[end:])

    def _stand_in(self, page: Any, nav: Any) -> StandIn | None:
        url = getattr(page, "url", None)
        if not self.reuse or nav is None or not isinstance(url, str) or not url.strip("/") or getattr(page, "is_index", True):
            return None
        folder = posixpath.dirname(url.rstrip("/"))
        name = STAND_IN + ("/" if url.endswith("/") else ".html")
        return StandIn(posixpath.join(folder, name) if folder else name)

    def _in_nav(self, nav: Any, page: Any) -> bool:
        if self.in_nav[0] != id(nav):
            self.in_nav = (id(nav), frozenset(id(item) for item in nav.pages))
        return id(page) in self.in_nav[1]

    def _own_item(self, shared: str, page: Any, stand_in: StandIn) -> tuple[int, int] | None:
        """Where the page's plain item stands in the shared navigation (None: not once)."""
        from mkdocs.utils import get_relative_url  # what the theme's `url` filter gives a page's address

        link = f'<a href="{get_relative_url(page.url, stand_in.url)}" class="md-nav__link">'
        at = shared.find(link)
        if at < 0 or shared.find(link, at + 1) >= 0:
            return None
        start = shared.rfind(PLAIN_ITEM, 0, at)
        end = shared.find("</li>", at)
        if start < 0 or end < 0 or shared[start + len(PLAIN_ITEM):at].strip():
            return None
        return start, end + len("</li>")


def install(env: Environment, reuse: bool) -> NavCache:
    """Give the theme's templates `vault_nav()`; a new cache for each build."""
    cache = NavCache(env.from_string(THEME_NAV.read_text(encoding="utf-8")), env.from_string(OWN_ITEM), reuse)
    env.globals["vault_nav"] = cache
    return cache

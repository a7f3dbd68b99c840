"""A page an extension writes in Markdown is titled by its heading as the heading shows:
its Markdown escapes are read, so the navigation and the browser tab show the name as
written ("LAAT/le Patrol Transport [Galactic Empire]", never "\\[Galactic Empire\\]")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import unescape

import pytest

from scripts.vault.compiler import compile_vault
from scripts.vault.config import VaultConfig
from scripts.vault.escaping import escape_text, markdown_text
from scripts.vault.extension import PageContext, SourceLocation

NAMES = ["LAAT/le Patrol Transport [Galactic Empire]", "Jar'Kai & <Makashi>", "*Not* _emphasis_ `code` #tag | pipe",
         "a \\ backslash", "^caret first", "Immune: Melee Pierce"]


@pytest.mark.parametrize("name", NAMES)
def test_escaped_text_reads_back_as_written(name: str) -> None:
    assert markdown_text(escape_text(name)) == name


def test_only_escapes_and_entities_are_read() -> None:
    assert markdown_text("a\\b \\[c\\] &amp; &#91; &nosuch; \\é") == "a\\b [c] & [ &nosuch; \\é"


class Making:
    fence_names: tuple[str, ...] = ()

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        return ""

    def page_addition(self, page: PageContext) -> str:
        return ""

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        return {_path(n): f"# {escape_text(n)}\n\nText.\n" for n in NAMES[:2]}


def _path(name: str) -> str:
    return "made/" + "".join(c for c in name if c.isalnum() or c == " ") + ".md"


def test_a_made_page_is_titled_as_its_heading_shows() -> None:
    compiled = compile_vault({"a.md": "A note."}, VaultConfig(), extensions=[Making()])
    for name in NAMES[:2]:
        path = _path(name)
        assert compiled.titles[path] == name
        assert "\\" not in compiled.generated[path].split("\n---\n", 1)[0]  # the page's meta: its tab title
    shown = [title for item in compiled.nav for section in item.values() if isinstance(section, list)
             for entry in section for title in entry]
    assert sorted(map(unescape, shown)) == sorted(NAMES[:2])  # the navigation writes its titles as HTML

"""The vault as a plugin evaluates against it, seen from the note being written: one class
for the page renderer (render.py) and for the passes that evaluate plugins' blocks before
any page is written (plugin_results.py, computed_headings.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from markdown_it.token import Token

from .index import LinkIndex
from .pages import PageSource
from .plugins.context import BlockSpan, Written
from .resolution import Resolution
from .resolve import resolve_ref
from .scan import Ref
from .syntax import split_target
from .vault_index import NoteRecord, VaultIndex


class PluginHere:
    """`page` is the note being written (an embedded note when shown inside another)."""

    def __init__(self, page: PageSource, written: Written, vault: VaultIndex, pages: Mapping[str, PageSource],
                 index: LinkIndex, site_made: frozenset[str],
                 image_sizes: Mapping[str, tuple[int, int]] | None = None) -> None:
        self._page, self.written, self._vault = page, written, vault
        self._pages, self._index, self._site_made = pages, index, site_made
        self._image_sizes = image_sizes or {}

    @property
    def vault(self) -> VaultIndex:
        return self._vault

    @property
    def page(self) -> NoteRecord:
        return self._vault.get(self._page.path) or NoteRecord(self._page.path, self._page.title)

    def resolve(self, target: str, kind: Literal["link", "embed"] = "link") -> Resolution:
        ref = Ref(kind, split_target(target), 0, 0, 0, None)
        return resolve_ref(ref, self._page, self._pages, self._index, self._site_made)[0]

    def block(self, path: str, block_id: str) -> BlockSpan | None:
        page = self._pages.get(path)
        found = page.find_block(block_id) if page is not None else None
        if page is None or found is None:
            return None
        above = [h.text for h in page.scan.headings if h.line < found.first_line]
        return BlockSpan(found.first_line, found.end_line, above[-1] if above else None)

    def tokens_of(self, path: str, first_line: int, end_line: int) -> list[Token]:
        page = self._pages.get(path)
        return tokens_between(list(page.scan.tokens), first_line, end_line) if page is not None else []

    def image_size(self, path: str) -> tuple[int, int] | None:
        return self._image_sizes.get(path)


def tokens_between(tokens: list[Token], first: int, last: int) -> list[Token]:
    """The blocks written on lines [first, last), whole: a section, a block, or the note."""
    picked: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        inside = token.map is not None and first <= token.map[0] and token.map[1] <= last
        if token.nesting == 1 and token.map is not None and inside:
            close = _close_index(tokens, index)
            picked.extend(tokens[index : close + 1])
            index = close + 1
            continue
        if token.nesting == 0 and token.map is not None and first <= token.map[0] < last and token.type != "inline":
            picked.append(token)
        index += 1
    if picked and picked[0].type == "list_item_open":
        # A list item shown alone is still a list item.
        tag = "ol" if picked[0].info else "ul"
        opening, closing = Token(f"{tag}_embed_open", tag, 1), Token(f"{tag}_embed_close", tag, -1)
        picked = [opening, *picked, closing]
    return picked


def _close_index(tokens: list[Token], index: int) -> int:
    depth = 0
    for later in range(index, len(tokens)):
        depth += tokens[later].nesting
        if depth == 0:
            return later
    return len(tokens) - 1

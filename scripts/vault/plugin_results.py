"""Plugins' results as the note's links: a query's blocks evaluated once the vault's index is
built, each note they list counted as linked from the query's line (backlinks, graph), as in
Obsidian where a query's results are links of the note showing them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal

from markdown_it.token import Token

from .index import LinkIndex
from .pages import PageSource
from .plugins import fence_plugin
from .plugins.context import BlockSpan, Written
from .resolution import Resolution
from .resolve import Mention, Resolved, resolve_ref
from .scan import Ref
from .syntax import split_target
from .vault_index import NoteRecord, VaultIndex


class _Here:
    def __init__(self, page: PageSource, record: NoteRecord, written: Written, vault: VaultIndex,
                 pages: Mapping[str, PageSource], index: LinkIndex, site_made: frozenset[str]) -> None:
        self._page, self._record, self.written, self._vault = page, record, written, vault
        self._pages, self._index, self._site_made = pages, index, site_made

    @property
    def vault(self) -> VaultIndex:
        return self._vault

    @property
    def page(self) -> NoteRecord:
        return self._record

    def resolve(self, target: str, kind: Literal["link", "embed"] = "link") -> Resolution:
        ref = Ref(kind, split_target(target), 0, 0, 0, None)
        return resolve_ref(ref, self._page, self._pages, self._index, self._site_made)[0]

    def block(self, path: str, block_id: str) -> BlockSpan | None:
        return None  # a query's results need no block of another note

    def image_size(self, path: str) -> tuple[int, int] | None:
        return None  # this pass only gathers the notes a block links to: no picture is drawn

    def tokens_of(self, path: str, first_line: int, end_line: int) -> list[Token]:
        return []


def with_result_links(resolved: Resolved, pages: Mapping[str, PageSource], vault: VaultIndex,
                      index: LinkIndex, site_made: frozenset[str]) -> Resolved:
    """`resolved` with each plugin block's result links added to its targets' backlinks."""
    backlinks = {path: list(found) for path, found in resolved.backlinks.items()}
    seen = {(path, mention) for path, found in backlinks.items() for mention in found}
    added = False
    for page in pages.values():
        record = vault.get(page.path)
        if record is None:
            continue
        for fence in page.scan.fences:
            plugin = fence_plugin(fence.info.split(" ")[0])
            if plugin is None:
                continue
            written = Written("fence", fence.info, fence.content, fence.first_line + 1)
            here = _Here(page, record, written, vault, pages, index, site_made)
            heading = next((h.text for h in reversed(page.scan.headings) if h.line < fence.first_line), None)
            mention = Mention(page.path, page.title, fence.first_line + 1, heading,
                              page.anchor_for(heading) if heading else None)
            for target in plugin.result_links(plugin.evaluate(plugin.parse(written), here)):
                if target != page.path and target in pages and (target, mention) not in seen:
                    seen.add((target, mention))
                    backlinks.setdefault(target, []).append(mention)
                    added = True
    if not added:
        return resolved
    return replace(resolved, backlinks={path: tuple(found) for path, found in backlinks.items()})

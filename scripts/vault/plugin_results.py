"""Plugins' results as the note's links: a query's blocks and inline spans evaluated once the
vault's index is built, each note they list counted as linked from the query's line
(backlinks, graph), as in Obsidian where a query's results are links of the note showing them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from .index import LinkIndex
from .pages import PageSource
from .plugin_here import PluginHere
from .plugins import Plugin, code_plugin, fence_plugin
from .plugins.context import Written
from .resolve import Mention, Resolved
from .vault_index import VaultIndex


def with_result_links(resolved: Resolved, pages: Mapping[str, PageSource], vault: VaultIndex,
                      index: LinkIndex, site_made: frozenset[str]) -> Resolved:
    """`resolved` with each plugin block's and inline span's result links added to its
    targets' backlinks."""
    backlinks = {path: list(found) for path, found in resolved.backlinks.items()}
    seen = {(path, mention) for path, found in backlinks.items() for mention in found}
    added = False
    for page in pages.values():
        if vault.get(page.path) is None:
            continue
        for plugin, written in plugin_writings(page):
            here = PluginHere(page, written, vault, pages, index, site_made)
            zero_based = written.line - 1
            # A span in a heading is under that heading; a fence starts below the one above it.
            heading = next((h.text for h in reversed(page.scan.headings)
                            if h.line < zero_based or (h.line == zero_based and written.kind == "code")), None)
            mention = Mention(page.path, page.title, written.line, page.shown_heading(heading) if heading else None,
                              page.anchor_for(heading) if heading else None)
            for target in plugin.result_links(plugin.evaluate(plugin.parse(written), here)):
                if target != page.path and target in pages and (target, mention) not in seen:
                    seen.add((target, mention))
                    backlinks.setdefault(target, []).append(mention)
                    added = True
    if not added:
        return resolved
    return replace(resolved, backlinks={path: tuple(found) for path, found in backlinks.items()})


def plugin_writings(page: PageSource) -> Iterator[tuple[Plugin, Written]]:
    """Every fenced block and inline code span of the note that a plugin claims, in order,
    each with the line the renderer gives it (a span: its paragraph's, heading's or cell's)."""
    for token in page.scan.tokens:
        if token.type == "fence":
            info = token.info.strip()
            plugin = fence_plugin(info.split(" ")[0] if info else "")
            if plugin is not None:
                yield plugin, Written("fence", info, token.content, (token.map[0] if token.map else 0) + 1)
        elif token.type == "inline":
            line = (token.map[0] if token.map else 0) + 1
            for child in token.children or ():
                found = code_plugin(child.content) if child.type == "code_inline" else None
                if found is not None:
                    yield found, Written("code", "", child.content, line)

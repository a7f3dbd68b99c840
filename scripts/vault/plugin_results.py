"""Plugins' results as the note's links: a query's blocks evaluated once the vault's index is
built, each note they list counted as linked from the query's line (backlinks, graph), as in
Obsidian where a query's results are links of the note showing them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .index import LinkIndex
from .pages import PageSource
from .plugin_here import PluginHere
from .plugins import fence_plugin
from .plugins.context import Written
from .resolve import Mention, Resolved
from .vault_index import VaultIndex


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
            here = PluginHere(page, written, vault, pages, index, site_made)
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

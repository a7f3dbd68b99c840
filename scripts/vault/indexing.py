"""The vault's index for plugins (vault_index.py), built from the resolved pages."""

from __future__ import annotations

from collections.abc import Mapping

from .pages import PageSource
from .resolve import Resolved
from .vault_index import FileFacts, NoteRecord, VaultIndex


def build_vault_index(
    pages: Mapping[str, PageSource], resolved: Resolved, sizes: Mapping[str, int],
    facts: Mapping[str, FileFacts] | None = None,
) -> VaultIndex:
    """Every note of the vault (not the pages the site makes) with what plugins query."""
    notes = [path for path, page in pages.items() if not page.generated]
    outlinks: dict[str, list[str]] = {path: [] for path in notes}
    inlinks: dict[str, set[str]] = {path: set() for path in notes}
    for (path, _number), resolution in resolved.links.items():
        if path not in outlinks or resolution.path is None or resolution.kind not in ("page", "image", "asset"):
            continue
        if resolution.path not in outlinks[path]:
            outlinks[path].append(resolution.path)
        if resolution.path in inlinks and resolution.path != path:
            inlinks[resolution.path].add(path)
    records = {}
    for path in notes:
        page = pages[path]
        tags = list(dict.fromkeys([*page.properties.tags, *(tag.name for tag in page.scan.tags)]))
        records[path] = NoteRecord(
            path=path, name=page.title, front_matter=page.properties.front_matter, tags=tuple(tags),
            aliases=page.properties.aliases, outlinks=tuple(outlinks[path]), inlinks=tuple(sorted(inlinks[path])),
            facts=(facts or {}).get(path) or FileFacts(sizes.get(path, 0)), text=page.text, tokens=page.scan.tokens,
        )
    return VaultIndex(records)

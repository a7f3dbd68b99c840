"""Dataview's page objects (`file.*` fields, front matter, inline fields), made once per vault
index and kept while that index lives, not per query."""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ...vault_index import NoteRecord, VaultIndex
from .evaluate import key_variant
from .fields import code_free_lines, inline_fields, list_items
from .values import Link, Value, normalised

Page = dict[str, Any]


@dataclass
class _Kept:
    """What one vault index's queries share: its page objects, and each query's result by
    (note, line, query), which the compile works out for backlinks and then draws."""

    pages: dict[str, Page]
    results: dict[tuple[str, int, str], object] = field(default_factory=dict)


# By id of a live index: an index's entry goes when the index does (weakref.finalize), so it
# lives exactly as long as the compile (or live-preview state) holding that index.
_KEPT: dict[int, _Kept] = {}


def _tags(record: NoteRecord) -> tuple[list[str], list[str]]:
    explicit = ["#" + tag.lstrip("#") for tag in record.tags]
    every: list[str] = []
    for tag in explicit:
        parts = tag.split("/")
        for end in range(1, len(parts) + 1):
            if "/".join(parts[:end]) not in every:
                every.append("/".join(parts[:end]))
    return every, explicit


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _day(name: str) -> datetime | None:
    found = _DATE.search(name) if "-" in name else None
    try:
        return datetime.fromisoformat(found.group()) if found else None
    except ValueError:
        return None


def page_object(record: NoteRecord, names: dict[str, str] | None = None, links: dict[str, Link] | None = None) -> Page:
    """The note's page object. With `names` (from `_by_name`), the links written in its fields,
    front matter and list items point at their notes' paths (a link to no note keeps its target
    as written); its `file` links (link, inlinks, outlinks) are paths already. Made in one pass:
    values are resolved as they are read, not copied afterwards. `links`: one `Link` per path,
    shared by every page of a vault (a link is immutable; a vault's inlinks and outlinks are
    hundreds of thousands of links to its few thousand notes)."""
    def resolved(value: Any) -> Any:
        return value if names is None else _resolved(value, names)

    shared: dict[str, Link] = {} if links is None else links

    def link_to(path: str) -> Link:
        found = shared.get(path)
        if found is None:
            found = shared[path] = Link(path)
        return found

    every, explicit = _tags(record)
    link = link_to(record.path)
    lines = code_free_lines(record.text)  # read once for list items and inline fields
    items = list_items(record.text, lines)
    for item in items:
        for key, value in item.items():
            if isinstance(value, (Link, list, dict)):
                item[key] = resolved(value)
        item["path"], item["link"] = record.path, link
    ctime, mtime = record.facts.ctime, record.facts.mtime
    # Front matter's values are shared by the page and `file.frontmatter`: no query changes a value in place.
    front: Page = {str(k): resolved(normalised(v)) for k, v in record.front_matter.items()}
    file: Page = {
        "name": record.name, "path": record.path, "folder": record.folder, "ext": record.extension,
        "link": link, "size": record.facts.size, "tags": every, "etags": explicit,
        "inlinks": [link_to(path) for path in record.inlinks], "outlinks": [link_to(path) for path in record.outlinks],
        "aliases": list(record.aliases), "day": _day(record.name),
        "ctime": ctime.replace(tzinfo=None) if ctime else None, "mtime": mtime.replace(tzinfo=None) if mtime else None,
        "cday": ctime.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0) if ctime else None,
        "mday": mtime.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0) if mtime else None,
        "tasks": [item for item in items if item["task"]], "lists": items,
        "frontmatter": front,
    }
    page: Page = dict(front)
    written: dict[str, list[Value]] = {}
    for key, value, _line in inline_fields(record.text, lines):
        written.setdefault(key, []).append(resolved(value))
    for key, values in written.items():  # a key written twice is a list, as in Dataview
        value = values[0] if len(values) == 1 else values
        page[key] = [*page[key], *values] if isinstance(page.get(key), list) else (
            [page[key], *values] if key in page else value)
    for key in list(page):
        page.setdefault(key_variant(key), page[key])
    page["file"] = file
    return page


def _by_name(vault: VaultIndex) -> dict[str, str]:
    """A note's name, path and path without ".md" (lower case) -> its path; the shortest path
    wins a shared name, as Obsidian picks the nearest."""
    names: dict[str, str] = {}
    for path in sorted(vault.notes, key=lambda p: (p.count("/"), p)):
        for key in (path, path[:-3] if path.endswith(".md") else path, vault.notes[path].name):
            names.setdefault(key.casefold(), path)
    return names


def _resolved(value: Any, names: dict[str, str]) -> Any:
    """Links in properties and fields pointed at their notes' paths (a link to no note keeps
    its target as written)."""
    if isinstance(value, Link):
        return Link(names.get(value.path.casefold(), value.path), value.display, value.embed, value.subpath)
    if isinstance(value, list):
        return [_resolved(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _resolved(item, names) for key, item in value.items()}
    return value


def results_of(vault: VaultIndex) -> dict[tuple[str, int, str], object]:
    """The results already worked out against this index (made with its page objects)."""
    return _kept(vault).results


def pages_of(vault: VaultIndex) -> dict[str, Page]:
    """Every note's page object, by path; made once for this index."""
    return _kept(vault).pages


def _kept(vault: VaultIndex) -> _Kept:
    kept = _KEPT.get(id(vault))
    if kept is None:
        names = _by_name(vault)
        links: dict[str, Link] = {}
        kept = _KEPT[id(vault)] = _Kept({path: page_object(record, names, links) for path, record in vault.notes.items()})
        weakref.finalize(vault, _KEPT.pop, id(vault), None)
    return kept

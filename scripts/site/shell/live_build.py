"""Incremental rebuilds under `mkdocs serve --dirty` (scripts/serve.sh), for scripts/site/shell/hook.py.

MkDocs' dirty build renders only pages whose File says it was modified. Each rebuild
compiles the whole vault (a pure function, fast) and compares every page's Markdown and
the navigation with the previous build's (scripts.vault.changes): a page whose Markdown
and navigation did not change keeps the HTML already written; any other page is rendered
again, so backlinks and keyword lists follow an edit. A changed navigation renders every
page. After the build, pages that are gone are deleted from the site, and the search
index keeps one entry group per page (the theme's own merge keeps old groups of pages
other than the first one rebuilt).

This module is imported by name, not by path like the hook, so MkDocs' reload of the
hook on each rebuild keeps its state: the last build's snapshot.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from scripts.vault.changes import Changes, Snapshot, changes, fingerprint


class UnchangedFile(File):
    """A page whose HTML from the previous build is still right: dirty builds skip it."""

    def is_modified(self) -> bool:
        return False


@dataclass
class Session:
    dirty: bool = False
    serving: bool = False  # `mkdocs serve`: its server threads run beside each build
    last: Snapshot | None = None
    pending: Changes | None = None
    urls: dict[str, str] = field(default_factory=dict)  # source path -> page URL
    removed_urls: list[str] = field(default_factory=list)


SESSION = Session()


def start(command: str, dirty: bool) -> None:
    """on_startup: only `serve --dirty` rebuilds in part; anything else starts afresh."""
    global SESSION
    SESSION = Session(dirty=command == "serve" and dirty, serving=command == "serve")


def keep_unchanged(files: Files, pages: dict[str, str], config: MkDocsConfig) -> Changes | None:
    """on_files, after every page has its Markdown: mark pages that need no new HTML."""
    if not SESSION.dirty:
        return None
    layout = fingerprint(config.nav, config.config_file_path, config.site_dir, _settings_date(config))
    snapshot = Snapshot(dict(pages), layout)
    found = changes(SESSION.last, snapshot)
    for file in files.documentation_pages():
        if file.src_uri in pages and not found.writes(file.src_uri):
            file.__class__ = UnchangedFile
    old_urls = SESSION.urls
    SESSION.urls = {file.src_uri: file.url for file in files.documentation_pages()}
    SESSION.removed_urls = [old_urls[path] for path in found.removed if path in old_urls]
    SESSION.last, SESSION.pending = snapshot, found
    return found


def _settings_date(config: MkDocsConfig) -> list[float]:
    """mkdocs.yml and our templates: a change there changes every page."""
    watched = [Path(config.config_file_path)] if config.config_file_path else []
    for folder in config.theme.dirs[:1]:
        watched += [p for p in Path(folder).rglob("*.html")]
    return [p.stat().st_mtime for p in watched if p.is_file()]


def finish(config: MkDocsConfig) -> None:
    """on_post_build: delete pages that are gone; one search entry group per page."""
    if not SESSION.dirty or SESSION.pending is None:
        return
    site = Path(config.site_dir)
    for url in SESSION.removed_urls:
        page = site / url / "index.html" if url.endswith("/") or not url else site / url
        if page.is_file():
            page.unlink()
            if page.parent != site and not any(page.parent.iterdir()):
                page.parent.rmdir()
    index = site / "search" / "search_index.json"
    if index.is_file():
        data = json.loads(index.read_text(encoding="utf-8"))
        live = set(SESSION.urls.values())
        data["docs"] = newest_groups(data["docs"], live)
        index.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    SESSION.pending = None


def newest_groups(entries: list[dict[str, Any]], live: set[str]) -> list[dict[str, Any]]:
    """Search entries come in groups, a page's own entry then its sections'; a rebuilt
    page's group is appended after its old one. Keep each live page's last group."""
    groups: list[list[dict[str, Any]]] = []
    for entry in entries:
        location = str(entry.get("location", ""))
        if not groups or "#" not in location or location.split("#")[0] != _page(groups[-1][0]):
            groups.append([])
        groups[-1].append(entry)
    kept: list[list[dict[str, Any]]] = []
    seen: set[str] = set()
    for group in reversed(groups):
        page = _page(group[0])
        if page in live and page not in seen:
            seen.add(page)
            kept.append(group)
    return [entry for group in reversed(kept) for entry in group]


def _page(entry: dict[str, Any]) -> str:
    return str(entry.get("location", "")).split("#")[0]


__all__ = ["UnchangedFile", "finish", "keep_unchanged", "newest_groups", "start"]

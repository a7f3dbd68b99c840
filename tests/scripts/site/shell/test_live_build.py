"""`mkdocs serve --dirty` (scripts/serve.sh) renders only the pages an edit changes: after
each edit the site must equal a full build of the same notes, page for page."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from scripts.site.shell import live_build
from scripts.site.shell.live_build import newest_groups

ROOT = Path(__file__).resolve().parents[4]
HOOK = ROOT / "scripts" / "site" / "shell" / "hook.py"


def vault_copy(tmp_path: Path) -> Path:
    vault = tmp_path / "vault"
    shutil.copytree(ROOT / "tests" / "fixtures" / "vaults" / "small", vault)
    settings = vault / "mkdocs.yml"
    settings.write_text(settings.read_text().replace("../../../../scripts/site/shell/hook.py", str(HOOK)))
    return settings


def build_as_serve(settings: Path, site: Path, dirty: bool, first: bool) -> None:
    # What serve does on every change: load the configuration again, build again.
    config = load_config(str(settings), site_dir=str(site))
    if first:
        config.plugins.on_startup(command="serve", dirty=dirty)
    build(config, dirty=dirty)


def pages(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in site.rglob("*.html")}


def search(site: Path) -> list[tuple[str, str]]:
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return sorted((entry["location"], entry["text"]) for entry in docs)


def append(note: str, text: str) -> Callable[[Path], None]:
    def edit(docs: Path) -> None:
        with (docs / note).open("a", encoding="utf-8") as file:
            file.write(text)
    return edit


def write(note: str, text: str) -> Callable[[Path], None]:
    return lambda docs: (docs / note).write_text(text, encoding="utf-8")


def delete(note: str) -> Callable[[Path], None]:
    return lambda docs: (docs / note).unlink()


EDITS = {
    "a sentence": [append("game/Attack.md", "\nA new sentence.\n")],
    "a new link gives its target a backlink": [append("game/Attack.md", "\nSee [[Evade]] and [[Zebra]].\n")],
    "a link taken out takes its backlink": [
        append("game/Attack.md", "\nSee [[Evade]].\n"),
        write("game/Attack.md", "# Attack\n\nNo links now.\n"),
    ],
    "a new note comes into the navigation": [write("game/Cover.md", "# Cover\n\nLike [[Dodge]].\n")],
    "a deleted note leaves nothing behind": [
        write("game/Cover.md", "# Cover\n\nLike [[Dodge]].\n"),
        delete("game/Cover.md"),
    ],
    "a new heading is found by search": [append("game/keywords/Dodge.md", "\n## Tokens\n\nSpent.\n")],
}


@pytest.mark.parametrize("name", list(EDITS))
def test_after_each_edit_the_dirty_site_equals_a_full_build(tmp_path: Path, name: str) -> None:
    settings = vault_copy(tmp_path)
    live = tmp_path / "live"
    try:
        build_as_serve(settings, live, dirty=True, first=True)
        for edit in EDITS[name]:
            edit(settings.parent / "docs")
            build_as_serve(settings, live, dirty=True, first=False)
            full = tmp_path / "full"
            shutil.rmtree(full, ignore_errors=True)
            build_as_serve(settings, full, dirty=False, first=False)
            assert pages(live) == pages(full)
            assert search(live) == search(full)
    finally:
        live_build.start("build", dirty=False)


def test_an_unchanged_page_is_not_written_again(tmp_path: Path) -> None:
    settings = vault_copy(tmp_path)
    live = tmp_path / "live"
    try:
        build_as_serve(settings, live, dirty=True, first=True)
        before = {path: (live / path).stat().st_mtime_ns for path in pages(live)}
        append("game/Attack.md", "\nA new sentence.\n")(settings.parent / "docs")
        build_as_serve(settings, live, dirty=True, first=False)
        written = {path for path in pages(live) if (live / path).stat().st_mtime_ns != before.get(path)}
        assert "game/attack/index.html" in written
        assert "game/keywords/dodge/index.html" in written  # it embeds Attack#Compare, the last section
        assert "index.html" not in written
    finally:
        live_build.start("build", dirty=False)


def entry(location: str, text: str = "") -> dict[str, str]:
    return {"location": location, "text": text}


def test_search_keeps_the_newest_group_of_each_live_page() -> None:
    entries = [entry("a/"), entry("a/#x", "old"), entry("b/"), entry("gone/"), entry("a/"), entry("a/#y", "new")]
    assert newest_groups(entries, {"a/", "b/"}) == [entry("b/"), entry("a/"), entry("a/#y", "new")]

"""`mkdocs serve` rebuilds in the same process: a changed note must show on the next build."""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parents[3]


def build_once(config_file: Path, site: Path) -> None:
    # What serve does on every change: load the configuration again, build again.
    config = load_config(str(config_file), site_dir=str(site))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()


def test_a_changed_note_shows_on_the_next_build(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(ROOT / "tests" / "fixtures" / "vaults" / "small", vault)
    settings = vault / "mkdocs.yml"
    hook = ROOT / "scripts" / "site" / "shell" / "hook.py"
    settings.write_text(settings.read_text().replace("../../../../scripts/site/shell/hook.py", str(hook)))
    build_once(settings, tmp_path / "site")
    assert not (tmp_path / "site" / "missing" / "zebra").exists()
    with (vault / "docs" / "game" / "Attack.md").open("a", encoding="utf-8") as note:
        note.write("\nA new line about [[Zebra]] and [[Evade]].\n")
    build_once(settings, tmp_path / "site")
    page = (tmp_path / "site" / "game" / "attack" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../missing/zebra/"' in page
    evade = (tmp_path / "site" / "game" / "keywords" / "evade" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../../attack/">Attack</a>' in evade

"""Which note is the home page; a vault's Obsidian settings read from its own folder; the
MkDocs config for a vault in any folder written outside it (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from scripts.site.shell.site_config import BASE_CONFIG, SHIPPED, VaultFolderError, config_for, vault_folder
from scripts.vault.home import choose_home, home_page
from scripts.vault.obsidian_settings import read_settings


@pytest.mark.parametrize(("paths", "home"), [
    (["index.md", "Home.md", "a/b.md"], "index.md"),
    (["README.md", "Notes/Home.md", "Zebra.md"], "README.md"),
    (["readme.md", "Home.md"], "Home.md"),  # Home before README, names matched ignoring case
    (["00 - Welcome.md", "Other.md"], "00 - Welcome.md"),
    (["🏠 Home.md", "Start Here.md"], "🏠 Home.md"),
    (["start here.md", "Rules/README.md"], "start here.md"),
    (["Rules/README.md", "Homework.md", "Homestead.md"], None),  # not at the root / not the name
])
def test_the_home_note(paths: list[str], home: str | None) -> None:
    assert choose_home(paths) == home


def test_a_made_home_lists_folders_root_notes_and_the_most_linked() -> None:
    titles = {"13A/Rule.md": "Rule", "13A/Other.md": "Other", "b/index.md": "B index", "b/c/Deep.md": "Deep",
              "Loose <note>.md": "Loose <note>", "missing/index.md": "Missing notes"}
    page = home_page(titles, [p for p in titles if not p.startswith("missing/")],
                     {"13A/Rule.md": 3, "b/c/Deep.md": 1, "13A/Other.md": 0}, "missing/index.md")
    assert "- [13A](13A/Other.md): 2 notes" in page  # the folder's first note by name
    assert "- [b](b/index.md): 2 notes" in page  # its index.md when it has one
    assert "- [Loose &lt;note\\>](Loose%20%3Cnote%3E.md)" in page  # escaped as any note name
    linked = page[page.index("## Most linked notes"):]
    assert linked.index("[Rule]") < linked.index("[Deep]") and "[Other]" not in linked
    assert "[missing notes](missing/index.md)" in page


def test_obsidian_settings_come_from_the_vault_folder(tmp_path: Path) -> None:
    assert read_settings(tmp_path) == (read_settings(tmp_path)[0], [])  # no .obsidian: defaults
    assert read_settings(tmp_path)[0].strict_line_breaks is False
    (tmp_path / ".obsidian").mkdir()
    (tmp_path / ".obsidian" / "app.json").write_text(json.dumps({"strictLineBreaks": True, "other": 1}))
    assert read_settings(tmp_path)[0].strict_line_breaks is True
    (tmp_path / ".obsidian" / "app.json").write_text("{broken")
    settings, problems = read_settings(tmp_path)
    assert settings.strict_line_breaks is False and "not JSON" in problems[0].message


def test_the_hook_hands_the_setting_to_the_compiler(tmp_path: Path) -> None:
    from mkdocs.config import load_config

    from scripts.site.shell.hook import vault_config

    (tmp_path / ".obsidian").mkdir()
    (tmp_path / ".obsidian" / "app.json").write_text('{"strictLineBreaks": true}')
    config = load_config(config_file=str(config_for(tmp_path, tmp_path.parent / "configs")))
    assert vault_config(config).strict_line_breaks is True
    assert vault_config(config).glossaries == () and dict(vault_config(config).games) == {}


def test_docs_stays_the_default_with_the_repositorys_config(tmp_path: Path) -> None:
    assert vault_folder(None) == SHIPPED and config_for(SHIPPED) == BASE_CONFIG
    with pytest.raises(VaultFolderError, match="no such folder"):
        vault_folder(tmp_path / "nope")


def test_another_folder_gets_a_config_outside_it(tmp_path: Path) -> None:
    vault = tmp_path / "My Vault: \"quoted\""
    vault.mkdir()
    written = config_for(vault, tmp_path / "configs")
    assert written.is_relative_to(tmp_path / "configs") and list(vault.iterdir()) == []
    config = yaml.safe_load(written.read_text())
    assert config["docs_dir"] == str(vault) and config["INHERIT"] == str(BASE_CONFIG)
    assert config["site_name"] == vault.name
    assert config["extra"]["vault"]["glossaries"] is None and config["extra"]["vault"]["games"] is None
    assert all(Path(hook).is_absolute() and Path(hook).exists() for hook in config["hooks"])

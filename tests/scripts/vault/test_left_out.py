"""Folders left out of the site (scripts/vault/left_out.py, issue 45 part 5): dot-folders and
templates folders leave no trace, and links to their notes are unresolved links, never a
failed build. The fixture vault (tests/fixtures/vaults/foreign/left-out) publishes its 4
notes: it names its templates folder in `.obsidian/templates.json` (`/Meta/Templates/`) and
Templater's settings (`Templater`), and also has `.hidden/`, `.trash/` and a `Templates`
folder that its settings do not name (so published, as a folder like any other)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.vault.left_out import is_left_out, named_folder, template_folders
from tests.scripts.vault.test_foreign_vaults import VAULTS, files_in, publish

NOTES = {"index.html", "rules/combat/index.html", "rules/spells/index.html", "templates/kept-by-settings/index.html"}
# Words only the left-out notes hold.
LEFT_OUT_TEXT = ("Written on", "tp.file.title", "plans, ", "An old note", "Template only target", "template-tag")


@pytest.mark.parametrize(("text", "key", "folder"), [
    ('{"folder": "/Meta/Templates/"}', "folder", "Meta/Templates"),
    ('{"folder": "Templates"}', "folder", "Templates"),
    ('{"templates_folder": "Extras\\\\Templater"}', "templates_folder", "Extras/Templater"),
    ('{"folder": "/"}', "folder", None),  # the vault's root: names no folder
    ('{"folder": ""}', "folder", None),
    ('{"folder": 3}', "folder", None),
    ('["Templates"]', "folder", None),
    ("{not json", "folder", None),
    ("", "folder", None),
    (None, "folder", None),
])
def test_the_folder_a_settings_file_names(text: str | None, key: str, folder: str | None) -> None:
    assert named_folder(text, key) == folder


def test_settings_name_the_folders_and_the_convention_applies_only_without_them(tmp_path: Path) -> None:
    for name in ("Templates", "_templates", "Notes"):
        (tmp_path / name).mkdir()
    assert template_folders(tmp_path) == ("Templates", "_templates")
    (tmp_path / ".obsidian").mkdir()
    (tmp_path / ".obsidian" / "templates.json").write_text('{"folder": "Notes"}', encoding="utf-8")
    assert template_folders(tmp_path) == ("Notes",)
    (tmp_path / ".obsidian" / "plugins" / "templater-obsidian").mkdir(parents=True)
    (tmp_path / ".obsidian" / "plugins" / "templater-obsidian" / "data.json").write_text(
        '{"templates_folder": "Notes/"}', encoding="utf-8")
    assert template_folders(tmp_path) == ("Notes",)
    assert template_folders(tmp_path / "no such folder") == ()


@pytest.mark.parametrize(("path", "left_out"), [
    (".trash/Old.md", True),
    ("Rules/.hidden/Secret.md", True),
    ("Rules/.hidden.png", True),
    ("Meta/Templates/Daily.md", True),
    ("Meta/Templates/sub/Daily.md", True),
    ("Meta/Templates.md", False),  # a note beside the folder, named like it
    ("Meta/TemplatesX/Daily.md", False),
    ("Templates/Daily.md", False),  # not the folder named
    ("Rules/Combat.md", False),
])
def test_which_files_are_left_out(path: str, left_out: bool) -> None:
    assert is_left_out(path, ("Meta/Templates",)) is left_out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    vault = VAULTS / "left-out"
    before = files_in(vault)
    out = tmp_path_factory.mktemp("left-out") / "site"
    run = publish(vault, out)
    assert run.returncode == 0, run.stderr[-3000:]
    assert files_in(vault) == before, "publishing wrote into the vault"
    return out, run.stderr + run.stdout


def test_the_vault_publishes_its_four_notes_and_nothing_of_the_left_out_folders(site: tuple[Path, str]) -> None:
    out, _ = site
    pages = {p.relative_to(out).as_posix() for p in out.rglob("index.html")}
    generated = {p for p in pages if p.split("/")[0] in ("missing", "tags", "recent-changes")}
    assert pages - generated == NOTES
    assert not any(part in p for p in pages for part in ("meta/", "templater/", "hidden", "trash", "tags/template", "tags/secret"))
    assert not any((out / folder).exists() for folder in (".hidden", ".trash", ".obsidian", "Meta", "meta", "Templater"))


def test_no_list_search_or_feed_holds_a_left_out_note(site: tuple[Path, str]) -> None:
    out, _ = site
    for path in [*out.rglob("*.html"), *out.rglob("*.json"), *out.rglob("*.xml")]:
        text = path.read_text(encoding="utf-8")
        for words in LEFT_OUT_TEXT:
            assert words not in text, f"{path.relative_to(out)} holds {words!r}"
        assert "meta/templates" not in text.lower() and "templater/" not in text.lower(), path


def test_a_link_to_a_left_out_note_is_an_unresolved_link(site: tuple[Path, str]) -> None:
    out, output = site
    home = (out / "index.html").read_text(encoding="utf-8")
    assert '<a class="vault-missing" href="missing/secret/">Secret</a>' in home
    assert "Home.md:7: unresolved link [[Secret]]" in output
    assert "Home.md:6: unresolved link [[Daily note template]]" in output
    # The Dataview list over the whole vault lists the published notes only.
    listed = home[home.index('<ul class="dataview list-view-ul">'):]
    listed = listed[:listed.index("</ul>")]
    assert [item.split(">")[-1] for item in listed.split("</a>")[:-1]] == ["Combat", "Home", "Kept by settings", "Spells"]

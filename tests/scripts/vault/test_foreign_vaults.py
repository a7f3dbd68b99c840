"""Vaults nobody here wrote, each in its own folder (tests/fixtures/vaults/foreign/), published
and served through the README's two commands given that folder (issue 22):

- no-home: no index.md and no home note, a folder `13A`, a `title` property, a canvas
  with text, note, file, link and group cards embedded in a note, `.obsidian/app.json`;
- readme-home: README.md is the home note, two notes named "Spells" linked by bare name,
  `![[image.png]]^map`, a block id inside a callout, a Markdown link to a missing note,
  a missing heading and a missing block, no `.obsidian/`.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
VAULTS = ROOT / "tests" / "fixtures" / "vaults" / "foreign"


def files_in(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*")}


def publish(vault: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SITE_URL": "https://example.org/rules/", "NO_MKDOCS_2_WARNING": "1"}
    command = ["bash", str(ROOT / "scripts" / "publish.sh"), str(vault), "--out", str(out), *extra]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd="/")


def article(site: Path, page: str) -> str:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    return html[html.index("<article"): html.index("</article>")]


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    built: dict[str, tuple[Path, str]] = {}
    for name in ("no-home", "readme-home"):
        vault = VAULTS / name
        before = files_in(vault)
        out = tmp_path_factory.mktemp(name) / "site"
        run = publish(vault, out)
        assert run.returncode == 0, run.stderr[-3000:]
        assert files_in(vault) == before, "publishing wrote into the vault"
        built[name] = (out, run.stderr + run.stdout)
    return built


def test_a_vault_without_a_home_gets_one_listing_folders_and_most_linked_notes(published: dict[str, tuple[Path, str]]) -> None:
    site, _ = published["no-home"]
    home = article(site, ".")
    assert "<h1" in home and "Home" in home
    folders = home[home.index("Folders"): home.index("Most linked")]
    assert '<a href="13a/rule-thirteen/">13A</a>: 1 note' in folders
    assert '<a href="rules/combat/">Rules</a>: 2 notes' in folders
    linked = home[home.index("Most linked"):]
    assert re.search(r'<a href="rules/combat/">Combat</a>: linked from 2 notes', linked)
    assert 'href="missing/"' in home  # the one index of missing notes


def test_names_as_written_and_missing_notes_out_of_the_sidebar(published: dict[str, tuple[Path, str]]) -> None:
    site, output = published["no-home"]
    page = (site / "13a" / "rule-thirteen" / "index.html").read_text(encoding="utf-8")
    nav = page[page.index('md-sidebar--primary'): page.index('md-sidebar--secondary')]
    assert re.search(r">\s*13A\s*<", nav) and not re.search(r">\s*13a\s*<", nav)
    # The file name is the title, in the heading and the navigation; the property renames nothing.
    assert re.search(r"<h1[^>]*>Rule Thirteen<", page) and "Basic Rules and Legal" not in nav
    assert "Missing notes" not in nav and "Initiative" not in nav
    assert '<a class="vault-missing" href="../../missing/initiative/">Initiative</a>' in page
    assert "13A/Rule Thirteen.md:7: unresolved link [[Initiative]]" in output


def test_a_canvas_is_a_page_and_an_embed_drawn_without_script(published: dict[str, tuple[Path, str]]) -> None:
    site, _ = published["no-home"]
    page = article(site, "turn-flow-canvas")
    assert re.search(r"<h1[^>]*>Turn flow<", page)
    board = page[page.index('class="vault-canvas-board"'): page.index("<details")]
    assert board.count('class="vault-canvas-card') == 5 and board.count('class="vault-canvas-group"') == 1
    assert ">Turn order</span>" in board  # the group's label
    assert board.count("<path ") == 4 and ">then fight</text>" in board and ">after</text>" in board
    # text card (Markdown, its wikilink followed), note card (the note's text), image, link.
    assert "<strong>draws</strong>" in board and '<a href="../rules/combat/">Combat</a>' in board
    assert "Roll a die; a six hits." in board
    assert '<img src="../attachments/map.png"' in board and (site / "attachments" / "map.png").exists()
    assert '<a href="https://jsoncanvas.org/">' in board
    assert "<script" not in page  # the text card's <script> is gone; its words stay as text
    assert "The canvas as a list (6 cards, 4 arrows)" in page
    embedded = article(site, "rules/combat")
    assert 'class="vault-canvas-board"' in embedded and '<img src="../../attachments/map.png"' in embedded
    assert 'href="../../turn-flow-canvas/"' in embedded  # [[Turn flow.canvas|…]] links to its page


def test_a_readme_is_the_home_page_and_links_to_it_arrive_there(published: dict[str, tuple[Path, str]]) -> None:
    site, _ = published["readme-home"]
    home = article(site, ".")
    assert re.search(r"<h1[^>]*>Spellbook<", home)
    assert not (site / "readme").exists()
    divine = article(site, "divine/spells")
    assert '<a href="../../">home note</a>' in divine


def test_what_obsidian_accepts_is_listed_with_file_and_line_and_the_site_is_built(published: dict[str, tuple[Path, str]]) -> None:
    site, output = published["readme-home"]
    assert "README.md:3: ambiguous link [[Spells]]" in output and "goes to Arcane/Spells.md" in output
    assert "README.md:11: missing heading in [[Arcane/Spells#Cantrips]]" in output
    assert "Pictures.md:8: missing block" in output
    assert "README.md:7: unresolved link ](Bestiary.md)" in output
    assert "the site is built anyway" in output
    home = article(site, ".")
    # The bare name goes where Obsidian sends it; the block ids are ids, glued or in a callout.
    assert '<a href="arcane/spells/">Spells</a>' in home
    assert 'href="pictures/#^map"' in home and 'href="pictures/#^callout-rule"' in home
    pictures = article(site, "pictures")
    assert 'id="^map"' in pictures and 'id="^callout-rule"' in pictures and "^map" not in re.sub(r'"[^"]*"', "", pictures)
    # A Markdown link to a missing note gets the same page as [[Bestiary]].
    assert home.count('href="missing/bestiary/"') == 2
    missing = article(site, "missing/bestiary")
    assert "No note named <em>Bestiary</em> exists yet" in missing and "(line 7)" in missing and "(line 8)" in missing


def test_strict_stops_at_the_vaults_problems(tmp_path: Path) -> None:
    run = publish(VAULTS / "readme-home", tmp_path / "site", "--strict")
    assert run.returncode == 1
    assert "README.md:3: ambiguous link [[Spells]]" in run.stderr


def test_a_folder_that_is_not_there_is_refused_saying_so(tmp_path: Path) -> None:
    run = publish(tmp_path / "nowhere", tmp_path / "site")
    assert run.returncode == 2 and "no such folder" in run.stderr


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("name", ["no-home", "readme-home"])
def test_serve_sh_serves_a_vault_folder(name: str) -> None:
    vault = VAULTS / name
    before = files_in(vault)
    port = free_port()
    env = {**os.environ, "PORT": str(port), "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(["bash", str(ROOT / "scripts" / "serve.sh"), str(vault)], env=env, cwd="/",
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        page = ""
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.5)
        assert page, server.stderr.read().decode() if server.stderr and server.poll() is not None else "no answer"
        assert ("Spellbook" if name == "readme-home" else "has no home note of its own") in page
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert files_in(vault) == before, "serving wrote into the vault"


def test_a_worked_example_the_engine_disagrees_with_still_stops_publishing(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    vault.mkdir()
    (vault / "Home.md").write_text(
        "A red die against no defense.\n\n```calculator\ncalculator: legion-vehicle-damage\nruleset: 2.6\n"
        "expect vehicle_damage_token: 1\nexpect lose_action_when_damaged_activates: 1/2\n```\n\nSee [[Nowhere]].\n",
        encoding="utf-8")
    run = publish(vault, tmp_path / "site")
    assert run.returncode == 1, run.stderr[-2000:]
    assert "Home.md:3" in run.stderr and "publish: " in run.stderr
    assert "unresolved link [[Nowhere]]" in run.stderr  # the vault's own problem is listed, not what stopped it


def test_a_warning_about_the_sites_own_link_stops_publishing_one_written_in_a_note_does_not(tmp_path: Path) -> None:
    import logging

    from scripts.site.shell.publish import SiteWarnings

    (tmp_path / "Note.md").write_text("Line one\n\nSee [the map](maps/world.pdf).\n", encoding="utf-8")
    warnings = SiteWarnings(tmp_path)
    page_log = logging.getLogger("mkdocs.structure.pages")
    page_log.addHandler(warnings)
    try:
        page_log.warning("Doc file 'Note.md' contains a link 'maps/world.pdf', but the target is not found among documentation files.")
        page_log.warning("Doc file 'Note.md' contains a link '../tags.md', but the target is not found among documentation files.")
        logging.getLogger("mkdocs.plugins.vault").warning("Note.md:3: missing file")
    finally:
        page_log.removeHandler(warnings)
    assert warnings.vault == ["Note.md:3: link to 'maps/world.pdf': no such file in the vault"]
    assert len(warnings.site) == 1 and "'../tags.md'" in warnings.site[0]

"""The hook and the compiler together: real `mkdocs build --strict` runs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulesengine.urls import slug

ROOT = Path(__file__).resolve().parents[3]
VAULTS = ROOT / "tests" / "fixtures" / "vaults"


def mkdocs_build(config: Path, site: Path, strict: bool = True) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), "-f", str(config),
               "-d", str(site)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def article(site: Path, page: str) -> str:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    return html[html.index("<article") : html.index("</article>")]


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("small") / "site"
    result = mkdocs_build(VAULTS / "small" / "mkdocs.yml", site)
    assert result.returncode == 0, result.stderr
    return site


def test_wikilinks_become_links_and_code_stays_code(small_site: Path) -> None:
    page = article(small_site, "game/attack")
    assert '<a href="../keywords/dodge/">Dodge</a>' in page
    assert '<a href="#roll">Roll</a>' in page
    assert "<code>[[Not A Link]]</code>" in page
    assert "<mark>attacker</mark>" in page
    assert '<img class="vault-icon" src="../../Pics/Hit.png" alt="hit">' in page
    # An escaped embed is a link to the image, as in Obsidian, and no "missing note".
    assert 'The icon file itself: !<a href="../../Pics/Hit.png">Hit.png</a>.' in page
    assert not (small_site / "missing" / "hit-png").exists()


def test_heading_link_lands_on_a_real_anchor(small_site: Path) -> None:
    assert 'href="../../attack/#roll"' in article(small_site, "game/keywords/dodge")
    assert '<h2 id="roll">' in article(small_site, "game/attack")


def test_backlinks_name_the_heading_they_come_from(small_site: Path) -> None:
    section = article(small_site, "game/keywords/dodge").split('id="pages-that-link-here"')[1]
    assert '<a href="../../attack/">Attack</a>, under <a href="../../attack/#roll">Roll</a>' in section
    home = article(small_site, "game/attack").split('id="pages-that-link-here"')[1]
    assert '<a href="../../">Small vault</a>' in home


def test_glossary_keywords_get_pages_naming_their_note(small_site: Path) -> None:
    evade = article(small_site, "game/keywords/evade")
    assert "Prevent up to X damage" in evade
    assert '<a href="../../glossary/">Glossary</a>' in evade
    assert 'href="game/keywords/evade/"' in article(small_site, "")


def test_keyword_index_lists_real_and_glossary_keywords(small_site: Path) -> None:
    index = article(small_site, "game/keywords")
    for name in ("Armor", "Dodge", "Evade"):
        assert f">{name}</a>" in index
    assert "3 keywords, each with the first sentence of its page." in index
    # A summary's links work from the index: relative to it, at the target's slug URL.
    assert ('<td><a href="dodge/">Dodge</a></td>\n<td>A dodge token cancels one hit in '
            '<a href="../attack/#roll">Attack &gt; Roll</a>.</td>') in index
    assert "<td><strong>Evade X</strong>: Prevent up to X damage to this unit.</td>" in index


def test_missing_notes_have_pages_and_a_list(small_site: Path) -> None:
    listing = article(small_site, "missing")
    assert '<a href="nothing-here/">Nothing Here</a>: mentioned 2 times' in listing
    page = article(small_site, "missing/nothing-here")
    assert "No note named <em>Nothing Here</em> exists yet" in page
    assert "(line 1)" in page and "(line 6)" in page


def test_transclusion_and_typed_bullets(small_site: Path) -> None:
    dodge = article(small_site, "game/keywords/dodge")
    assert '<div class="vault-embed">' in dodge
    # The embedded heading has an id of its own, so the page's own "Compare" keeps #compare.
    assert '<h2 id="embed-attack-compare">Compare' in dodge
    assert '<h2 id="compare">Compare' in dodge and '<a href="#compare">Compare</a>' in dodge
    # Bullets typed as characters are text, each on its own line, as Obsidian shows them.
    assert "<p>• Count hits.<br>\n» Count crits too.</p>" in dodge


def test_navigation_is_by_game(small_site: Path) -> None:
    html = (small_site / "index.html").read_text(encoding="utf-8")
    nav = html[html.index('<nav class="md-nav md-nav--primary"') :]
    assert "The Game" in nav
    # Missing notes are reached from the notes that mention them, not from every sidebar (issue 22).
    assert "Missing notes" not in nav and "missing/" not in nav


def test_nothing_loads_from_another_host(small_site: Path) -> None:
    for page in small_site.rglob("*.html"):
        urls = set(re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", page.read_text(encoding="utf-8")))
        assert urls == set(), page


def test_bad_notes_are_warnings_with_path_and_line_and_the_site_is_built(tmp_path: Path) -> None:
    result = mkdocs_build(VAULTS / "broken" / "mkdocs.yml", tmp_path / "site", strict=False)
    assert result.returncode == 0, result.stderr  # Obsidian opens every one of these notes
    assert "Traceback" not in result.stderr
    assert "latin1.md:2: the note is not UTF-8 (byte 0xff)" in result.stderr
    assert "\ufffd" in article(tmp_path / "site", "latin1")
    # A tie is a warning at every place, not only the first, so the owner fixes them in one pass.
    ambiguous = "ambiguous link [[Cover]]: equally near a/Cover.md, b/Cover.md; it goes to a/Cover.md"
    for place in ("index.md:3", "index.md:5"):
        assert f"WARNING -  vault: {place}: {ambiguous}" in result.stderr
    assert "a/Note.md:1: ambiguous" not in result.stderr  # a/Cover.md is in its own folder
    assert "error(s)" not in result.stderr
    assert "index.md:3: unclosed [[" in result.stderr
    assert "index.md:5: unclosed [[" in result.stderr


def test_the_shipped_vault_builds_strict_at_slug_urls(site: Any) -> None:
    """The shipped site: the strict build each worker makes once (tests/conftest.py)."""
    site = Path(site.root)
    assert (site / "swtcg" / "keywords" / "evade" / "index.html").exists()
    assert (site / "missing" / "index.html").exists()
    for page in ("legion/keywords/guardian-x", "legion/attack", "legion/attack-resolution-and-vehicle-damage",
                 "how-the-calculators-work", "swtcg/cw-ds-droid-06n", "swtcg/the-cantina"):
        assert (site / page / "index.html").is_file(), page
    assert not (site / "legion" / "keywords" / "Guardian X").exists()
    # Pierce X's link to Guardian X lands on the page written there.
    pierce = article(site, "legion/keywords/pierce-x")
    hrefs = set(re.findall(r'href="([^"#]*guardian-x[^"#]*)"', pierce))  # not the upgrade Jedi Guardian
    assert hrefs == {"../guardian-x/"}
    assert (site / "legion/keywords/pierce-x" / "../guardian-x" / "index.html").resolve().is_file()
    # Every page's folders are slugs; images and other files keep their names.
    for html in site.rglob("index.html"):
        parts = html.relative_to(site).parts[:-1]
        if parts[:1] != ("assets",):
            assert all(part == slug(part) for part in parts), html
    assert (site / "Pics" / "HitIcon.png").is_file()


def test_two_notes_at_one_url_are_both_published_with_a_warning_naming_both(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(VAULTS / "small", vault)
    settings = vault / "mkdocs.yml"
    hook = ROOT / "scripts" / "site" / "shell" / "hook.py"
    settings.write_text(settings.read_text().replace("../../../../scripts/site/shell/hook.py", str(hook)))
    (vault / "docs" / "game" / "ATTACK_.md").write_text("Another attack note.\n", encoding="utf-8")
    (vault / "docs" / "index.md").write_text("[[Attack]] and [[ATTACK_]]\n", encoding="utf-8")
    result = mkdocs_build(settings, tmp_path / "site", strict=False)
    assert result.returncode == 0, result.stderr
    assert ("game/Attack.md:1: the page URL /game/attack/ is also the URL of game/ATTACK_.md: this note is "
            "published at /game/attack-2/") in result.stderr
    site = tmp_path / "site"
    assert "Another attack note." in article(site, "game/attack")
    assert "Another attack note." not in article(site, "game/attack-2")
    home = article(site, "")
    assert 'href="game/attack-2/">Attack</a>' in home and 'href="game/attack/">ATTACK_</a>' in home
    # --strict stops at the warning, as at any other.
    assert mkdocs_build(settings, tmp_path / "strict").returncode != 0


def test_a_keyword_cut_from_a_glossary_is_as_new_as_its_glossary(small_site: Path) -> None:
    updated = re.compile(r'<p class="vault-updated">Last updated <time datetime="([^"]+)">')
    glossary = updated.search(article(small_site, "game/glossary"))
    evade = article(small_site, "game/keywords/evade")
    found = updated.search(evade)
    assert glossary and found and found.group(1) == glossary.group(1)
    assert 'in <a href="../../glossary/">Glossary</a> · <a href="../../../recent-changes/">' in evade
    # The glossary's own keywords stay out of the recent changes: the glossary is listed once.
    recent = article(small_site, "recent-changes")
    assert recent.count(">Glossary<") == 1 and ">Evade<" not in recent

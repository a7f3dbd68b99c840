"""Our own tabletop vault (tests/fixtures/vaults/tabletop), written as tabletop-rules vaults
write (issue 36): nested, underscored, accented and numbered tags, a callout header with a
no-break space, and Fantasy Statblocks blocks. It is published through `publish.sh`, whose
link check stops at any link the site itself breaks."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from scripts.vault import VaultConfig, compile_vault

from tests.browser.harness import Server

from .test_foreign_vaults import article

NBSP = "\u00a0"


@pytest.fixture
def published(tabletop_site: tuple[Server, str]) -> tuple[Path, str]:
    """The published vault's files and what the publish printed (tests/conftest.py)."""
    server, output = tabletop_site
    return server.root, output


def test_the_vault_publishes_with_no_link_the_site_broke(published: tuple[Path, str]) -> None:
    site, output = published
    assert "the site itself has" not in output and "leads nowhere" not in output
    assert (site / "tags" / "asset" / "index.html").exists()


def test_a_tag_page_links_its_parent_tag_and_no_part_of_its_own_name(published: tuple[Path, str]) -> None:
    site, _ = published
    talent = next((site / "tags" / "asset").glob("combat-talent-*/index.html"))
    page = talent.read_text(encoding="utf-8")
    page = page[page.index("<article"): page.index("</article>")]
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.DOTALL)
    assert heading is not None and "<a class=\"vault-tag\"" not in heading.group(1)
    assert "#Asset/Combat_Talent" in heading.group(1)
    assert 'under <a href="../">#Asset</a>' in page  # the parent tag's page, which exists
    for name in ("your-truth-*", "snake-case-*"):
        own = next((site / "tags").glob(f"{name}/index.html")).read_text(encoding="utf-8")
        assert 'href="../your/"' not in own and 'href="../snake/"' not in own
        assert 'under <a href="../">all tags</a>' in own  # a split on `_` is no parent


def test_every_link_of_every_tag_page_leads_to_a_page(published: tuple[Path, str]) -> None:
    site, _ = published
    pages = list((site / "tags").rglob("index.html"))
    assert len(pages) >= 12
    for page in pages:
        body = page.read_text(encoding="utf-8")
        body = body[body.index("<article"): body.index("</article>")]
        for href in re.findall(r'href="([^"#:]+)"', body):
            assert (page.parent / href / "index.html").resolve().exists(), (page, href)


def test_a_callout_header_with_a_no_break_space_is_a_callout(published: tuple[Path, str]) -> None:
    site, _ = published
    home = article(site, "")
    assert "[!abstract]" not in home
    assert re.search(r'<div class="admonition abstract"[^>]*>\s*<p class="admonition-title">Summary</p>', home)
    assert home.count('class="admonition abstract"') == 2


@pytest.mark.parametrize("header", [f"[!abstract]{NBSP}Summary", f"[!abstract]{NBSP}", f"[!abstract]-{NBSP}Summary{NBSP}",
                                    f"[!abstract]{NBSP}\t Summary", f"{NBSP}[!abstract] Summary"])
def test_no_break_spaces_around_a_callout_title(header: str) -> None:
    page = compile_vault({"Page.md": f"> {header}\n> Body.\n"}, VaultConfig()).pages["Page.md"]
    assert "[!abstract]" not in page and "abstract" in page and "<p>Body.</p>" in page


@pytest.mark.parametrize("tag", ["#Your_Truth", "#snake_case", "#Asset/Combat_Talent", "#café/crème_brûlée", "#x2_3"])
def test_a_tag_page_names_its_tag_as_text_and_links_only_pages_that_exist(tag: str) -> None:
    compiled = compile_vault({"Page.md": f"Tagged {tag}.\n"}, VaultConfig())
    made = {path: text for path, text in compiled.generated.items() if path.startswith("tags/")}
    assert made
    # Every page's address (these names need no slug rule: "Page.md" is page/).
    addresses = {path.removesuffix(".md").removesuffix("index").rstrip("/").casefold() or "."
                 for path in [*compiled.generated, *compiled.pages]}
    for path, text in made.items():
        assert 'class="vault-tag"' not in text  # the heading `#name` is no tag of its own
        for href in re.findall(r'href="([^"#:]+)"', text):
            assert posixpath.normpath(posixpath.join(path.removesuffix(".md"), href)) in addresses, (path, href)


def test_stat_blocks_are_drawn_and_the_unreadable_ones_are_warnings_that_do_not_stop_it(
        published: tuple[Path, str]) -> None:
    site, output = published
    for page in ("bestiary/goblin-scout", "bestiary/ember-wyrmling"):
        shown = article(site, page)
        assert '<section class="vault-statblock"' in shown and "language-statblock" not in shown
    wyrm = article(site, "bestiary/ember-wyrmling")
    assert '<a href="../devil/">devil abilities</a>' in wyrm and "<em>slicing tail</em>" in wyrm
    # A Markdown link in a block to a note not written yet leads to its missing-note page,
    # as in the note's own text (the site's link check would stop at a link to nowhere).
    crab = article(site, "bestiary/reef-crab")
    assert '<a href="../../missing/athletics/">Athletics</a>' in crab
    assert '<a href="../../oracles/pay-the-price/">Stealth</a>' in crab
    odd = article(site, "bestiary/odd-blocks")
    assert odd.count('<section class="vault-statblock"') == 1 and odd.count("language-statblock") == 3
    for line in (8, 12, 31):
        assert f"WARNING -  vault: Bestiary/Odd Blocks.md:{line}: stat block not shown" in output
    assert "the vault has 3 warning(s)" in output


def test_a_tag_pages_title_is_its_tag(published: tuple[Path, str]) -> None:
    site, _ = published
    page = next((site / "tags").glob("your-truth-*/index.html")).read_text(encoding="utf-8")
    assert "<title>#Your_Truth - tabletop</title>" in page

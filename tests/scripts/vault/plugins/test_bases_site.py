"""The Bases fixture vault (tests/fixtures/vaults/bases) through the vault compiler (issue
43): each `.base` file is a page in its folder's navigation, `![[Library.base]]` and
`![[Library.base#Unfinished]]` draw it inside a note, a ```base block uses its note as
`this`, results' links resolve as every link does, and a broken base is shown with its
problems in place and reported as warnings at its lines, never stopping the build."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.compiler import CompiledVault
from scripts.vault.plugins.bases.plugin import ObsidianBases, ParsedBase
from scripts.vault.plugins.context import Written

VAULT = Path(__file__).parents[3] / "fixtures" / "vaults" / "bases"


@pytest.fixture(scope="module")
def compiled() -> CompiledVault:
    files = [path for path in VAULT.rglob("*") if path.is_file()]
    notes = {p.relative_to(VAULT).as_posix(): p.read_bytes() for p in files if p.suffix == ".md"}
    bases = {p.relative_to(VAULT).as_posix(): p.read_bytes() for p in files if p.suffix == ".base"}
    assets = [p.relative_to(VAULT).as_posix() for p in files if p.suffix != ".md"]
    return compile_vault(notes, VaultConfig(), assets=assets, bases=bases)


def cells(html: str, caption: str) -> list[list[str]]:
    """The text of each body row of the table with this caption."""
    table = re.search(rf"<caption>{re.escape(caption)}.*?</table>", html, re.DOTALL)
    assert table is not None, caption
    found = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.DOTALL):
        if "<td>" in row:
            found.append([re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)])
    return found


def test_a_base_file_is_a_page_titled_by_its_name(compiled: CompiledVault) -> None:
    assert compiled.titles["Library.base.md"] == "Library"
    page = compiled.generated["Library.base.md"]
    assert '<h1 id="library">Library' in page
    # Five views, five tabs: the first checked.
    assert page.count('type="radio" class="vault-base-tab"') == 5 and page.count(" checked>") == 1
    assert {"Library": "Library.base.md"} in compiled.nav and {"Broken": "Broken.base.md"} in compiled.nav


def test_the_library_table_as_worked_out_by_hand(compiled: CompiledVault) -> None:
    page = compiled.generated["Library.base.md"]
    # Books in Reading/ (Neuromancer is a book in Wishlist/), by price, dearest first.
    assert cells(page, "All books (3 results)") == [
        ["Dune", "12.5", "412", "3.03", "Not yet"],
        ["Foundation", "10", "255", "3.92", "Not yet"],
        ["The Hobbit", "8", "310", "2.58", "Read"],
        ["", "Sum 30.5", "Average 325.67", "Filled 3", ""],  # 977 / 3 pages, to two places
    ]
    assert '<th scope="col">Book</th><th scope="col">Price</th>' in page  # display names
    assert '<span title="325.6666666666667">325.67</span>' in page  # the exact mean in its tooltip
    assert '<a href="../reading/dune/">Dune</a>' in page  # as every link from this page
    assert cells(page, "Cheapest (2 results)")[0][:2] == ["The Hobbit", "8"]


def test_groups_cards_and_list(compiled: CompiledVault) -> None:
    page = compiled.generated["Library.base.md"]
    groups = re.findall(r'scope="rowgroup">(\w+) <span class="vault-base-count">(\d)', page)
    assert groups == [("done", "1"), ("reading", "1"), ("todo", "1")]
    assert page.count('<span class="vault-base-summary-name">dearest</span>') == 3
    cards = page[page.index('<ul class="vault-base-cards">'):]
    assert cards.index('<img class="vault-image" src="../Images/dune.png"') < cards.index(">Dune</a>")
    assert '<dt>author</dt><dd><a href="../people/frank-herbert/">Frank Herbert</a></dd>' in cards
    listed = page[page.index('<ul class="vault-base-list">'):]
    assert re.findall(r"<li><a [^>]+>([^<]+)</a>", listed.split("</ul>")[0]) == ["Dune", "Foundation"]


def test_an_embed_shows_the_first_view_or_the_one_named(compiled: CompiledVault) -> None:
    home = compiled.pages["index.md"]
    unfinished = home.index('aria-label="Unfinished"')
    first = home.index('aria-label="All books"')
    assert unfinished < first and 'type="radio"' not in home
    assert 'class="vault-base-summaries"' in home  # the summaries row survives the note's sanitiser
    assert '<a href="library-base/">Library.base</a>' in home  # a link goes to the base's page


def test_a_base_block_uses_its_note_as_this(compiled: CompiledVault) -> None:
    herbert = compiled.pages["People/Frank Herbert.md"]
    assert re.findall(r'<li><a href="([^"]+)">([^<]+)</a> <span class="vault-base-props">([^<]+)', herbert) == [
        ("../../reading/dune/", "Dune", "12.5")]
    assert "```" not in herbert and "<code>filters" not in herbert


def test_a_broken_base_shows_its_problems_in_place_and_warns_at_its_lines(compiled: CompiledVault) -> None:
    page = compiled.generated["Broken.base.md"]
    assert page.count('class="vault-base-problem"') == 4
    assert "line 3: formula &#x27;loop&#x27; uses itself" in page
    warnings = sorted((p.line, p.message) for p in compiled.problems if p.path == "Broken.base")
    assert [line for line, _ in warnings] == [2, 3, 4, 12]
    assert all(p.severity == "warning" for p in compiled.problems if p.path == "Broken.base")
    assert not [p for p in compiled.problems if p.path != "Broken.base" and "base" in p.message]


def test_the_results_are_the_blocks_links() -> None:
    from scripts.vault.plugins.bases.plugin import evaluate_base
    from scripts.vault.plugins.bases.files import Files
    from scripts.vault.plugins.bases.base_file import read_base
    from scripts.vault.vault_index import NoteRecord, VaultIndex

    vault = VaultIndex({p: NoteRecord(p, p[:-3], {"n": n}) for n, p in enumerate(["A.md", "B.md", "C.md"])})
    source = "filters: 'n > 0'\nviews: [{type: list}, {type: table, filters: 'n > 1'}]"
    evaluated = evaluate_base(ParsedBase(read_base(source), source, None, 1), Files(vault), "A.md")
    assert list(ObsidianBases().result_links(evaluated)) == ["B.md", "C.md"]
    assert ObsidianBases().parse(Written("fence", "base#Two", source, 3)).embed == "Two"
    assert ObsidianBases().claims_fence("base") and not ObsidianBases().claims_fence("base#x")


def test_a_bad_block_in_a_note_warns_at_the_notes_line_and_the_note_still_builds() -> None:
    note = "# Shelf\n\nText.\n\n```base\nfilters: 'price >'\nviews:\n  - type: map\n```\n\nAfter.\n"
    compiled = compile_vault({"Shelf.md": note, "Book.md": "---\nprice: 3\n---\n# Book\n"}, VaultConfig())
    found = sorted((p.line, p.severity, p.message) for p in compiled.problems if p.path == "Shelf.md")
    assert found == [(6, "warning", "base: cannot read 'price >': unexpected the end of the expression at column 8"),
                     (8, "info", "base: view type 'map' is not drawn here (only table, cards, list): shown as a table")]
    page = compiled.pages["Shelf.md"]
    assert "Bases: line 1: cannot read" in page and "<p>After.</p>" in page


def test_this_is_the_embedding_note_or_the_base_itself() -> None:
    notes = {
        "A.md": "# A\n\n![[B.base]]\n\n![[B.base#Nope]]\n",
        "C.md": "# C\n\nSee [[A]].\n",
        "D.md": "# D\n\nNothing.\n",
    }
    base = "filters: 'file.hasLink(this.file)'\nviews:\n  - type: list\n    name: Linking\n"
    compiled = compile_vault(notes, VaultConfig(), assets=["B.base"], bases={"B.base": base})
    embedded = compiled.pages["A.md"]
    # In A, `this` is A: C links to A. On B.base's own page, `this` is the base: A embeds it.
    def listed(html: str) -> list[str]:
        return [name for block in re.findall(r'<ul class="vault-base-list">(.*?)</ul>', html)
                for name in re.findall(r"<li><a [^>]+>(\w)</a>", block)]

    assert listed(embedded) == ["C", "C"]
    assert listed(compiled.generated["B.base.md"]) == ["A"]
    assert [(p.path, p.line, p.message) for p in compiled.problems if "base" in p.message] == [
        ("A.md", 5, "base: no view named 'Nope': the first view is shown")]


@pytest.mark.parametrize(("cover", "shown"), [
    ('"[[pic.png]]"', '<img class="vault-image" src="../pic.png"'),
    ("pic.png", '<img class="vault-image" src="../pic.png"'),
    ("https://example.com/pic.png", '<a href="https://example.com/pic.png">'),
    ('"#336699"', None),
])
def test_a_cards_cover_is_a_picture_of_the_vault_or_a_link(cover: str, shown: str | None) -> None:
    notes = {"Shelf.md": "# Shelf\n\n```base\nfilters: 'file.hasProperty(\"cover\")'\nviews:\n  - type: cards\n"
                         "    image: cover\n```\n", "Book.md": f"---\ncover: {cover}\n---\n# Book\n"}
    page = compile_vault(notes, VaultConfig(), assets=["pic.png"]).pages["Shelf.md"]
    covers = re.findall(r'<div class="vault-base-cover">(.*?)</div>', page)
    assert covers == ([] if shown is None else [covers[0]]) and (shown is None or covers[0].startswith(shown))
    assert "<img" not in page or "example.com" not in page  # nothing is fetched from another site

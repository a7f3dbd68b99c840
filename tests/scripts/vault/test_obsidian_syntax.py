"""Obsidian's own syntax, one fixture file per feature: note -> the page's HTML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.vault import compile_vault

from .context import ASSETS, CONFIG, NOTES, SIZES, html_body
from .fixture_file import read_fixtures

FOLDER = Path(__file__).parent / "fixtures" / "obsidian"
CASES = [
    (f"{path.stem}: {title}", note, expected)
    for path in sorted(FOLDER.glob("*.md"))
    for title, note, expected in read_fixtures(path)
]
# Notes only these fixtures link to: an alias, a note left unpublished.
EXTRA_NOTES = {
    "Aliased.md": "---\naliases: [Shortcut]\n---\nText.\n",
    "Draft.md": "---\npublish: false\n---\nNot yet.\n",
    "Blocks.md": (
        "# Blocks\n\nIntro.\n\nThe paragraph to embed. ^para\n\n- Before\n- Item to embed ^item\n"
        "    - its child\n- After\n\n## Second section\n\nOnly this.\n\n## Third section\n\nNot this.\n"
    ),
}


def body(note: str) -> str:
    """The page's HTML before its backlinks, without the "Page" title the compiler adds,
    runs of blank lines read as one."""
    written = compile_vault({**NOTES, **EXTRA_NOTES, "Page.md": note}, CONFIG, assets=ASSETS, image_sizes=SIZES).pages["Page.md"]
    return _blank_runs(html_body(written))


def _blank_runs(text: str) -> str:
    return re.sub(r"\n{3,}", "\n\n", text).strip()


@pytest.mark.parametrize(("title", "note", "expected"), CASES, ids=[case[0] for case in CASES])
def test_obsidian_syntax(title: str, note: str, expected: str) -> None:
    assert body(note) == _blank_runs(expected)


def test_every_feature_has_fixtures() -> None:
    features = {path.stem for path in FOLDER.glob("*.md")}
    assert {"front_matter", "comments", "callouts", "block_refs"} <= features
    assert len(CASES) >= 29


def problems_of(note: str) -> list[str]:
    compiled = compile_vault({**NOTES, **EXTRA_NOTES, "Page.md": note}, CONFIG, assets=ASSETS, image_sizes=SIZES)
    return [f"{p.severity}: {p.message}" for p in compiled.problems if p.path == "Page.md"]


def test_a_section_embedding_its_own_note_elsewhere_is_no_cycle() -> None:
    assert problems_of("## One\n\nText.\n\n## Two\n\n![[#One]]\n") == []


def test_a_section_embedding_itself_is_a_cycle() -> None:
    found = problems_of("## One\n\n![[#One]]\n")
    assert found == ["warning: embed cycle: Page.md → Page.md"]


def test_a_link_to_a_block_that_is_not_there_names_it() -> None:
    assert problems_of("[[Blocks#^nope]]") == [
        "warning: missing block in [[Blocks#^nope]]: Blocks.md has no block '^nope'"
    ]


@pytest.mark.parametrize(
    ("note", "uses"),
    [
        ("Plain text, a `$code$` span and $5 and $6.", set()),
        ("Inline $x^2$.", {"math"}),
        ("$$\nx\n$$", {"math"}),
        ("```mermaid\ngraph LR\n```", {"mermaid"}),
        ("> [!note]\n> ```mermaid\n> graph LR\n> ```", {"mermaid"}),
        ('<pre class="mermaid">graph LR</pre>', {"mermaid"}),
    ],
)
def test_the_vault_says_what_its_pages_need_in_the_browser(note: str, uses: set[str]) -> None:
    compiled = compile_vault({**NOTES, "Page.md": note}, CONFIG, assets=ASSETS)
    assert compiled.uses == uses


class _Block:
    """An extension whose fence becomes a few lines of HTML."""

    fence_names = ("block",)

    def render_fence(self, info: str, source: str, where: object, page: object) -> str:
        return f"<div class='block'>\n<p>{source.strip()}</p>\n</div>"

    def page_addition(self, page: object) -> str:
        return ""

    def generated_pages(self, pages: object) -> dict[str, str]:
        return {}


def test_an_extension_fence_in_a_callout_stays_in_it() -> None:
    note = "> [!note] T\n> ```block\n> x\n> ```\n> after\n"
    page = compile_vault({"a.md": note}, CONFIG, [_Block()]).pages["a.md"]
    assert ('<div class="admonition note" data-callout="note">\n<p class="admonition-title">T</p>\n'
            '<div class="block">\n<p>x</p>\n</div>\n<p>after</p>\n</div>') in page


def test_a_note_shown_in_another_keeps_its_own_links_and_ids() -> None:
    """Rendering never changes the tokens a note was parsed into: the same note drawn on its
    own page and inside another (in either order) gets each page's own addresses."""
    notes = {"a/Shown.md": "See [the attack](../Attack.md). ^here\n", "Host.md": "![[Shown#^here]]\n",
             "Attack.md": "Text.\n", "z/Last.md": "![[Shown#^here]]\n"}
    compiled = compile_vault(notes, CONFIG)
    assert '<p id="^here">See <a href="../../attack/">the attack</a>.</p>' in compiled.pages["a/Shown.md"]
    assert '<p>See <a href="../attack/">the attack</a>.</p>' in compiled.pages["Host.md"]
    assert '<p>See <a href="../../attack/">the attack</a>.</p>' in compiled.pages["z/Last.md"]

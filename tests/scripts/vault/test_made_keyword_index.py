"""A game's keyword index lists the pages an extension made in its keyword folder beside
the keyword notes (issue 42: a page per keyword on the Legion cards), each with the first
sentence of its text; pages made elsewhere stay out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scripts.vault.compiler import compile_vault
from scripts.vault.config import VaultConfig
from scripts.vault.extension import PageContext, SourceLocation
from scripts.vault.keyword_summaries import made_summary


class Making:
    fence_names: tuple[str, ...] = ()

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        return ""

    def page_addition(self, page: PageContext) -> str:
        return ""

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        return {"g/keywords/Jump X.md": '# Jump X\n\n<blockquote><p>A unit jumps | high. It lands.</p></blockquote>\n',
                "g/Units/Trooper.md": "# Trooper\n\n<p>Not a keyword.</p>\n"}


def test_made_keyword_pages_are_in_the_keyword_index() -> None:
    notes = {"g/keywords/Dodge.md": "**Dodge**. Cancel a hit. More.", "g/Attack.md": "[[Dodge]]"}
    compiled = compile_vault(notes, VaultConfig(games={"g": "Game"}), extensions=[Making()])
    index = compiled.generated["g/keywords/index.md"]
    assert "2 keywords, each with the first sentence of its page." in index
    assert '<a href="jump-x/">Jump X</a>' in index and "A unit jumps | high." in index and "It lands" not in index
    assert "Trooper" not in index


def test_a_made_summary_is_plain_text_for_a_table_cell() -> None:
    assert made_summary("# T\n\n<p>A &amp; B | *c*. Then.</p>") == "A &amp; B \\| \\*c\\*."

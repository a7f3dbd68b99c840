"""The Dice Roller fixture vault (tests/fixtures/vaults/dice) built as a new user publishes
it, strict (issue 36): no `dice:` formula is left as code on any page, `dice: 3d6` shows
its mean beside it, a table roll is on the page, and the dice module and style sheet are
served and loaded as a module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.harness import Server

CODE_FORMULA = re.compile(r"<code[^>]*>\s*dice[+-]?(?:-mod)?:", re.IGNORECASE)


@pytest.fixture
def site(dice_site: Server) -> Path:
    """The dice vault's built files (tests/conftest.py builds and serves it once)."""
    return dice_site.root


def article(site: Path, page: str) -> str:
    text = (site / page / "index.html").read_text(encoding="utf-8")
    return text[text.index("<article"): text.index("</article>")]


def test_no_formula_is_left_as_code_on_any_page(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert len(pages) > 3
    left = [str(page.relative_to(site)) for page in pages if CODE_FORMULA.search(page.read_text(encoding="utf-8"))]
    assert left == []


def test_three_d_six_shows_its_mean_beside_it(site: Path) -> None:
    home = article(site, ".")
    found = re.search(r'<span class="dice-formula">3d6</span>.{0,300}?mean 10\.5<', home, re.DOTALL)
    assert found is not None


def test_a_table_roll_is_on_the_page_with_its_rows(site: Path) -> None:
    oracles = article(site, "rules/oracles")
    assert oracles.count('class="dice-table"') == 4
    assert 'data-dice-row="3">Roll twice more.</span>' in oracles


def test_the_dice_module_is_served_and_loaded_as_a_module(site: Path) -> None:
    assert (site / "assets" / "dice.mjs").is_file() and (site / "assets" / "dice.css").is_file()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<script[^>]*src="assets/dice\.mjs"[^>]*type="module"', home)
    assert 'href="assets/dice.css"' in home
    assert "onclick" not in home

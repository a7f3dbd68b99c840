"""Dice Roller formulas and table rollers as the compiler writes them (issue 36): the
formula as written with its exact minimum, maximum and mean, the table's rows and how they
are rolled, a note for what is not rolled, and the page's need for the dice module."""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.dice.tables import plan, read_table
from scripts.vault.syntax import vault_parser
from tests.scripts.vault.context import html_body

ORACLES = """# Oracles

## Pay the Price

| Roll | Result |
| --- | --- |
| 01-20 | Lose your footing |
| 21-99 | A [[Companion]] is hurt |
| 00 | Roll twice |

^price

| dice: 2d6 | Weather |
| --- | --- |
| 2-6 | Rain |
| 7 | Fog |
| 8,9 | Wind |
| 10-12 | Sun |

^weather

| Humans | Giants |
| --- | --- |
| Ada | Brok |
| Bryn | Hulda |

^names

Not a table.
^prose
"""


def compiled(text: str) -> dict[str, str]:
    vault = compile_vault({"Oracles.md": ORACLES, "Companion.md": "Hi.\n", "Page.md": text}, VaultConfig())
    return {path: html_body(page) for path, page in vault.pages.items()}


def data(widget_html: str) -> dict[str, list[object]]:
    found = re.search(r'data-dice="([^"]*)"', widget_html)
    assert found is not None, widget_html
    loaded: dict[str, list[object]] = json.loads(html.unescape(found.group(1)))
    return loaded


def chances(widget_html: str) -> dict[str, Fraction]:
    loaded = data(widget_html)
    weights = [int(str(weight)) for weight in loaded["weights"]]
    return {str(value): Fraction(weight, sum(weights)) for value, weight in zip(loaded["values"], weights)}


def test_a_formula_shows_as_written_with_its_exact_distribution_and_no_code_is_left() -> None:
    body = compiled("Strength `dice: 3d6`, gold `dice: 2d8*10`.\n")["Page.md"]
    assert "<code>" not in body
    assert '<span class="dice-formula">3d6</span>' in body
    assert "min 3" in body and "max 18" in body and "mean 10.5" in body and 'title="mean 21/2"' in body
    first = body.split('<span class="dice-roll"')[1]
    assert chances(first)["10"] == Fraction(27, 216)
    assert 'class="dice-roll-button" hidden' in body  # shown by the script: no dead button without it
    assert 'aria-live="polite"' in body and "<svg" in body


def test_plain_code_stays_code_and_a_fence_is_not_rolled() -> None:
    body = compiled("`let x = 1` and\n\n```\ndice: 1d6\n```\n")["Page.md"]
    assert "<code>let x = 1</code>" in body and "dice-roll" not in body


def test_what_is_not_rolled_shows_as_written_with_a_short_note() -> None:
    body = compiled("`dice: 1dS` and `dice: strength+1d6` and `dice: [[Oracles]]`\n")["Page.md"]
    assert body.count("dice-unsupported") == 3
    assert "dice: 1dS" in body and "(not rolled here: Fantasy AGE stunt dice)" in body
    assert "Dataview field" in body and "section, line, list and tag rollers" in body
    assert "<code>" not in body


def test_a_range_table_is_rolled_by_its_ranges_with_a_link_to_it() -> None:
    body = compiled("`dice: [[Oracles#^price]]`\n")["Page.md"]
    assert '<a href="../oracles/#^price">Pay the Price</a>' in body
    assert "(table: 1d100 on 3 rows)" in body
    loaded = data(body)
    rows = dict(zip(loaded["values"], loaded["rows"]))
    assert rows["1"] == 0 and rows["20"] == 0 and rows["21"] == 1 and rows["99"] == 1 and rows["100"] == 2
    assert '<span data-dice-row="1">A <a href="../companion/">Companion</a> is hurt</span>' in body


def test_a_lookup_table_rolls_the_formula_in_its_header_and_a_gap_lands_on_no_row() -> None:
    body = compiled("`dice: [[Oracles^weather]]`\n")["Page.md"]  # the plugin's own form, without '#'
    loaded = data(body)
    rows = dict(zip(loaded["values"], loaded["rows"]))
    assert chances(body)["7"] == Fraction(1, 6)  # 2d6
    assert rows["7"] == 1 and rows["2"] == 0 and rows["12"] == 3
    assert "(table: 2d6 on 4 rows)" in body


def test_a_table_without_ranges_is_rolled_by_row_and_a_column_picks_the_cell() -> None:
    pages = compiled("`dice: [[Oracles#^names]]|Giants` `dice: [[Oracles#^names]]`\n")
    body = pages["Page.md"]
    giants, whole = body.split('<span class="dice-table"')[1:]
    assert '<span data-dice-row="0">Brok</span><span data-dice-row="1">Hulda</span>' in giants
    assert chances(giants) == {"row 1": Fraction(1, 2), "row 2": Fraction(1, 2)}
    assert 'Humans:</span> Ada</span> · <span class="dice-cell"><span class="dice-header">Giants:</span> Brok' in whole


def test_a_missing_column_table_or_block_is_a_note_beside_the_link() -> None:
    body = compiled("`dice: [[Oracles#^names]]|Elves` `dice: [[Oracles#^prose]]` `dice: [[Oracles#^gone]]`\n")["Page.md"]
    assert "the table has no column 'Elves' (its columns: Humans, Giants)" in body
    assert "the block is not a table" in body and "no table with that block id" in body
    assert body.count('href="../oracles/') == 3


def test_a_table_on_its_own_page_rolls_too() -> None:
    body = compiled("x\n")["Oracles.md"]
    assert "dice-table" not in body  # no roller written there: nothing added
    own = compile_vault({"T.md": ORACLES + "\n`dice: [[#^names]]|Humans`\n"}, VaultConfig()).pages["T.md"]
    assert 'href="#^names"' in own and 'data-dice-row="1">Bryn' in own


@pytest.mark.parametrize(("note", "needs"), [("`dice: 1d6`\n", True), ("`dice: 1dS`\n", True), ("`code`\n", False)])
def test_only_a_vault_with_dice_formulas_loads_the_dice_module(note: str, needs: bool) -> None:
    assert ("dice" in compile_vault({"A.md": note}, VaultConfig()).uses) is needs


def test_reading_a_table_from_tokens() -> None:
    tokens = vault_parser().parse("| d | x |\n| - | - |\n| 1-3 | a |\n| 4-6 | b |\n")
    table = read_table(tokens)
    assert table is not None and table.headers == ("d", "x") and table.texts == (("1-3", "a"), ("4-6", "b"))
    roll = plan(table, None)
    assert roll.formula == "1d6" and roll.rows == (0, 0, 0, 1, 1, 1) and roll.shown == (1,)
    assert read_table(vault_parser().parse("no table\n")) is None

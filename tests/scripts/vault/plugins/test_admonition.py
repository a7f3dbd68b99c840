"""The Admonition plugin's ```ad-TYPE blocks (issue 45, scripts/vault/plugins/admonition/):
read as the plugin reads them, drawn as the vault's callouts, with the fixture vault's
facts worked out by hand from tests/fixtures/vaults/tabletop-blocks/Admonitions.md."""

from __future__ import annotations

import re

import pytest

from scripts.vault.plugins.admonition.block import markdown_links, read_admonition
from tests.scripts.vault.plugins.tabletop_blocks import body, compiled, nothing_runs, problems

PAGE = "Admonitions.md"


@pytest.mark.parametrize(("source", "title", "fold", "color", "body_text"), [
    ("Text.", "Note", None, None, "Text."),
    ("title: T\ncollapse: open\nText.", "T", "open", None, "Text."),
    ("collapse: closed\ntitle: T\nText.", "T", "closed", None, "Text."),  # any order
    ("collapse: close\nText.", "Note", "closed", None, "Text."),  # a value not documented folds closed
    ("collapse: none\ncolor: 1, 2, 3\nText.", "Note", None, (1, 2, 3), "Text."),
    ("title: A\ntitle: B\nText.", "A", None, None, "title: B\nText."),  # an option given again is text
    ("icon: fire\n\ntitle: late\n", "Note", None, None, "\ntitle: late\n"),  # options only at the top
    ("color: 0, 0, 256\nText.", "Note", None, None, "Text."),  # not a colour: left out
    ("title:\nText.", "", None, None, "Text."),
])
def test_options_are_read_as_the_plugin_reads_them(source: str, title: str, fold: str | None,
                                                   color: tuple[int, int, int] | None, body_text: str) -> None:
    block = read_admonition("note", source)
    assert (block.title, block.fold, block.color, block.body) == (title, fold, color, body_text)


def test_a_folding_block_without_a_title_keeps_its_type_and_says_so() -> None:
    block = read_admonition("warning", "title:\ncollapse: open\nText.")
    assert block.title == "Warning" and block.fold == "open"
    assert block.problems == ((0, "ad-warning: a folding admonition needs a title; its type is used"),)


def test_links_are_found_in_markdown_and_nested_blocks_but_not_in_code() -> None:
    text = "See [[A]] and `[[code]]`.\n```python\n[[B]]\n```\n~~~ad-note\n[[C]]\n~~~\n![[D.png]]\n"
    assert [(embed, inner, line) for embed, inner, line, _, _ in markdown_links(text)] == [
        (False, "A", 0), (False, "C", 5), (True, "D.png", 7)]


def test_every_block_of_the_vault_is_a_callout_and_nothing_is_left_as_code() -> None:
    page = body(PAGE)
    assert len(re.findall(r'class="[^"]*\bvault-ad[ "]', page)) == 12  # twelve blocks, two nested in another
    assert "language-ad-" not in page and "```" not in page and "~~~" not in page
    assert not re.search(r"^(title|collapse|icon|color):", page, re.MULTILINE)


def test_the_default_title_the_title_as_markdown_and_folding() -> None:
    page = body(PAGE)
    assert ('<div class="admonition note vault-ad" data-callout="note">\n<p class="admonition-title">Note</p>\n'
            '<p>A note with its type as title, and a link to the <a href="../goblin/">Goblin</a>.</p>') in page
    assert ('<details class="warning vault-ad" data-callout="warning" open="">\n'
            '<summary>Mind the <strong>goblin</strong></summary>') in page  # a summary holds no link
    assert '<details class="tip vault-ad" data-callout="tip">\n<summary>Folded away</summary>' in page
    # `collapse: sideways` folds closed, as the plugin does with a value it does not know.
    assert '<details class="quote vault-ad" data-callout="quote">\n<summary>A bad color</summary>' in page


def test_no_title_a_checked_color_and_custom_types() -> None:
    page = body(PAGE)
    assert '<div class="admonition danger vault-ad vault-ad-untitled" data-callout="danger">\n<p>A danger' in page
    assert ('<div class="admonition example vault-ad" data-callout="example" '
            'style="--vault-ad-color: 200, 40, 160">') in page
    assert ('<div class="admonition note embed-ability vault-ad" data-callout="embed-ability">\n'
            '<p class="admonition-title">Shield Block</p>') in page
    assert '<p class="admonition-title">Inline-affliction</p>' in page  # the type, as the plugin titles it
    assert page.count("style=") == 1  # the bad colour wrote no CSS
    assert f"{PAGE}:32: ad-quote: color '255, 0, 0; background: url(https://example.org/x)' is not an RGB triple " \
           '(three numbers 0-255, as "68, 138, 255"); left out|warning' in problems(PAGE)


def test_nested_blocks_are_drawn_inside_their_block_and_their_links_are_the_notes() -> None:
    page = body(PAGE)
    outer = page[page.index('data-callout="seealso"'):]
    assert outer.index('data-callout="bug"') < outer.index('data-callout="info"') < outer.index("</div>\n</div>")
    assert '<p class="admonition-title">Inner bug</p>' in outer and "<p>Tildes nest too.</p>" in outer
    assert 'class="vault-missing" href="../missing/missing-rule/">Missing Rule</a>' in outer
    backlinks = compiled().backlinks["Goblin.md"]
    assert [(mention.path, mention.line) for mention in backlinks if mention.path == PAGE] == [(PAGE, 4), (PAGE, 8)]
    assert f"{PAGE}:53: unresolved link [[Missing Rule]]: no note named 'Missing Rule' yet|info" in problems(PAGE)
    # A nested block's problem names its own line in the note, not a line of the outer block.
    assert f"{PAGE}:57: ad-info: color '300, 0, 0' is not an RGB triple " \
           '(three numbers 0-255, as "68, 138, 255"); left out|warning' in problems(PAGE)


def test_nothing_from_a_block_runs() -> None:
    page = body(PAGE)
    assert nothing_runs(page)
    assert "alert(" not in page.replace("[a link](javascript:alert(1))", "")

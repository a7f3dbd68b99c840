"""Text from a note written into Markdown shows as written: no markup, no stray backslash."""

from __future__ import annotations

from html.parser import HTMLParser

import markdown
import pytest

from scripts.vault.escaping import escape_html, escape_text
from scripts.vault.nav import build_nav
from scripts.vault import VaultConfig

VECTORS = [
    "<script>alert(1)</script>",
    "<svg onload=alert(1)>",
    '"><img src=x onerror=alert(1)>',
    "a < b & c > d",
    "&lt;already an entity&gt; &amp; more",
    "*stars* _under_ `tick` [brackets] | pipe \\ slash",
    "^block-id",
    "#Your_Truth and #snake_case",
    "Odd <names> & such",
]


class Shown(HTMLParser):
    """The text a reader sees and every tag the browser would make."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def shown(page_html: str) -> Shown:
    parser = Shown()
    parser.feed(page_html)
    return parser


@pytest.mark.parametrize("text", VECTORS)
def test_escaped_text_is_shown_as_written_in_a_paragraph_a_link_and_a_heading(text: str) -> None:
    escaped = escape_text(text)
    for source, tags in (
        (escaped, ["p"]),
        (f"[{escaped}](page.md)", ["p", "a"]),
        (f"# {escaped}", ["h1"]),
        (f"| {escaped} |\n|---|\n| x |", ["table", "thead", "tr", "th", "tbody", "tr", "td"]),
    ):
        page = shown(markdown.markdown(source, extensions=["tables", "footnotes"]))
        assert page.tags == tags, source
        words = "".join(page.text).strip().removesuffix("x").strip()
        assert words == text, source


@pytest.mark.parametrize("text", VECTORS)
def test_escaped_html_is_text_in_an_element_and_in_an_attribute(text: str) -> None:
    page = shown(f'<a title="{escape_html(text)}">{escape_html(text)}</a>')
    assert page.tags == ["a"]
    assert "".join(page.text) == text


def test_navigation_titles_are_escaped_html() -> None:
    titles = {"index.md": "Home page", "<b>/x.md": '"><img src=x onerror=alert(1)>', "missing/index.md": "Missing notes"}
    nav = build_nav(titles, VaultConfig())
    assert {"&lt;b&gt;": [{"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;": "<b>/x.md"}]} in nav

"""Canvases (JSON Canvas 1.0): cards where the file puts them, arrows with their labels and
arrowheads, groups, text in Markdown, note/file/link cards, nothing that runs, and a list
of the same cards for a narrow screen or a screen reader."""

from __future__ import annotations

import json
import re

from scripts.site.page_safety import safe_body
from scripts.vault.canvas import FileCard, parse_canvas, render_canvas

CANVAS = {
    "nodes": [
        {"id": "g", "type": "group", "x": -50, "y": -50, "width": 500, "height": 300, "label": "Phase <one>", "color": "4"},
        {"id": "a", "type": "text", "x": 0, "y": 0, "width": 200, "height": 100, "text": "**Draw** two\n\n```\nx\n\ny\n```"},
        {"id": "b", "type": "file", "file": "Rules/Combat.md", "x": 300, "y": 0, "width": 100, "height": 100},
        {"id": "c", "type": "link", "url": "https://example.org/", "x": 0, "y": 400, "width": 200, "height": 60},
        {"id": "d", "type": "text", "x": 300, "y": 400, "width": 100, "height": 60, "text": "<script>alert(1)</script><img src=x onerror=alert(2)>"},
    ],
    "edges": [
        {"id": "e1", "fromNode": "a", "fromSide": "right", "toNode": "b", "toSide": "left", "label": "then"},
        {"id": "e2", "fromNode": "a", "toNode": "c", "toEnd": "none"},
        {"id": "e3", "fromNode": "b", "toNode": "d", "fromEnd": "arrow", "color": "#ff0000"},
        {"id": "bad", "fromNode": "a", "toNode": "nowhere"},
    ],
}


def draw() -> str:
    canvas, problems = parse_canvas("Flow.canvas", json.dumps(CANVAS))
    assert [p.message for p in problems] == ["canvas arrow 'bad' does not join two cards; left out"]

    def card(path: str, subpath: str) -> FileCard:
        assert path == "Rules/Combat.md"
        return FileCard("note", "Combat", "../rules/combat/", "<p>Roll a die.</p>")

    return render_canvas(canvas, file_card=card, title="Flow")


def test_cards_sit_where_the_file_puts_them_shifted_into_view() -> None:
    html = draw()
    # The leftmost/topmost point is the group at (-50, -50); 40 px of margin around it.
    assert 'style="position:absolute;left:90px;top:90px;width:200px;height:100px;' in html  # card a at (0, 0)
    assert "left:40px;top:40px;width:500px;height:300px" in html  # the group
    board = re.search(r'class="vault-canvas-board" style="position:relative;width:([\d.]+)px;height:([\d.]+)px', html)
    assert board is not None and board.groups() == ("580", "590")  # from -90 to 450 + 40, from -90 to 460 + 40


def test_arrows_labels_and_heads() -> None:
    html = draw()
    svg = html[html.index("<svg"): html.index("</svg>")]
    assert svg.count("<path ") == 3  # the arrow to no card is left out
    # e1: from a's right side (290, 140) to b's left side (390, 140); its head points into b.
    assert 'd="M290.0 140.0 C' in svg and svg.count("<polygon") == 3  # e1 and e3 both ends, e2 none
    assert ">then</text>" in svg and 'stroke="#ff0000"' in svg
    assert "<polygon points=\"390.0,140.0 378.0,134.0 378.0,146.0\"" in svg


def test_text_is_markdown_file_cards_link_and_nothing_runs() -> None:
    html = safe_body(draw())
    assert "<strong>Draw</strong> two" in html
    assert "<pre><code>x&#10;&#10;y&#10;</code></pre>" in draw() or "x\n\ny" in html  # a code block keeps its lines
    assert '<a href="../rules/combat/">Combat</a>' in html and "<p>Roll a die.</p>" in html
    assert '<a href="https://example.org/">https://example.org/</a>' in html
    assert "<script" not in html and not re.search(r"<[^>]*onerror", html)
    assert "Phase &lt;one&gt;" in html


def test_one_html_block_and_a_reading_list() -> None:
    html = draw()
    assert "\n\n" not in html  # no blank line: any Markdown reader keeps the drawing whole
    listing = html[html.index("<details"):]
    assert "(4 cards, 3 arrows)" not in listing and "(5 cards, 3 arrows)" in listing
    # Reading order: top to bottom, then left to right; arrows in words.
    order = [listing.index(word) for word in ("Phase &lt;one&gt;", "Draw", "Combat", "https://example.org/")]
    assert order == sorted(order)
    assert "→ Combat (then)" in listing and "Phase &lt;one&gt;</strong> (group): Draw two, Combat" in listing


def test_a_broken_canvas_is_a_problem_not_a_crash() -> None:
    canvas, problems = parse_canvas("Bad.canvas", "{not json")
    assert canvas.nodes == () and problems[0].path == "Bad.canvas" and "not JSON" in problems[0].message
    canvas, problems = parse_canvas("Odd.canvas", json.dumps({"nodes": [{"id": "x", "x": "1", "y": 0, "width": 1, "height": 1},
                                                                        {"id": "y", "x": 1e12, "y": 0, "width": 1, "height": 1}]}))
    assert canvas.nodes == () and len(problems) == 2
    assert "has no cards" in render_canvas(canvas)


def test_a_note_card_showing_a_note_that_embeds_the_canvas_links_to_it() -> None:
    from scripts.vault.canvas_site import CanvasSite
    from scripts.vault.config import VaultConfig
    from scripts.vault.index import LinkIndex, asset_target, note_target
    from scripts.vault.notes import read_note
    from scripts.vault.pages import note_page

    note = read_note("Rules/Combat.md", "Fight.\n\n![[Flow.canvas]] and ![[map.png]] and ![[rules.pdf]]\n")
    assert not isinstance(note, Exception) and hasattr(note, "text")
    page = note_page(note, VaultConfig())  # type: ignore[arg-type]
    canvas, _ = parse_canvas("Flow.canvas", json.dumps({"nodes": [
        {"id": "n", "type": "file", "file": "Rules/Combat.md", "x": 0, "y": 0, "width": 300, "height": 200}]}))
    index = LinkIndex((note_target(page.path, page.title),), tuple(asset_target(a) for a in ("Flow.canvas", "map.png", "rules.pdf")))
    site = CanvasSite({"Flow.canvas": canvas}, {page.path: page}, index)
    drawn = site.html_for("Flow.canvas", "Flow.canvas.md")
    card = drawn[drawn.index('class="vault-canvas-card'): drawn.index("<details")]
    assert '<a href="../rules/combat/">Combat</a>' in card
    assert '<a href="./">Flow.canvas</a>' in card  # its own page, not drawn inside itself
    assert '<img src="../map.png" alt="map.png"' in card and '<a href="../rules.pdf">rules.pdf</a>' in card


def test_text_cards_follow_the_vaults_strict_line_breaks_setting() -> None:
    from scripts.vault import VaultConfig, compile_vault

    canvas = json.dumps({"nodes": [{"id": "t", "type": "text", "text": "one\ntwo", "x": 0, "y": 0, "width": 100, "height": 50}]})
    for strict, expected in ((False, "<p>one<br>\ntwo</p>"), (True, "<p>one\ntwo</p>")):
        compiled = compile_vault({"Home.md": "Hi.\n"}, VaultConfig(strict_line_breaks=strict), canvases={"T.canvas": canvas})
        card = compiled.generated["T.canvas.md"]
        assert expected.replace("\n", "") in card.replace("\n", ""), card


def test_a_canvas_embedded_in_a_list_item_or_a_callout_stays_inside_it() -> None:
    from html.parser import HTMLParser

    from scripts.vault import VaultConfig, compile_vault

    note = ("- first\n- ![[Flow.canvas]]\n- third\n\n"
            "> [!note] Title\n> before\n> ![[Flow.canvas]]\n> after the drawing\n\nend\n")
    compiled = compile_vault({"A.md": note}, VaultConfig(), assets=["Flow.canvas"],
                             canvases={"Flow.canvas": json.dumps(CANVAS)})
    page = safe_body(compiled.pages["A.md"].split("\n---\n", 1)[1])

    class Where(HTMLParser):
        """The open elements around each piece of text, as a browser nests them."""
        VOID = {"br", "img", "input", "hr", "wbr"}

        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []
            self.found: dict[str, list[str]] = {}

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag not in self.VOID:
                classes = dict(attrs).get("class") or ""
                self.open.append(f"{tag}.{classes.split()[0]}" if classes else tag)

        def handle_endtag(self, tag: str) -> None:
            while self.open and self.open.pop().split(".")[0] != tag:
                pass

        def handle_data(self, data: str) -> None:
            self.found.setdefault(data.strip(), list(self.open))

    where = Where()
    where.feed(page)
    assert where.found["third"] == ["ul", "li"]  # the list goes on after the drawing
    assert where.found["after the drawing"][0] == "div.admonition"  # the callout holds the rest
    assert where.found["end"] == ["p"]
    assert page.count('class="vault-canvas"') == 2

"""The built site's own link check (scripts/site/site_links.py)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from tests.browser.harness import Server
from scripts.site.site_links import _ATTRIBUTES, BrokenLink, addresses, broken_links, written_in_notes


def _page(site: Path, path: str, body: str) -> None:
    (site / path).parent.mkdir(parents=True, exist_ok=True)
    (site / path).write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_a_relative_link_to_nothing_is_found_and_everything_else_is_not(tmp_path: Path) -> None:
    _page(tmp_path, "index.html", '<a href="a/">A</a> <a href="a/#x">A</a> <a href="https://e.org/">web</a>'
                                  ' <a href="#top">top</a> <img src="pics/p.png" alt="p"> <a href="gone/">gone</a>')
    _page(tmp_path, "a/index.html", '<a href="../">home</a> <a href="../../out/">out</a> <a href="b%20c.pdf">b</a>')
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "p.png").write_bytes(b"png")
    (tmp_path / "a" / "b c.pdf").write_bytes(b"pdf")
    assert broken_links(tmp_path) == [BrokenLink("a/index.html", "../../out/"), BrokenLink("index.html", "gone/")]


def test_an_address_a_note_writes_so_is_the_vaults_problem() -> None:
    link = BrokenLink("a/index.html", "maps/world.pdf")
    assert written_in_notes(link, ["See [the map](maps/world.pdf)."])
    assert not written_in_notes(link, ["See [[world.pdf]]."])


class _Oracle(HTMLParser):
    """What html.parser reads as the page's addresses: the scanner must agree."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if (tag, name) in _ATTRIBUTES and value]


def oracle(page: str) -> list[str]:
    reader = _Oracle()
    reader.feed(page)
    reader.close()
    return reader.found


TRICKY = """<!DOCTYPE html><html><head><title>a &lt; title</title>
<link rel="stylesheet" href="assets/site.css?v=1&amp;x=2"><script src='assets/a.js' defer></script>
<script>const s = '<a href="not/a/link/">'; if (a<b) {}</script><style>a[href="x/"] {}</style></head>
<body><!-- <a href="commented/"> --><A HREF="Upper/">U</A><a title="a > b" href="after/gt/">x</a>
<a href=bare/unquoted/>b</a><img alt="" src="pics/p%20q.png"/><a data-href="data/" href="">empty</a>
<a name="top">no address</a><iframe src="frame/"></iframe><video src="v.mp4"></video>
<a href="&#108;ink/">ref</a><a
  class="multi"
  href="multi/line/">m</a><source src="s.ogg"><p>a < b and <b>bold</b></p></body></html>"""


def test_the_scanner_finds_what_html_parser_finds() -> None:
    assert addresses(TRICKY) == oracle(TRICKY)
    assert "not/a/link/" not in addresses(TRICKY) and "commented/" not in addresses(TRICKY)
    # A browser reads a title's text as text (html.parser would find a tag in it).
    assert addresses('<title>a <a href="no/"> b</title><a href="yes/">') == ["yes/"]


def test_the_scanner_agrees_with_html_parser_on_every_page_of_a_built_site(probe_site: Server) -> None:
    """The probe vault: every way a note could carry script or odd markup."""
    pages = sorted(probe_site.root.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert addresses(text) == oracle(text), page


def test_the_pool_finds_what_one_process_finds(tmp_path: Path) -> None:
    for number in range(450):
        _page(tmp_path, f"n{number}/index.html", f'<a href="../n{number + 1}/">next</a> <img src="../p{number % 3}.png">')
    (tmp_path / "p0.png").write_bytes(b"png")
    one, two = broken_links(tmp_path, workers=1), broken_links(tmp_path, workers=2)
    assert one == two and len(one) == 301

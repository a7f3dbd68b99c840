"""Nothing from a note runs on a page: the sanitiser alone, then a whole built site from
the probe vault (tests/fixtures/vaults/probe: every way we know to put script on a page,
in link targets, aliases, headings, embeds, file and folder names, titles, front matter,
calculator captions and raw HTML)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from scripts.site.page_safety import safe_body
from tests.browser.harness import Server
from tests.scripts.vault.zero_config import ROOT

PROBE_VAULT = ROOT / "tests" / "fixtures" / "vaults" / "probe" / "docs"
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "poster", "xlink:href", "background"}


class Elements(HTMLParser):
    """Every element's tag and attributes, the text of each <script>, and the text shown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.text).append(data)


def parsed(page_html: str) -> Elements:
    parser = Elements()
    parser.feed(page_html)
    return parser


def what_would_run(page_html: str) -> list[str]:
    """Each handler attribute, javascript: address and note-made script in the page."""
    page = parsed(page_html)
    found = []
    for tag, attrs in page.elements:
        for name, value in attrs.items():
            if name.startswith("on"):
                found.append(f"<{tag} {name}>")
            if name in URL_ATTRIBUTES and "".join(value.split()).lower().startswith(("javascript:", "vbscript:", "data:text/html")):
                found.append(f"<{tag} {name}={value}>")
        if tag in {"object", "embed", "base", "math"} or (tag == "meta" and "http-equiv" in attrs and attrs["http-equiv"].lower() == "refresh"):
            found.append(f"<{tag}>")
    found += [f"<script>{text.strip()[:60]}" for text in page.scripts if "alert(" in text]
    return found


RAW_HTML = [
    ("<script>alert(1)</script><p>after</p>", "<p>after</p>"),
    ('<img src="x" onerror="alert(1)" alt="a">', '<img src="x" alt="a">'),
    ('<a href="javascript:alert(1)">x</a>', "<a>x</a>"),
    ('<a href=" JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"),
    ('<p onclick="alert(1)" class="kept">x</p>', '<p class="kept">x</p>'),
    ("<svg><script>alert(1)</script></svg>", "<svg></svg>"),
    ('<iframe src="javascript:alert(1)"></iframe>', "<iframe></iframe>"),
    ('<object data="javascript:alert(1)"></object>', ""),
    ('<form action="javascript:alert(1)"><button>go</button></form>', "<form><button>go</button></form>"),
    ('<base href="javascript:alert(1)//">', ""),
    ('<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ""),
    ("<style>p{}</style><b>x</b>", "<b>x</b>"),
    ('<svg onload="alert(1)"><a href="javascript:alert(1)"><text>x</text></a>'
     '<animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onmouseover" to="alert(1)"/></svg>',
     "<svg><text>x</text></svg>"),
    # An unclosed <svg> in a heading takes in the permalink: it is unwrapped (an SVG link
    # breaks the theme's scripts), its text kept.
    ('<h2 id="h">"&gt;<svg onload=alert(1)> and a &lt; b<a class="headerlink" href="#h">¶</a></h2>',
     '<h2 id="h">"&gt;<svg> and a &lt; b¶</svg></h2>'),
    # The theme finds its own elements by these ids: a note's copy would be found first.
    ('<div id="__config">{}</div><label for="__drawer">menu</label><input name="__search" id="_1">',
     '<div>{}</div><label>menu</label><input id="_1">'),
]

KEPT = [
    '<div class="keep">Harmless <b>bold</b>, <em>emphasis</em>, <kbd>Ctrl</kbd>, <mark>m</mark>.</div>',
    '<details open=""><summary>More</summary><p>Inside</p></details>',
    '<audio controls="" src="../a.wav"></audio>',
    '<video controls="" src="../a.webm"></video>',
    '<iframe src="../a.pdf" title="a.pdf"></iframe>',
    '<p id="^block-1">A block with an id.</p>',
    '<span class="arithmatex">\\(x^2 &lt; y\\)</span>',
    '<pre class="mermaid"><code>graph LR\n  A --&gt; B</code></pre>',
    '<li class="task-list-item"><label class="task-list-control"><input type="checkbox" disabled="" checked=""></label></li>',
    '<div class="calculator" data-calculator="legion-attack" data-preset="{&quot;red&quot;:1}"><form class="calculator-form" autocomplete="off">'
    '<label class="calculator-field"><input type="number" name="red" value="1" min="0" max="30" step="1" required=""></label>'
    '<select name="cover"><option value="none" selected="">none</option></select></form>'
    '<div class="calculator-result" data-result="" aria-live="polite"></div></div>',
    '<a href="https://example.org/" title="t">out</a> <a href="#fn:1" class="footnote-ref">1</a>',
    '<svg class="calculator-chart" role="img" aria-label="Wounds: bar chart" viewBox="0 0 66 116" width="66" height="116">'
    '<rect x="6" y="0" width="24" height="100" fill="currentColor"><title>1: 1/2</title></rect>'
    '<text x="18" y="113" text-anchor="middle" font-size="11" fill="currentColor">1</text></svg>',
]


@pytest.mark.parametrize(("written", "shown"), RAW_HTML)
def test_what_would_run_is_removed(written: str, shown: str) -> None:
    assert safe_body(written) == shown
    assert what_would_run(safe_body(written)) == []


@pytest.mark.parametrize("markup", KEPT)
def test_harmless_and_our_own_markup_passes_unchanged(markup: str) -> None:
    assert safe_body(markup) == markup


@pytest.fixture
def probe_site(probe_site: Server) -> Path:  # noqa: F811
    """The probe site's built files (tests/conftest.py builds and serves it once)."""
    return probe_site.root


def test_no_page_of_the_probe_site_has_anything_that_would_run(probe_site: Path) -> None:
    pages = sorted(probe_site.rglob("*.html"))
    assert len(pages) >= 15
    found = {str(p.relative_to(probe_site)): what_would_run(p.read_text(encoding="utf-8")) for p in pages}
    assert {page: bad for page, bad in found.items() if bad} == {}


def test_names_show_as_written_with_no_stray_backslash(probe_site: Path) -> None:
    home = parsed((probe_site / "index.html").read_text(encoding="utf-8"))
    text = "".join(home.text)
    for name in ("<script>alert(1)</script>", "<svg onload=alert(2)>", '"><img src=x onerror=alert(3)>',
                 "<img src=x onerror=alert(4)>", "Odd <names> & such", "a < b & c > d",
                 "Less than < and greater than > and an ampersand & in body text"):
        assert name in text
    for page in probe_site.rglob("*.html"):
        assert "\\<" not in "".join(parsed(page.read_text(encoding="utf-8")).text), page
    index = json.loads((probe_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        assert "\\&lt;" not in doc["text"] + doc["title"], doc["location"]
        assert what_would_run(doc["text"]) == [] and "<script" not in doc["title"] + doc["text"], doc["location"]


def test_titles_are_text_in_the_title_the_navigation_and_the_description(probe_site: Path) -> None:
    page = parsed((probe_site / "missing" / "script-alert-1-script" / "index.html").read_text(encoding="utf-8"))
    titles = [t for t in page.text if "alert(1)" in t]
    assert titles and all(t.strip().startswith("<script>alert(1)</script>") for t in titles)
    odd = parsed((probe_site / "odd-names-such" / "index.html").read_text(encoding="utf-8"))
    described = [a["content"] for tag, a in odd.elements if tag == "meta" and a.get("name") == "description"]
    assert described == ['"><script>alert(14)</script>']


def test_raw_html_keeps_what_is_harmless(probe_site: Path) -> None:
    page = (probe_site / "raw-html" / "index.html").read_text(encoding="utf-8")
    assert '<div class="keep">Harmless <b>bold</b> and <em>emphasis</em> <kbd>Ctrl</kbd> are kept.</div>' in page
    assert "<summary>Kept details</summary>Inside <mark>marked</mark>." in page
    assert '<img src="x" alt="broken image">' in page


def test_a_calculator_caption_is_text(probe_site: Path) -> None:
    page = parsed((probe_site / "calculator-trap" / "index.html").read_text(encoding="utf-8"))
    assert '<img src=x onerror=alert(37)> and "><svg onload=alert(38)>' in page.text


def test_every_page_carries_a_policy_ahead_of_its_scripts_listing_its_inline_scripts(probe_site: Path) -> None:
    from scripts.site.page_policy import inline_scripts, script_hash

    for path in probe_site.rglob("*.html"):
        page_html = path.read_text(encoding="utf-8")
        page = parsed(page_html)
        policies = [a["content"] for tag, a in page.elements if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
        assert len(policies) == 1, path
        first_script = page_html.index("<script")
        assert page_html.index('http-equiv="Content-Security-Policy"') < first_script, path
        directives = dict(d.strip().split(" ", 1) for d in policies[0].split(";"))
        sources = directives["script-src"].split()
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources
        assert {"'self'", "'wasm-unsafe-eval'"} <= set(sources)
        assert directives["worker-src"] == "'self'" and directives["object-src"] == "'none'"
        hashes = {s for s in sources if s.startswith("'sha256-")}
        assert hashes == {script_hash(text) for text in inline_scripts(page_html)}, path


CALCULATOR_VECTORS = ["<img src=x onerror=alert(1)>", '"><svg onload=alert(2)>', "<script>alert(3)</script>"]


def test_calculator_inputs_with_markup_come_back_as_text() -> None:
    """Every input of every calculator, given markup, as the reader's form would send it:
    the engine's answer (shown with innerHTML) holds the markup as text only."""
    from rulesengine.calculators.api import calculate, describe

    checked = 0
    for calc in json.loads(describe()):
        names = [option["name"] for option in calc["options"]] + ["<b>not an input</b>"]
        for name in names:
            for vector in CALCULATOR_VECTORS:
                answer = json.loads(calculate(json.dumps({"calculator": calc["name"], "inputs": {name: vector}})))
                page = parsed(answer["html"])
                tags = {tag for tag, _ in page.elements}
                assert not tags & {"img", "svg", "script", "b"}, (calc["name"], name, answer["html"])
                assert what_would_run(answer["html"]) == []
                if not answer["ok"]:
                    assert vector in "".join(page.text) or name in "".join(page.text), answer["error"]
                checked += 1
    assert checked > 150


def test_an_image_alias_is_its_alt_text_as_written(probe_site: Path) -> None:
    home = parsed((probe_site / "index.html").read_text(encoding="utf-8"))
    alts = [attrs.get("alt", "") for tag, attrs in home.elements if tag == "img"]
    assert '<b>alt</b> & "quoted" <svg onload=alert(42)>' in alts

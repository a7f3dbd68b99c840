"""The CommonMark and GFM specs' examples as a test suite through the whole site build.

Every example is a note of one vault (its `.obsidian/app.json` sets `strictLineBreaks`, as
the specs read a single newline), built by MkDocs with the project's hooks; each page's
body, sanitised as every page is, must be what the spec says (tests/fixtures/commonmark/,
compared in one canonical HTML form: tests/scripts/vault/html_normal.py).

Two kinds of example may differ, each named below with its reason:
- Obsidian's own syntax reads the text differently from plain CommonMark (a `#tag`, a
  `[[link]]`, a `^[footnote]`, ...): the site shows what Obsidian shows.
- Raw HTML: the sanitiser (nh3) removes what could run, or a tag it does not allow, and
  writes the rest as a browser parses it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .html_normal import normalise
from .test_site_build import mkdocs_build
from .zero_config import ROOT, zero_config_copy

SPECS = ROOT / "tests" / "fixtures" / "commonmark"
EXAMPLES = [
    (f"cm-{case['example']:04d}", case)
    for case in json.loads((SPECS / "commonmark-0.31.2.json").read_text(encoding="utf-8"))
] + [
    (f"gfm-{case['example']:04d}", case)
    for case in json.loads((SPECS / "gfm-0.29-extensions.json").read_text(encoding="utf-8"))
]

# Obsidian reads these differently from CommonMark, and the site follows Obsidian.
OBSIDIAN: dict[str, str] = {
    "cm-0064": "#hashtag is a tag",
    "cm-0096": "--- on the first line opens the note's properties (front matter)",
    "cm-0098": "--- on the first line opens the note's properties (front matter)",
    "cm-0486": "a link to a .md path goes to that note's page",
    # A Markdown link's destination without a scheme names a note, as in Obsidian: one
    # that names no note goes to that missing note's page, as an unresolved [[link]] does.
    **dict.fromkeys(["cm-0494", "cm-0500", "cm-0501", "cm-0504", "cm-0506", "cm-0524"],
                    "a link to a name that is no note goes to its missing-note page"),
    "cm-0522": "![[ opens an embed",
    "cm-0550": "[[...]] is a wikilink",
    "cm-0561": "[[...]] is a wikilink",
    "cm-0592": "![[...]] is an embed and [[...]] a wikilink",
    # GFM's autolink extension, which Obsidian shares: a bare address is a link.
    "cm-0610": "a bare address is a link (GFM autolinks)",
    "cm-0613": "a bare address is a link (GFM autolinks)",
    "cm-0614": "a bare e-mail address is a link (GFM autolinks)",
}

# Addresses the sanitiser's scheme allowlist (http, https, mailto, tel and relative ones)
# takes off a link: a made-up scheme is one way to run something.
SCHEMES: dict[str, str] = {
    "cm-0598": "irc:", "cm-0600": "a+b+c:", "cm-0601": "made-up-scheme:", "cm-0603": "localhost:",
}

# mdit-py-plugins' gfm_autolink (the maintained GFM autolink plugin) misses these two.
AUTOLINK_PLUGIN: dict[str, str] = {
    "gfm-0018": "ftp:// addresses are not linked",
    "gfm-0021": "an e-mail address with _ in its local part is linked from the _ on",
}

# The sanitiser changes these raw-HTML examples (it removes what could run, or a tag or
# attribute outside its allowlist, and writes the HTML as a browser would parse it).
SANITISED: dict[str, str] = {
    **dict.fromkeys(["cm-0021", "cm-0031", "cm-0148", "cm-0149", "cm-0150", "cm-0151", "cm-0155", "cm-0156", "cm-0157", "cm-0158", "cm-0160", "cm-0162", "cm-0176", "cm-0177", "cm-0186", "cm-0189", "cm-0192", "cm-0193", "cm-0346", "cm-0478", "cm-0479", "cm-0632", "cm-0633", "cm-0645", "cm-0646"], "a browser's parse: unclosed or stray tags closed or dropped, <tbody> added"),
    **dict.fromkeys(["cm-0172", "cm-0174", "cm-0175", "cm-0178", "cm-0180"], '<script> or <style> removed with its content'),
    **dict.fromkeys(["cm-0179", "cm-0181", "cm-0185", "cm-0310", "cm-0311", "cm-0627", "cm-0628", "cm-0630", "cm-0631"], 'comments, declarations and CDATA removed'),
    **dict.fromkeys(["cm-0164", "cm-0166", "cm-0171", "cm-0203", "cm-0493", "cm-0496", "cm-0526", "cm-0538", "cm-0615", "cm-0616", "cm-0617", "cm-0618", "cm-0619", "cm-0625"], 'a tag outside the allowlist removed (custom or unknown elements)'),
}


def _has_raw_html(case: dict[str, object]) -> bool:
    return bool(re.search(r"</?[A-Za-z][\w-]*[\s/>]|<!--|<\?|<![A-Z]|<!\[CDATA\[", str(case["markdown"])))


@pytest.fixture(scope="module")
def spec_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("spec")
    docs = folder / "docs"
    (docs / ".obsidian").mkdir(parents=True)
    (docs / ".obsidian" / "app.json").write_text('{"strictLineBreaks": true}', encoding="utf-8")
    for name, case in EXAMPLES:
        (docs / f"{name}.md").write_text(str(case["markdown"]), encoding="utf-8")
    config = zero_config_copy(docs, folder)
    site = folder / "site"
    # The spec's notes are full of links to notes no vault has: not --strict.
    result = mkdocs_build(config, site, strict=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return site


def page_body(site: Path, name: str) -> str:
    """The example's HTML on its page: the article without the title the site adds (the
    note's name) and without the "Pages that link here" section."""
    html = (site / name / "index.html").read_text(encoding="utf-8")
    article = html[html.index("<article") : html.index("</article>")]
    article = article[article.index(">") + 1 :]
    title = re.match(rf'\s*<h1 id="{name}">{name}(?:<a class="headerlink"[^>]*>¶</a>)?</h1>', article)
    if title:
        article = article[title.end() :]
    return article[: article.rindex('<h2 id="pages-that-link-here')]


@pytest.mark.parametrize(("name", "case"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_spec_example(spec_site: Path, name: str, case: dict[str, object]) -> None:
    shown = normalise(page_body(spec_site, name))
    expected = normalise(str(case["html"]))
    named = {**OBSIDIAN, **SCHEMES, **AUTOLINK_PLUGIN}
    if name in named:
        assert shown != expected, f"{name} now renders as the spec says: take it off the list"
    elif name in SANITISED:
        assert _has_raw_html(case), name
        assert shown != expected, f"{name} now renders as the spec says: take it off SANITISED"
    else:
        assert shown == expected, f"{case['section']}:\n{case['markdown']}"


def test_every_example_is_read() -> None:
    assert len(EXAMPLES) == 655 + 21
    names = {name for name, _ in EXAMPLES}
    lists = (OBSIDIAN, SCHEMES, AUTOLINK_PLUGIN, SANITISED)
    assert all(set(named) <= names for named in lists)
    assert sum(len(named) for named in lists) == len(set().union(*lists))  # each named once


def test_the_named_differences_stay_few() -> None:
    """Of the 587 examples without raw HTML, 564 render as the specs say; the other 23 are
    Obsidian's syntax (17), link schemes the sanitiser refuses (4) and the autolink
    plugin's two misses. Of the 89 with raw HTML, 53 are changed by the sanitiser."""
    raw = {name for name, case in EXAMPLES if _has_raw_html(case)}
    named = set(OBSIDIAN) | set(SCHEMES) | set(AUTOLINK_PLUGIN)
    assert set(SANITISED) <= raw and not named & raw
    assert (len(EXAMPLES) - len(raw), len(named), len(raw), len(SANITISED)) == (587, 23, 89, 53)

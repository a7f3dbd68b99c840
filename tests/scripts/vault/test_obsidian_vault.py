"""Our own Obsidian vault (tests/fixtures/vaults/obsidian), every piece of syntax the site
supports, built end to end with `--strict` by a copy of mkdocs.yml without `extra.vault`."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from .test_site_build import article, mkdocs_build
from .zero_config import ROOT, zero_config_copy


@pytest.fixture
def site(obsidian_site: Any) -> Path:
    """The vault's site files, built --strict with the repository's settings minus
    `extra.vault`: the build each worker makes once (tests/conftest.py)."""
    return Path(obsidian_site.root)


PAGES = ["", "garden/watering", "garden/seed-list", "sky/constellations", "sky/charts", "tags", "tags/garden", "tags/sky/night"]


def text_of(page_html: str) -> str:
    """What a reader sees: the article without tags, code and math (which keep their marks)."""
    page_html = re.sub(r"<(code|pre)\b.*?</\1>", "", page_html, flags=re.DOTALL)
    page_html = re.sub(r'<(span|div) class="arithmatex">.*?</\1>', "", page_html, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page_html))


@pytest.mark.parametrize("page", PAGES)
def test_no_raw_obsidian_marks_reach_a_reader(site: Path, page: str) -> None:
    shown = text_of(article(site, page))
    assert "[!" not in shown
    assert "%%" not in shown
    assert not re.search(r"\^[A-Za-z0-9-]+\b", shown), re.findall(r"\S*\^\S+", shown)
    for front_matter in ("title:", "aliases:", "cssclasses:", "publish:", "description:", "---"):
        assert front_matter not in shown


def test_the_unpublished_note_has_no_page_and_links_to_it_are_text(site: Path) -> None:
    assert not (site / "garden" / "hidden-plans").exists()
    assert not list(site.rglob("Hidden plans.md"))
    page = article(site, "sky/constellations")
    assert "Hidden plans" in page and "hidden-plans" not in page


def test_navigation_is_made_from_the_top_folders(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    nav = home[home.index('<nav class="md-nav md-nav--primary"') : home.index("<article")]
    sections = [line.strip() for line in nav.split("\n") if line.strip() in ("Garden", "Sky", "Tags")]
    assert sections[0] == "Garden" and "Sky" in sections and "Tags" in sections
    assert "Missing notes" not in nav and not (site / "missing").exists()  # every link resolves


def test_callouts(site: Path) -> None:
    page = article(site, "garden/watering")
    assert '<details class="warning" data-callout="warning">\n<summary>Drought weeks</summary>' in page
    assert '<details class="question faq" data-callout="faq" open="">' in page
    assert page.count('<div class="admonition note" data-callout="note">') == 2  # two callouts stay two
    assert re.search(r'<div class="admonition quote" data-callout="quote">.*?<div class="admonition example"',
                     page, re.DOTALL)
    assert '<div class="admonition note mystery" data-callout="mystery">' in page
    assert "<blockquote>\n<p>Just words.</p>" in page


def test_front_matter_properties(site: Path) -> None:
    full = (site / "garden" / "watering" / "index.html").read_text(encoding="utf-8")
    assert '<meta name="description" content="How often each bed gets water' in full
    page = article(site, "garden/watering")
    assert '<div class="vault-note wide-page">' in page
    # The file name is the note's name (issue 22): the `title` property renames nothing.
    assert re.search(r"<h1[^>]*>Watering<", page) and "Watering the beds" not in page and "Irrigation" in page
    assert "The neighbour disagrees" not in page and "never appears" not in page


def test_block_references_and_embeds(site: Path) -> None:
    seeds = article(site, "garden/seed-list")
    assert '<p id="^climbers">Runner beans climb anything taller than them.</p>' in seeds
    assert '<li id="^borlotti">' in seeds
    page = article(site, "sky/constellations")
    embeds = re.findall(r'<div class="vault-embed">(.*?)</div>', page, re.DOTALL)
    assert "Runner beans climb" in embeds[0] and "Borlotti" not in embeds[0] and "<h" not in embeds[0]
    assert "Borlotti" in embeds[1] and "Broad beans" not in embeds[1]
    assert "Butternut" in embeds[2] and "Beans" not in embeds[2] and "Peas" not in embeds[2]
    assert "Start from a bright star" in embeds[3]
    assert 'href="../../garden/seed-list/#^climbers"' in page
    inside = page[page.index('<div class="admonition example"') :]
    assert re.match(r'<div class="admonition example" data-callout="example">\n<p class="admonition-title">A block shown inside a callout</p>\n'
                    r'<div class="vault-p"><div class="vault-embed">\n<p>Runner beans climb', inside), inside[:300]


def test_image_sizes(site: Path) -> None:
    page = article(site, "sky/charts")
    assert '<img class="vault-image" src="../../Attachments/chart.png" alt="chart" width="1548" height="890">' in page
    assert '<img class="vault-icon" src="../../Attachments/dot.png" alt="dot">' in page
    assert 'src="../../Attachments/chart.png" alt="chart" width="200">' in page
    assert 'src="../../Attachments/chart.png" alt="chart" width="120" height="80">' in page
    assert '<img src="../../Attachments/chart.png" alt="a chart">' in page


def test_media_play_in_the_page_from_the_site(site: Path) -> None:
    page = article(site, "sky/charts")
    assert '<audio class="vault-audio" controls="" preload="metadata" src="../../Attachments/crickets.wav">' in page
    assert '<video class="vault-video" controls="" preload="metadata" src="../../Attachments/dusk.webm">' in page
    assert '<iframe class="vault-pdf" src="../../Attachments/star-map.pdf"' in article(site, "sky/star-map")
    assert (site / "Attachments" / "crickets.wav").is_file() and (site / "Attachments" / "star-map.pdf").is_file()


def test_footnotes_tasks_strike_math_mermaid(site: Path) -> None:
    seeds = article(site, "garden/seed-list")
    assert seeds.count('class="footnote-ref"') == 2 and "Any net will do." in seeds
    assert seeds.index('<section class="footnotes">') < seeds.index('id="pages-that-link-here"')
    charts = article(site, "sky/charts")
    assert charts.count('class="task-list-item"') == 2
    assert "<del>Cloudy</del>" in charts
    assert '<span class="arithmatex">' in charts and '<div class="arithmatex">' in charts
    assert '<pre class="mermaid"><code>graph LR' in charts
    full = (site / "sky" / "charts" / "index.html").read_text(encoding="utf-8")
    assert 'src="../../assets/vendor/katex/katex.min.js"' in full
    assert 'src="../../assets/vendor/mermaid/mermaid.min.js"' in full
    assert (site / "assets" / "vendor" / "katex" / "fonts").is_dir()


def test_tags_index_nests_tags_and_each_tag_has_its_page(site: Path) -> None:
    index = article(site, "tags")
    # Every tag once, nested under its parent, with how many notes carry it.
    assert 'href="garden/">#garden</a> (' in index
    sky = index[index.index('href="sky/">#sky</a>'):]
    assert 'href="sky/night/">#sky/night</a> (3)' in sky.split("</li>")[0]  # inside #sky's item
    assert "Watering the beds" not in index  # the notes are on the tags' own pages
    garden = article(site, "tags/garden")
    assert ">Watering<" in garden and "Field notes" in garden  # a note is named by its file name
    night = article(site, "tags/sky/night")
    assert "Constellations" in night and "Charts" in night
    assert 'href="../"' in night  # up to #sky
    assert "Constellations" in article(site, "tags/sky")  # #sky/night is also under #sky
    assert 'href="../../tags/sky/night/"' in article(site, "sky/charts")


def test_markdown_links_and_aliases_reach_the_note(site: Path) -> None:
    page = article(site, "sky/constellations")
    assert '<a href="../../garden/watering/">watering</a>' in page
    assert '<a href="../../garden/seed-list/#beans">seeds</a>' in page
    assert '<a href="../../garden/watering/">Hose duty</a>' in page


def test_every_local_link_lands_on_an_existing_anchor(site: Path) -> None:
    for page_html in site.rglob("index.html"):
        body = page_html.read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"#:]*)#([^"]+)"', body):
            target = (page_html.parent / href[0]).resolve() / "index.html" if href[0] else page_html
            if target.is_file():
                ids = set(re.findall(r'id="([^"]+)"', target.read_text(encoding="utf-8")))
                assert html.unescape(href[1]) in ids, (page_html, href)


def test_no_calculator_runtime_where_no_page_has_a_calculator(site: Path) -> None:
    assert not (site / "assets" / "pyodide").exists() and not (site / "assets" / "wheels").exists()
    assert not (site / "coverage").exists() and not (site / "assets" / "calculators").exists()
    assert "calculators/calculator.mjs" not in (site / "index.html").read_text(encoding="utf-8")


def test_the_shipped_vault_builds_without_extra_vault(tmp_path: Path) -> None:
    """Zero configuration on the owner's vault: calculators still come (the default
    extension), and with them Pyodide, the wheel and the coverage page."""
    result = mkdocs_build(zero_config_copy(ROOT / "docs", tmp_path), tmp_path / "site")
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    assert (site / "coverage" / "index.html").is_file()
    assert list((site / "assets" / "pyodide").glob("*/pyodide.mjs"))
    assert 'data-calculator="' in article(site, "legion/keywords/guardian-x")


def test_search_finds_aliases_and_never_comments_or_front_matter(site: Path) -> None:
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Irrigation" in index and "Hose duty" in index
    assert "The neighbour disagrees" not in index and "note to myself" not in index
    assert "cssclasses" not in index and "Not for readers yet" not in index


def test_every_formatting_construct_renders_as_obsidian_shows_it(site: Path) -> None:
    """Help/Formatting.md holds each construct of Obsidian's formatting help pages once."""
    page = article(site, "help/formatting")
    assert "<strong>bold</strong>" in page and "<em><strong>bold italic</strong></em>" in page
    assert "<del>struck</del>" in page and "<mark>highlighted</mark>" in page
    assert "A single line break<br>\nshows as a break" in page  # Obsidian's default: a newline breaks
    # A list right under a paragraph line is a list (CommonMark), nested lists too.
    assert re.search(r"<p>Features:</p>\s*<ul>\s*<li>a list right under a paragraph line</li>", page)
    assert re.search(r"<li>nested item\s*<ol>\s*<li>ordered inside</li>", page)
    assert page.count('class="task-list-item-checkbox"') == 2
    # A lazy quote line stays in the quote; the ^id under it names the quote, not a word of it.
    assert re.search(r'<blockquote id="\^lazy-quote">\s*<p>A quote<br>\nthat runs on lazily.</p>', page)
    # A callout whose body lines lack ">" keeps them (lazy continuation).
    assert re.search(r'<details class="warning" data-callout="warning">\s*<summary>A folded warning</summary>\s*'
                     r"<p>body line one<br>\nbody line two</p>", page)
    assert '<table id="^sample-table">' in page and '<th style="text-align:right">Right</th>' in page
    assert "<code>a|b</code>" in page and ">the watering note</a>" in page
    assert "Escaped: *not italic*, #not-a-tag, [[not a link]]." in page
    assert '<a href="https://example.org/bare">https://example.org/bare</a>' in page
    assert '<a href="http://www.example.com">www.example.com</a>' in page
    assert 'alt="chart" width="100"' in page
    assert '<span class="arithmatex">' in page and 'href="../../tags/help/syntax/"' in page
    assert page.count('class="footnote-ref"') == 2 and "a comment nobody reads" not in page
    assert '<h2 id="math-x2-in-a-heading">Math <span class="arithmatex">' in page
    assert 'href="#math-x2-in-a-heading"' in page  # the link to that heading lands on it
    full = (site / "help" / "formatting" / "index.html").read_text(encoding="utf-8")
    toc = full[full.index('data-md-component="toc"') :]
    toc = toc[: toc.index("</nav>")]
    assert "Math x^2 in a heading" in toc and "\\(" not in toc
    assert re.search(r'Embedded table:.*?<div class="vault-embed">\s*<table>', page, re.DOTALL)


# Obsidian syntax that must never reach a reader as text, outside code.
RAW_SYNTAX = re.compile(r"\[\[|\]\]|!\[\[|==\w|%%|\[![a-z]+\]|\s\^[A-Za-z0-9-]+(?:\s|<)|\{:|\{ \.")


def test_no_page_shows_raw_syntax(site: Path) -> None:
    for index in site.rglob("index.html"):
        page = article(site, index.parent.relative_to(site).as_posix() or ".")
        text = re.sub(r"<(code|pre)\b.*?</\1>", "", page, flags=re.DOTALL)
        text = re.sub(r"<[^>]+>", " ", text)
        text = html.unescape(text).replace("Escaped: *not italic*, #not-a-tag, [[not a link]].", "")
        assert RAW_SYNTAX.search(text) is None, (index, RAW_SYNTAX.search(text))


def breadcrumbs(site: Path, page: str) -> list[tuple[str, str]]:
    """The page's breadcrumbs as (text, href), outermost first; [] when it has none."""
    found = re.search(r'<nav class="md-path".*?</nav>', (site / page / "index.html").read_text(encoding="utf-8"),
                      re.DOTALL)
    if found is None:
        return []
    links = re.findall(r'<a href="([^"]*)"[^>]*>(.*?)</a>', found.group(0), re.DOTALL)
    return [(html.unescape(re.sub(r"<[^>]+>|\s+", " ", text)).strip(), href) for href, text in links]


def test_every_page_but_home_has_breadcrumbs_even_outside_the_navigation(site: Path) -> None:
    # A tag's page is in no navigation: it sits under its parent tag and the tags index.
    assert breadcrumbs(site, "tags/sky/night") == [("Home", "../../.."), ("Tags", "../../"), ("#sky", "../")]
    assert breadcrumbs(site, "tags") == [("Home", "..")]
    assert breadcrumbs(site, "recent-changes") == [("Home", "..")]
    # A note in the navigation: the home page, then its section, as the theme writes them.
    assert [text for text, _ in breadcrumbs(site, "sky/charts")] == ["Home", "Sky"]
    assert breadcrumbs(site, "") == []
    for page in PAGES[1:]:
        for _, href in breadcrumbs(site, page):  # each crumb is a page of the site
            target = (site / page / href).resolve()
            assert (target / "index.html").is_file(), (page, href)

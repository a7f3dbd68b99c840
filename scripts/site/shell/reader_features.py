"""What a reader gets beside each note, for scripts/site/shell/hook.py: search that skips the
related-links line and bracketed icons, a description (the note's `description` property
or its first sentence) for the page's meta and Open Graph tags, "Last updated" with a
recent-changes page and Atom feed, a local graph of links, low search rank for build
reports, and the web app manifest.

The vault-wide facts (dates, the link graph) are computed once per build in `add_pages`
(on_files); each page then takes its share in `page_content` (on_page_content); the feed
and manifest are written in `write_files` (on_post_build). State lives in this module,
imported by name, for one build at a time.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page


from scripts.vault.pages import site_href
from scripts.site.app_manifest import ICON_SIZES, MANIFEST, icon_name, icon_png, manifest
from scripts.site.page_html import first_sentence, search_friendly
from scripts.vault.dates import Updated, note_dates
from scripts.vault.escaping import escape_html
from scripts.vault.feed import FEED_FILE, RECENT_PAGE, Change, atom_feed, recent, recent_page
from scripts.vault.graph import Neighbour, graph_svg, link_graph, neighbours

# A build report (missing notes, what extensions generate such as the calculators'
# coverage, tag lists, recent changes) is found by search but ranks below the rules: its
# lunr document boost.
REPORT_BOOST = 0.05


@dataclass
class Build:
    dates: dict[str, Updated] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    outgoing: dict[str, set[str]] = field(default_factory=dict)
    incoming: dict[str, set[str]] = field(default_factory=dict)
    reports: set[str] = field(default_factory=set)
    home: str = "index.md"  # the note served at the site's root
    summaries: dict[str, str] = field(default_factory=dict)
    # A keyword page cut out of glossaries -> those notes: it is as new as the newest of them.
    cut_from: dict[str, tuple[str, ...]] = field(default_factory=dict)
    every_title: dict[str, str] = field(default_factory=dict)  # every page, reports included
    generated: dict[str, str] = field(default_factory=dict)  # pages the site writes: their HTML


BUILD = Build()


def add_pages(files: Files, config: MkDocsConfig, notes: dict[str, bytes | str], compiled: Any,
              keyword_folder: str) -> None:
    """on_files, once the vault is compiled: dates, the link graph, which pages are reports,
    and the recent-changes page added to the site."""
    global BUILD
    texts = {path: (text.decode("utf-8", "replace") if isinstance(text, bytes) else text)
             for path, text in notes.items() if path in compiled.pages}
    reports = {path for path in compiled.generated
               if posixpath.basename(posixpath.dirname(path)) != keyword_folder}
    titles = {path: title for path, title in compiled.titles.items() if path not in reports}
    sources = {target: [m.path for m in mentions] for target, mentions in compiled.backlinks.items()}
    outgoing, incoming = link_graph(sources)
    dates = note_dates(texts, Path(config.docs_dir))
    BUILD = Build(dates, titles, outgoing, incoming, reports | {RECENT_PAGE}, home=compiled.home,
                  cut_from=dict(compiled.cut_from), every_title=dict(compiled.titles),
                  generated=compiled.generated)
    if dates and files.get_file_from_path(RECENT_PAGE) is None:
        changes = recent(dates, titles, {})
        files.append(File.generated(config, RECENT_PAGE, content=recent_page(changes, compiled.home)))
        BUILD.titles[RECENT_PAGE] = "Recent changes"
        BUILD.every_title[RECENT_PAGE] = "Recent changes"


def page_content(page_html: str, page: Page, config: MkDocsConfig) -> str:
    """on_page_content: the page's HTML with what the reader gets beside the note."""
    path = page.file.src_uri
    page_html = search_friendly(page_html)
    own = page.meta.get("description")
    sentence = first_sentence(page_html)
    if not own and sentence:
        # The theme writes the description into an attribute as it is: escaped here.
        page.meta["description"] = escape_html(sentence)
    BUILD.summaries[path] = sentence
    if path in BUILD.reports and "search" not in page.meta:
        page.meta["search"] = {"boost": REPORT_BOOST}
    return page_html


def post_page(output: str, page: Page) -> str:
    """on_post_page: the local graph and "Last updated" at the end of the page's article.
    Added here, not in on_page_content, so that the search plugin does not parse them: the
    graph's SVG elements nearly doubled its work per page."""
    path = page.file.src_uri
    extra = "".join(part for part in (local_graph(path), updated_line(path)) if part)
    head, marker, tail = output.rpartition("</article>")
    return f"{head}{extra}{marker}{tail}" if marker and extra else output


def updated_line(path: str) -> str:
    """"Last updated" with the note's date; a keyword page cut out of a glossary takes the
    glossary's date (the newest, when several define it) and names that note, which is
    where its text is kept (and what the recent changes list)."""
    updated, source = BUILD.dates.get(path), ""
    glossaries = [note for note in BUILD.cut_from.get(path, ()) if note in BUILD.dates]
    if updated is None and glossaries:
        newest = max(glossaries, key=lambda note: BUILD.dates[note].when)
        updated = BUILD.dates[newest]
        title = BUILD.titles.get(newest, posixpath.splitext(posixpath.basename(newest))[0])
        source = f' in <a href="{page_link(newest, path)}">{escape_html(title)}</a>'
    if updated is None:
        return ""
    when = updated.when
    recent_url = site_href(RECENT_PAGE, path, home=BUILD.home)
    return (f'<p class="vault-updated">Last updated '
            f'<time datetime="{when.isoformat()}">{when:%Y-%m-%d}</time>{source} · '
            f'<a href="{recent_url}">Recent changes</a></p>')


def crumbs(path: str) -> list[tuple[str, str]]:
    """Where a page outside the navigation sits, for its breadcrumbs below the home page's:
    each folder above it that has a page of its own ("tags/sky/night.md" is under the tag
    "sky", "tags/sky.md", under the tags index, "tags.md"; a missing note is under
    "missing/index.md"), outermost first, as (title, address relative to the page)."""
    trail: list[tuple[str, str]] = []
    folder = posixpath.dirname(path)
    while folder:
        for parent in (f"{folder}.md", f"{folder}/index.md"):
            title = _title(parent) if parent not in (path, BUILD.home) else None
            if title:
                trail.append((title, page_link(parent, path)))
                break
        folder = posixpath.dirname(folder)
    return trail[::-1]


_HEADING = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)
_HEADERLINK = re.compile(r'<a\b[^>]*class="headerlink"[^>]*>.*?</a>', re.DOTALL)


def _title(path: str) -> str | None:
    """A page's title; a page the site writes outside the navigation (a tag's) has none
    of its own, so its first heading's text is taken."""
    if path in BUILD.every_title:
        return BUILD.every_title[path]
    found = _HEADING.search(BUILD.generated.get(path, ""))
    if found is None:
        return None
    return html.unescape(re.sub(r"<[^>]+>", "", _HEADERLINK.sub("", found.group(1)))).strip() or None


def local_graph(path: str) -> str:
    if path not in BUILD.titles:
        return ""
    around, left_out = neighbours(path, BUILD.outgoing, BUILD.incoming, BUILD.titles)
    svg = graph_svg(BUILD.titles[path], around, left_out, lambda other: page_link(other, path))
    if not svg:
        return ""
    return (f'<figure class="vault-graph"><figcaption>Graph of links: '
            f"{escape_html(BUILD.titles[path])}</figcaption>{svg}</figure>")


def page_link(target: str, host: str) -> str:
    """The relative address from the host page's URL to the target page's."""
    return site_href(target, host, home=BUILD.home)


def neighbourhood(path: str) -> list[Neighbour]:
    """The pages drawn around `path` in this build (for tests)."""
    return neighbours(path, BUILD.outgoing, BUILD.incoming, BUILD.titles)[0]


def write_files(config: MkDocsConfig) -> None:
    """on_post_build: the Atom feed of recent changes and the web app manifest with its
    icons, beside the home page."""
    site = Path(config.site_dir)
    (site / MANIFEST).write_text(manifest(config.site_name, config.site_description or ""), encoding="utf-8")
    for size in ICON_SIZES:
        icon = site / icon_name(size)
        icon.parent.mkdir(parents=True, exist_ok=True)
        icon.write_bytes(icon_png(size))
    if BUILD.dates:
        changes: list[Change] = recent(BUILD.dates, BUILD.titles, BUILD.summaries)
        feed = atom_feed(changes, config.site_name, config.site_url or "", datetime.now(timezone.utc))
        (site / FEED_FILE).write_text(feed, encoding="utf-8")

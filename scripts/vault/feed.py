"""Recent changes: a page listing the notes changed last, newest first, and the same as an
Atom feed (RFC 4287).

The feed's links are relative to the feed's own address (feed.xml at the site's root),
which Atom resolves as any XML document does, so the feed stays right wherever the site
is served from. The page is plain HTML in the Markdown page, which any Markdown reads.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from xml.sax.saxutils import escape as xml_escape

from .pages import site_href
from rulesengine.urls import base_for, page_url

from .dates import Updated
from .escaping import escape_html

RECENT_PAGE = "recent-changes.md"
FEED_FILE = "feed.xml"
LIMIT = 50


@dataclass(frozen=True)
class Change:
    path: str
    title: str
    updated: Updated
    summary: str  # plain text


def recent(dates: Mapping[str, Updated], titles: Mapping[str, str], summaries: Mapping[str, str],
           limit: int = LIMIT) -> list[Change]:
    """The `limit` notes changed last, newest first (ties by title)."""
    dated = [Change(path, titles[path], when, summaries.get(path, "")) for path, when in dates.items() if path in titles]
    dated.sort(key=lambda c: (-c.updated.when.timestamp(), c.title.casefold()))
    return dated[:limit]


def recent_page(changes: Sequence[Change], home: str = "index.md") -> str:
    """The recent-changes page's HTML (the compiler's pages are HTML too): a heading, a link
    to the feed and one line per note; `home` is the note served at the site's root."""
    here = base_for(RECENT_PAGE)
    lines = [
        '<h1 id="recent-changes">Recent changes</h1>',
        "",
        f'<p class="vault-feed-link"><a href="{here}{FEED_FILE}" type="application/atom+xml">'
        "Follow these changes in a feed reader (Atom)</a></p>",
        "",
        '<ul class="vault-recent">',
    ]
    for change in changes:
        when = change.updated.when
        lines.append(
            f'<li><a href="{site_href(change.path, RECENT_PAGE, home=home)}">{escape_html(change.title)}</a> '
            f'<time datetime="{when.isoformat()}">{when:%Y-%m-%d}</time></li>'
        )
    lines += ["</ul>", ""]
    return "\n".join(lines)


def atom_feed(changes: Sequence[Change], site_name: str, site_url: str, now: datetime) -> str:
    """The Atom feed's XML. `site_url` (as built) only names the feed (its id)."""
    feed_id = "urn:sha256:" + hashlib.sha256(f"{site_url}|{site_name}".encode()).hexdigest()[:32]
    newest = changes[0].updated.when if changes else now
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"<title>{xml_escape(site_name)}: recent changes</title>",
        f"<id>{feed_id}</id>",
        f"<updated>{newest.isoformat()}</updated>",
        f'<link rel="self" href="{FEED_FILE}"/>',
        '<link rel="alternate" type="text/html" href="./"/>',
        f"<author><name>{xml_escape(site_name)}</name></author>",
    ]
    for change in changes:
        when = change.updated.when.isoformat()
        out += [
            "<entry>",
            f"<title>{xml_escape(change.title)}</title>",
            f'<link rel="alternate" type="text/html" href="{xml_escape(page_url(change.path), {chr(34): "&quot;"})}"/>',
            f"<id>{feed_id}:{xml_escape(page_url(change.path))}:{when}</id>",
            f"<updated>{when}</updated>",
            f"<summary>{xml_escape(change.summary)}</summary>" if change.summary else "",
            "</entry>",
        ]
    out.append("</feed>")
    return "\n".join(line for line in out if line) + "\n"

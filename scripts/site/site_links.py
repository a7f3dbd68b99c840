"""Every relative link and source in a built site, checked against the files it holds.

MkDocs no longer reads the pages' Markdown (the vault compiler hands it HTML), so its own
link check sees nothing; this one reads the site as a browser would. A broken address
that a note writes exactly so (a Markdown link to a file not in the vault) is the vault's
problem, reported and built anyway; any other is a link the site itself broke, which stops
publishing. Written by hand: a link checker over a local folder is a few lines of
html.parser, and the maintained ones (linkchecker and the like) crawl over HTTP.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_ATTRIBUTES = {("a", "href"), ("link", "href"), ("img", "src"), ("script", "src"), ("source", "src"),
               ("audio", "src"), ("video", "src"), ("iframe", "src")}


@dataclass(frozen=True)
class BrokenLink:
    page: str  # the page's path in the site, e.g. "legion/attack/index.html"
    address: str  # as written in the page

    def __str__(self) -> str:
        return f"{self.page}: {self.address} leads nowhere"


class _Addresses(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if (tag, name) in _ATTRIBUTES and value:
                self.found.append(value)


def _local(address: str) -> str | None:
    """The path part of a relative address, or None for a web address, anchor or data."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or address.startswith(("#", "/")) or not parts.path:
        return None
    return unquote(parts.path)


def broken_links(site: Path) -> list[BrokenLink]:
    broken: list[BrokenLink] = []
    for page in sorted(site.rglob("*.html")):
        where = page.relative_to(site).as_posix()
        reader = _Addresses()
        reader.feed(page.read_text(encoding="utf-8", errors="replace"))
        for address in dict.fromkeys(reader.found):
            path = _local(address)
            if path is None:
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(where), path))
            if target.startswith("../"):
                broken.append(BrokenLink(where, address))
                continue
            found = site / target
            if not (found.is_file() or (found / "index.html").is_file()):
                broken.append(BrokenLink(where, address))
    return broken


def written_in_notes(link: BrokenLink, notes: Iterable[str]) -> bool:
    """The address is the note's own: it stands in some note exactly as the page has it."""
    return any(f"]({link.address}" in text or f"](<{link.address}" in text for text in notes)

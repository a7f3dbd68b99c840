"""Every relative link and source in a built site, checked against the files it holds.

MkDocs no longer reads the pages' Markdown (the vault compiler hands it HTML), so its own
link check sees nothing; this one reads the site as a browser would. A broken address
that a note writes exactly so (a Markdown link to a file not in the vault) is the vault's
problem, reported and built anyway; any other is a link the site itself broke, which stops
publishing. Written by hand: a link checker over a local folder is a few lines, and the
maintained ones (linkchecker and the like) crawl over HTTP.

The pages are read by a tag scanner (`addresses`) rather than html.parser, which took 7 ms
for a page with a long navigation (74 s for an 11,000-note vault); the tests check it finds
what html.parser finds. The pages are shared out over a process pool, one per core.
"""

from __future__ import annotations

import html
import os
import posixpath
import re
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

_ATTRIBUTES = {("a", "href"), ("link", "href"), ("img", "src"), ("script", "src"), ("source", "src"),
               ("audio", "src"), ("video", "src"), ("iframe", "src")}
_TAGS = "|".join(sorted({tag for tag, _ in _ATTRIBUTES}))
# What a browser does not read as tags: comments, and the text of script, style, textarea, title.
_SKIPPED = r"<!--.*?-->|<(?P<raw>script|style|textarea|title)\b(?P<rawattrs>(?:[^>\"']|\"[^\"]*\"|'[^']*')*)>.*?</(?P=raw)\s*>"
_TAG = re.compile(_SKIPPED + rf"|<(?P<tag>{_TAGS})(?P<attrs>(?:\s(?:[^>\"']|\"[^\"]*\"|'[^']*')*)?)/?>",
                  re.IGNORECASE | re.DOTALL)
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


@dataclass(frozen=True)
class BrokenLink:
    page: str  # the page's path in the site, e.g. "legion/attack/index.html"
    address: str  # as written in the page

    def __str__(self) -> str:
        return f"{self.page}: {self.address} leads nowhere"


def addresses(page: str) -> list[str]:
    """Every address the page's tags link or load, in page order (a tag's attributes as a
    browser reads them: names without case, values with their character references read)."""
    found: list[str] = []
    for tag in _TAG.finditer(page):
        name = (tag.group("tag") or tag.group("raw") or "").lower()
        attributes = tag.group("attrs") if tag.group("tag") else tag.group("rawattrs")
        if name != "script" and not tag.group("tag"):
            continue
        for attribute in _ATTRIBUTE.finditer(attributes or ""):
            value = next((v for v in attribute.groups()[1:] if v is not None), "")
            if (name, attribute.group(1).lower()) in _ATTRIBUTES and value:
                found.append(html.unescape(value))
    return found


def _local(address: str) -> str | None:
    """The path part of a relative address, or None for a web address, anchor or data."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or address.startswith(("#", "/")) or not parts.path:
        return None
    return unquote(parts.path)


def broken_links(site: Path, workers: int | None = None) -> list[BrokenLink]:
    """Every relative address of every page that names no file of the site, page by page
    (`workers` processes share the pages: one per core by default)."""
    files = frozenset(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    pages = sorted(path for path in files if path.endswith(".html"))
    workers = min(workers or os.cpu_count() or 1, max(1, len(pages) // 200))
    if workers == 1:
        found = [_broken_in(site, page, files) for page in pages]
    else:
        with ProcessPoolExecutor(workers, initializer=_share, initargs=(files,)) as pool:
            found = list(pool.map(_broken_in_shared, [site] * len(pages), pages, chunksize=64))
    return [link for links in found for link in links]


_FILES: frozenset[str] = frozenset()  # the site's files, in a pool's worker (set once there)


def _share(files: frozenset[str]) -> None:
    global _FILES
    _FILES = files


def _broken_in_shared(site: Path, where: str) -> list[BrokenLink]:
    return _broken_in(site, where, _FILES)


def _broken_in(site: Path, where: str, files: frozenset[str]) -> list[BrokenLink]:
    broken: list[BrokenLink] = []
    for address in dict.fromkeys(addresses((site / where).read_text(encoding="utf-8", errors="replace"))):
        path = _local(address)
        if path is None:
            continue
        target = posixpath.normpath(posixpath.join(posixpath.dirname(where), path))
        if target.startswith("../") or target == "..":
            broken.append(BrokenLink(where, address))
        elif target not in files and posixpath.normpath(posixpath.join(target, "index.html")) not in files:
            broken.append(BrokenLink(where, address))
    return broken


def written_in_notes(link: BrokenLink, notes: Iterable[str]) -> bool:
    """The address is the note's own: it stands in some note exactly as the page has it."""
    return any(f"]({link.address}" in text or f"](<{link.address}" in text for text in notes)

"""Obsidian tags: `#tag` and nested `#a/b` in a note's text, and `tags:` in its front matter.

A tag starts after a space (or at the line's start), holds letters, digits, `_`, `-` and
`/`, and at least one character that is not a digit (`#1` is no tag), as in Obsidian.
Tags in code, in links and in headings' `#` marks are not tags. Found by hand: no
markdown-it plugin reads Obsidian's tags.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from rulesengine.urls import slug

TAG = re.compile(r"(?:(?<=\s)|^)#(?P<name>[\w/-]*[^\W\d][\w/-]*)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_MATH = re.compile(r"\$[^$\n]+\$")


def find_tags(lines: list[str], skip: Iterable[int]) -> list[tuple[int, int, int, str]]:
    """(line, start, end, name) of every tag outside code and math."""
    skipped = set(skip)
    found: list[tuple[int, int, int, str]] = []
    for number, line in enumerate(lines):
        if number in skipped or "#" not in line:
            continue
        masked = _MATH.sub(_blank, _CODE_SPAN.sub(_blank, line))
        for match in TAG.finditer(masked):
            name = match.group("name").rstrip("/")
            found.append((number, match.start(), match.start() + 1 + len(name), name))
    return found


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def tag_key(name: str) -> str:
    """Tags match ignoring case: #Garden is #garden."""
    return name.casefold()


def tag_page(name: str, tags_page: str) -> str:
    """The vault path of a tag's own page, beside the tags index: "tags.md" and
    "sky/night" -> "tags/sky/night.md" (URL "tags/sky/night/"). A part the URL rule would
    change ("a_b" and "a-b" both read "a-b", "café" reads "cafe") gets a short hash of
    itself, so two tags never share a page; a part named "index" becomes "index-tag"
    ("tags/index.md" would be the index's own URL)."""
    folder = tags_page[:-3] if tags_page.endswith(".md") else tags_page
    parts = [_part(part) for part in tag_key(name).split("/") if part]
    return "/".join([folder, *parts]) + ".md"


def _part(part: str) -> str:
    if part == "index":
        return "index-tag"
    clean = slug(part)
    return clean if clean == part else f"{clean}-{hashlib.sha256(part.encode()).hexdigest()[:6]}"


def with_parents(name: str) -> list[str]:
    """`a/b/c` is also found under `a` and `a/b`, as Obsidian's tag search finds it."""
    parts = name.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts)) if parts[i]]

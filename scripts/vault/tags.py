"""Obsidian tags (`#tag`, nested `#a/b`, and `tags:` in front matter) once found: how two
names are the same tag, the page each tag gets, and the tags above a nested one. The
parser finds them in a note's text (the tag rule in syntax.py)."""

from __future__ import annotations

import hashlib

from rulesengine.urls import slug


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

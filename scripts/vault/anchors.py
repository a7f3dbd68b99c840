"""Heading anchors exactly as Python-Markdown's toc extension makes them."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

_COUNTED = re.compile(r"^(.*)_([0-9]+)$")


def slugify(value: str, separator: str) -> str:
    """Same result as `markdown.extensions.toc.slugify` (MkDocs' default)."""
    ascii_text = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    ascii_text = re.sub(r"[^\w\s-]", "", ascii_text).strip().lower()
    return re.sub(rf"[{separator}\s]+", separator, ascii_text)


def unique_anchors(
    texts: Iterable[str], slug: Callable[[str, str], str], separator: str = "-"
) -> list[str]:
    """The ids toc gives headings in page order: a repeated id gets `_1`, `_2`, ..."""
    seen: set[str] = set()
    anchors: list[str] = []
    for text in texts:
        anchor = slug(text, separator)
        while anchor in seen or not anchor:
            counted = _COUNTED.match(anchor)
            anchor = f"{counted.group(1)}_{int(counted.group(2)) + 1}" if counted else f"{anchor}_1"
        seen.add(anchor)
        anchors.append(anchor)
    return anchors

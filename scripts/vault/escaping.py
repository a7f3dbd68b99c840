"""Text written into Markdown as text: the characters Markdown would read escaped."""

from __future__ import annotations

import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def escape_text(text: str) -> str:
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    # `[^id]` would be a footnote reference: a block link's text starts with an entity.
    return "&#94;" + escaped[1:] if escaped.startswith("^") else escaped

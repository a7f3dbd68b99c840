"""Text written into Markdown or HTML as text: it shows as written and never becomes markup.

`escape_text` is for the Markdown the site writes itself (tag lists, tag pages, the
calculators' coverage), which the compiler's parser reads: Markdown's own marks get a
backslash (`#` too, or a made heading `# #Your_Truth` would read `#Your` as a tag), `<` and
`&` become entities, which any Markdown reader shows as the characters.
`escape_html` is for HTML that no Markdown reads (navigation titles, attributes).
`markdown_text` reads such Markdown text back as the text it shows (a made page's heading
becomes its navigation and tab title).
"""

from __future__ import annotations

import html
import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]>|#])")
# CommonMark: a backslash before ASCII punctuation, and an entity reference, stand for one character.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])|(&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)")


def escape_text(text: str) -> str:
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", text.replace("&", "&amp;").replace("<", "&lt;"))
    # `[^id]` would be a footnote reference: a block link's text starts with an entity.
    return "&#94;" + escaped[1:] if escaped.startswith("^") else escaped


def escape_html(text: str) -> str:
    return html.escape(text, quote=True)


def markdown_text(markdown: str) -> str:
    """Markdown inline text as it shows: "A \\[B\\] &amp; C" -> "A [B] & C" (backslash
    escapes and entities read, as CommonMark reads them; nothing else)."""
    return _ESCAPED.sub(lambda m: m.group(1) if m.group(1) is not None else html.unescape(m.group(2)), markdown)

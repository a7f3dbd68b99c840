"""Text written into Markdown or HTML as text: it shows as written and never becomes markup.

`escape_text` is for the Markdown the site writes itself (tag lists, tag pages, the
calculators' coverage), which the compiler's parser reads: Markdown's own marks get a
backslash (`#` too, or a made heading `# #Your_Truth` would read `#Your` as a tag), `<` and
`&` become entities, which any Markdown reader shows as the characters.
`escape_html` is for HTML that no Markdown reads (navigation titles, attributes).
"""

from __future__ import annotations

import html
import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]>|#])")


def escape_text(text: str) -> str:
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", text.replace("&", "&amp;").replace("<", "&lt;"))
    # `[^id]` would be a footnote reference: a block link's text starts with an entity.
    return "&#94;" + escaped[1:] if escaped.startswith("^") else escaped


def escape_html(text: str) -> str:
    return html.escape(text, quote=True)

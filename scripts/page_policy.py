"""The Content-Security-Policy every page carries (a second wall if anything from a note
ever slips through the escaping and the sanitiser).

The policy is written in scripts/theme/main.html, in a <meta http-equiv> ahead of every
script. It allows the site's own script files, its workers and WebAssembly, and no inline
script but the theme's own: mkdocs-material writes a few small inline scripts (its storage
helpers, which depend on the page's depth; the colour palette; a tab restorer), so each
page's policy lists the SHA-256 of exactly the inline scripts that page holds, worked out
here after the page is rendered. A script a note managed to put on a page is not among
them, so it does not run.
"""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser

# Written in the template where the hashes go; replaced by them here.
HASHES_SLOT = "'inline-script-hashes'"
# Script element types a browser runs (a JSON block such as the theme's __config is data).
_RUN_TYPES = {"", "text/javascript", "application/javascript", "module"}


class _InlineScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[str] = []
        self._open: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "script":
            return
        named = {name: value or "" for name, value in attrs}
        runs = named.get("type", "").strip().lower() in _RUN_TYPES
        self._open = [] if runs and "src" not in named else None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.found.append("".join(self._open))
        self._open = None


def inline_scripts(page_html: str) -> list[str]:
    """The text of every inline script a browser would run, as written."""
    parser = _InlineScripts()
    parser.feed(page_html)
    parser.close()
    return parser.found


def script_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def with_script_hashes(page_html: str) -> str:
    """The page with its policy's slot filled by the hash of each of its inline scripts."""
    if HASHES_SLOT not in page_html:
        return page_html
    hashes = sorted({script_hash(text) for text in inline_scripts(page_html)})
    return page_html.replace(HASHES_SLOT, " ".join(hashes), 1)


def with_inline_script(page_html: str, script: str) -> str:
    """The page with one more inline script allowed by its policy (`mkdocs serve` adds its
    live-reload script to each page as it sends it, after the build)."""
    directive = "script-src 'self'"
    return page_html.replace(directive, f"{directive} {script_hash(script)}", 1)


def allowing_added_scripts(before: str, after: str) -> str:
    """`after` (the page `before` with scripts added) with each added inline script allowed."""
    known = set(inline_scripts(before))
    for script in inline_scripts(after):
        if script not in known:
            after = with_inline_script(after, script)
    return after

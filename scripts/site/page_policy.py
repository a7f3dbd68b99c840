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
from functools import lru_cache
from html.parser import HTMLParser

# Written in the template where the hashes go; replaced by them here.
HASHES_SLOT = "'inline-script-hashes'"
# Script element types a browser runs (a JSON block such as the theme's __config is data).
_RUN_TYPES = {"", "text/javascript", "application/javascript", "module"}


class _StartTag(HTMLParser):
    """Reads the attributes of one start tag."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs = {name: value or "" for name, value in attrs}


@lru_cache(maxsize=256)  # the theme writes the same few start tags on every page
def _runs(start_tag: str) -> bool:
    parser = _StartTag()
    parser.feed(start_tag)
    parser.close()
    named = parser.attrs
    return named.get("type", "").strip().lower() in _RUN_TYPES and "src" not in named


def inline_scripts(page_html: str) -> list[str]:
    """The text of every inline script a browser would run, as written.

    Only script elements are looked at (each start tag read by HTMLParser), not the whole
    page: this runs on every page of a build, and tokenising each page's navigation cost a
    quarter of a 1,000-note build. A script element ends at the first `</script`, as in
    the HTML tokeniser."""
    lower = page_html.lower()
    found: list[str] = []
    at = 0
    while (start := lower.find("<script", at)) != -1:
        at = start + len("<script")
        if lower[at : at + 1] not in (" ", "\t", "\n", "\r", "\f", "/", ">"):
            continue  # another element whose name starts with "script"
        tag_end = lower.find(">", at)
        close = lower.find("</script", tag_end)
        if tag_end == -1 or close == -1:
            break
        if _runs(page_html[start : tag_end + 1]):
            found.append(page_html[tag_end + 1 : close])
        at = close
    return found


def script_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def with_script_hashes(page_html: str, body: str = "") -> str:
    """The page with its policy's slot filled by the hash of each inline script the theme
    wrote. `body` is the page's content as the note gave it (already sanitised): scripts
    in it are not hashed, so one that slipped through would still be refused."""
    if HASHES_SLOT not in page_html:
        return page_html
    theme_part = page_html.replace(body, "", 1) if body else page_html
    hashes = sorted({script_hash(text) for text in inline_scripts(theme_part)})
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

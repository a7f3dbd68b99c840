"""Touches to a page's finished HTML that no Markdown extension offers.

`markdown="1"` (written by Markdown the site writes itself, such as the calculators'
coverage tables, for Markdown readers that need it) is no HTML attribute: it is dropped here.

A checkbox drawn as pymdownx.tasklist draws it, inside a label that holds no text (the
item's words follow the label), would be announced unnamed by a screen reader: `label_tasks`
gives it its item's words as its accessible name. The compiler's own task lists already
name their checkboxes (scripts/vault/render.py), so this touches only HTML drawn that way.

mkdocs-material's search box is a dialog without a name (axe: aria-dialog-name, serious on
every page): it is named after what it does.
"""

from __future__ import annotations

import html
import re

_TASK = re.compile(
    r'(?P<input><li class="task-list-item">(?:<label class="task-list-control">)?<input type="checkbox"[^>]*?)'
    r'(?P<end>\s*/?>)(?P<between>(?:<span class="task-list-indicator"></span>)?(?:</label>)?)'
    r"(?P<words>.*?)(?=</li>|<ul|<ol|<div|<p)",
    re.DOTALL,
)
_TAG = re.compile(r"<[^>]+>")
_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def finish_page(page_html: str) -> str:
    return label_tasks(page_html.replace(' markdown="1"', ""))


def name_search_dialog(page_html: str) -> str:
    """The whole page as the theme wrote it, its search dialog named "Search"."""
    return page_html.replace(_SEARCH_DIALOG, _SEARCH_DIALOG[:-1] + ' aria-label="Search">', 1)


def label_tasks(page_html: str) -> str:
    if "task-list-item" not in page_html:
        return page_html
    return _TASK.sub(_labelled, page_html)


def _labelled(match: re.Match[str]) -> str:
    words = " ".join(html.unescape(_TAG.sub("", match.group("words"))).split())
    if not words or "aria-label" in match.group("input"):
        return match.group(0)
    name = html.escape(words, quote=True)
    return f'{match.group("input")} aria-label="{name}"{match.group("end")}{match.group("between")}{match.group("words")}'


# An icon between brackets, "hit (<img class="vault-icon" alt="hit">)": the brackets and the
# icon are left out of the search index (the index keeps no images, so its snippet read
# "hit ()"); the page shows them as before.
_ICON_IN_BRACKETS = re.compile(r'\(\s*(<img\b[^>]*\bclass="(?:[^"]*\s)?vault-icon(?:\s[^"]*)?"[^>]*>)\s*\)')
# The first paragraph of a page, when it holds only links (and words in brackets after
# them) between commas: a note's "related" line, which the search snippet would otherwise
# show instead of the definition that follows it.
_FIRST_PARAGRAPH = re.compile(r"<p>(?P<inner>.*?)</p>", re.DOTALL)
_LINK = re.compile(r"<a\b[^>]*>.*?</a>", re.DOTALL)
_BRACKETED = re.compile(r"\([^()]*\)")
_SEPARATORS = re.compile(r"[\s,;·•|/]*")
SEARCH_EXCLUDE = 'data-search-exclude="true"'


def search_friendly(page_html: str) -> str:
    """Icons in brackets and a leading line of links kept out of search's index and snippets."""
    page_html = _ICON_IN_BRACKETS.sub(rf"<span {SEARCH_EXCLUDE}>(\1)</span>", page_html)
    first = _FIRST_PARAGRAPH.search(page_html)
    if first is None or not links_only(first.group("inner")):
        return page_html
    start = first.start()
    return f'{page_html[:start]}<p class="vault-related" {SEARCH_EXCLUDE}>{page_html[start + 3:]}'


def links_only(paragraph: str) -> bool:
    """At least two links and, between them, nothing but separators and bracketed words."""
    links = _LINK.findall(paragraph)
    if len(links) < 2:
        return False
    rest = _TAG.sub("", _LINK.sub(" ", paragraph))
    rest = _BRACKETED.sub(" ", html.unescape(rest))
    return _SEPARATORS.fullmatch(rest) is not None


_RELATED = re.compile(r'<p class="vault-related"[^>]*>.*?</p>', re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")


def first_sentence(page_html: str, limit: int = 200) -> str:
    """The page's first sentence as plain text (for its meta description): from its first
    paragraph that is not a line of links, icons in brackets left out; "" when none."""
    body = _RELATED.sub("", page_html)
    for match in _FIRST_PARAGRAPH.finditer(body):
        inner = re.sub(rf"<span {SEARCH_EXCLUDE}>.*?</span>", "", match.group("inner"), flags=re.DOTALL)
        text = " ".join(html.unescape(_TAG.sub("", inner)).split())
        if not text:
            continue
        # A first sentence too short to say anything ("Deflect (unit keyword).") takes the next.
        sentences = _SENTENCE_END.split(text)
        sentence = sentences[0]
        for following in sentences[1:]:
            if len(sentence) >= 60:
                break
            sentence = f"{sentence} {following}"
        if len(sentence) > limit:
            cut = sentence[:limit].rsplit(" ", 1)[0]
            sentence = cut.rstrip(",;:") + "…"
        return sentence
    return ""

"""Touches to a page's finished HTML that no Markdown extension offers.

md_in_html removes `markdown="1"` only from HTML blocks it sees at the top level; an embed
inside a callout keeps it, and it is no HTML attribute: it is dropped here.

pymdownx.tasklist draws a task's checkbox inside a label that holds no text (the item's
words follow the label), so a screen reader announces an unnamed checkbox: each checkbox
is given its item's words as its accessible name.

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

"""Each keyword's summary written as one line of Markdown for its game's keyword index.

The summary's wikilinks are written as HTML links where the keyword page resolves them,
so the index adds no link to the link index and no line to any "Pages that link here".
"""

from __future__ import annotations

import html
import re

from .extension import PageContext
from .pages import PageSource
from .render import Host, RenderContext, inline_link
from .escaping import escape_text
from .summary import one_line, sentence_end, summary_span

_BARE_PIPE = re.compile(r"(?<!\\)\|")
_TAG = re.compile(r"<[^>]*>")


def keyword_summary(page: PageSource, host: Host, ctx: RenderContext) -> str:
    """The summary of `page` as one line of Markdown that is safe inside a table cell."""
    starts = _line_starts(page.text)
    numbered = [(number, ref, starts[ref.line] + ref.start, starts[ref.line] + ref.end)
                for number, ref in enumerate(page.scan.refs)]
    span = summary_span(page.text, page.scan.code_lines, [(start, end) for _, _, start, end in numbered],
                        bold_head_only=page.generated)
    if span is None:
        return ""
    begin, end = span
    pieces: list[str] = []
    cursor = begin
    for number, ref, start, stop in numbered:
        if start < begin or stop > end:
            continue
        if ref.kind not in ("link", "embed") or ref.target is None:
            continue  # a Markdown link stays as written; an unclosed [[ is text
        written = inline_link(ref.target, ref.kind, page, host, ctx)
        pieces += [_cell_text(page.text[cursor:start]), written]
        cursor = stop
    pieces.append(_cell_text(page.text[cursor:end]))
    return one_line("".join(pieces))


def made_summary(markdown: str) -> str:
    """The summary of a page an extension made (Markdown with HTML inside): the first
    sentence of its text after its title, as plain text escaped for a table cell."""
    body = markdown.lstrip().split("\n", 1)[1] if markdown.lstrip().startswith("# ") else markdown
    text = " ".join(html.unescape(_TAG.sub(" ", body)).split())
    return escape_text(text[:sentence_end(text)].strip())


def index_host(path: str, game: str) -> Host:
    return Host(path, PageContext(path, "Keywords", game, None), 0, ())


def _cell_text(text: str) -> str:
    return _BARE_PIPE.sub(r"\\|", text)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    return starts

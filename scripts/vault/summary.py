"""A keyword's one-line summary for the keyword index: its first prose sentence, as written.

The summary is a span of the keyword page's own source, so the owner's wording is kept
exactly and its wikilinks can be written like any other link on the site. A note's
related-links line (`[[Attack]], [[Dice]], [[Pierce X]] (Weapon Keyword)`) is no prose and
is skipped. A leading bold head (`**Evade X**:` in a glossary, `**Pierce X** (weapon
keyword).` in a keyword note) is kept, followed by the first sentence of what it defines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .glossary import Paragraph, paragraphs

# Words whose full stop does not end a sentence ("e.g. Dodge cancels ...").
# A lone capital ("up to X.") is a word; "p." and "pp." (pages) are not.
_ABBREVIATIONS = frozenset({"e.g", "i.e", "cf", "vs", "etc", "approx", "incl", "fig", "p", "pp", "mr", "mrs", "ms", "dr", "st"})
_ENDS = ".!?…"
_CLOSERS = "\"'”’)]*_"
# What may open the next sentence after a sentence end and a space.
_OPENERS = "\"'“‘([*_!`<"
_HEAD = re.compile(r"\*\*[^*\n]+?\*\*(?:[ \t]*\([^)\n]*\))?[ \t]*[:.]")
_WIKILINK = re.compile(r"!?\[\[[^\]\n]*\]\]")
_PARENTHETICAL = re.compile(r"\([^)]*\)")
_ONLY_SEPARATORS = re.compile(r"[\s,;·•|&–—-]*(?:\band\b[\s,;·•|&–—-]*)*")
_MARKER = re.compile(r"(?:[ \t]*(?:[-*+]|\d+[.)]|>)[ \t]+)+")
_NOT_PROSE = ("#", "|", "<", "---", "***", "___", "```", "~~~")


def is_related_links(paragraph: str) -> bool:
    """A line of only wikilinks, commas and (parentheticals): the note's related pages."""
    if not paragraph.lstrip().startswith("[["):
        return False
    rest = _PARENTHETICAL.sub(" ", _WIKILINK.sub(" ", paragraph))
    return _ONLY_SEPARATORS.fullmatch(rest) is not None


def first_prose(text: str, skip: frozenset[int] = frozenset(), bold_head_only: bool = False) -> Paragraph | None:
    """The first paragraph that is prose: no heading, related-links line, table, rule, HTML
    or lone embed. `bold_head_only` (keyword pages made from glossaries) wants a definition,
    which opens with its bold head, and passes over "The notes define X differently"."""
    for paragraph in paragraphs(text, skip):
        stripped = paragraph.text.lstrip()
        if stripped.startswith(_NOT_PROSE) or is_related_links(stripped):
            continue
        if _WIKILINK.sub("", stripped).strip() == "" or (bold_head_only and not stripped.startswith("**")):
            continue
        return paragraph
    return None


def sentence_end(text: str, start: int = 0, protected: Sequence[tuple[int, int]] = ()) -> int:
    """The offset just after the first sentence of `text[start:]`, closing quotes included.

    A sentence ends at . ! ? or … (outside `protected` spans such as wikilinks and code, and
    outside a double quotation: `means, "Attach this. Play that."` is one sentence), unless
    it is an abbreviation's full stop, when what follows is a space and a capital, a digit
    or an opening mark, or the end of the text. Without one, the whole text."""
    guarded = [*protected, *_code_spans(text, start)]
    found = _first_end(text, start, guarded, mind_quotes=True)
    if found is None:  # a quotation never closed: a sentence end inside it is still one
        found = _first_end(text, start, guarded, mind_quotes=False)
    return len(text.rstrip()) if found is None else found


def _first_end(text: str, start: int, guarded: Sequence[tuple[int, int]], mind_quotes: bool) -> int | None:
    quoted = False
    for index in range(start, len(text)):
        if _inside(index, guarded):
            continue
        quoted = _quote_state(quoted, text[index])
        if text[index] not in _ENDS or _abbreviation(text, index):
            continue
        after, still_quoted = index + 1, quoted
        while after < len(text) and text[after] in _ENDS:
            after += 1
        while after < len(text) and text[after] in _CLOSERS + "”":
            still_quoted = _quote_state(still_quoted, text[after])
            after += 1
        if (not mind_quotes or not still_quoted) and _sentence_follows(text, after):
            return after
    return None


def _quote_state(quoted: bool, char: str) -> bool:
    if char == '"':
        return not quoted
    if char == "“":
        return True
    if char == "”":
        return False
    return quoted


def summary_span(text: str, skip: frozenset[int], protected: Sequence[tuple[int, int]] = (),
                 bold_head_only: bool = False) -> tuple[int, int] | None:
    """[start, end) offsets in `text` of the summary: the first prose paragraph's head, if
    any, and its first sentence. Offsets in `protected` (wikilinks) never end a sentence."""
    paragraph = first_prose(text, skip, bold_head_only)
    if paragraph is None:
        return None
    lines = text.split("\n")
    first = paragraph.line - 1
    last = first + paragraph.text.count("\n")
    begin = sum(len(line) + 1 for line in lines[:first])
    end = sum(len(line) + 1 for line in lines[:last]) + len(lines[last].rstrip())
    marker = _MARKER.match(text, begin)
    begin = marker.end() if marker else begin + len(lines[first]) - len(lines[first].lstrip())
    body = text[:end]
    head = _HEAD.match(body, begin)
    after_head = head.end() if head else begin
    if head and body[after_head:].strip() == "":
        return begin, head.end()
    return begin, sentence_end(body, after_head, protected)


def one_line(markdown: str) -> str:
    """Line breaks (hard ones too) and runs of spaces become one space."""
    return " ".join(markdown.replace("\\\n", "\n").split())


def _inside(index: int, spans: Iterable[tuple[int, int]]) -> bool:
    return any(start <= index < end for start, end in spans)


def _abbreviation(text: str, index: int) -> bool:
    if text[index] != ".":
        return False
    start = index
    while start > 0 and (text[start - 1].isalpha() or text[start - 1] == "."):
        start -= 1
    word = text[start:index]
    return word in _ABBREVIATIONS or (len(word) > 1 and word.lower() in _ABBREVIATIONS)


def _sentence_follows(text: str, after: int) -> bool:
    rest = text[after:]
    if rest.strip() == "":
        return True
    if not rest[0].isspace():
        return False
    following = rest.lstrip()[0]
    return following.isupper() or following.isdigit() or following in _OPENERS


def _code_spans(text: str, start: int) -> list[tuple[int, int]]:
    """Backtick code spans from `start` on: a full stop inside one ends nothing."""
    spans: list[tuple[int, int]] = []
    for match in re.finditer(r"(`+)(?:(?!\1).)+?\1", text[start:], re.DOTALL):
        spans.append((start + match.start(), start + match.end()))
    return spans

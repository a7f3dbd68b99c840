"""Obsidian's `%%comments%%`, inline or over many lines, taken out of a note's text.

No maintained library knows this syntax, so it is done here by hand. Code is left alone:
fenced blocks (also inside quotes and callouts) and inline code spans keep their `%%`.
Every line stays where it was (a comment's lines become empty), so line numbers hold.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^(?:[ \t]*>)*[ \t]{0,3}(`{3,}|~{3,})")
_MARK = "%%"


def strip_comments(text: str) -> str:
    if _MARK not in text:
        return text
    out: list[str] = []
    fence: str | None = None
    in_comment = False
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if not in_comment and fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            out.append(line)
            continue
        if not in_comment and opening:
            fence = opening.group(1)
            out.append(line)
            continue
        kept, in_comment = _strip_line(line, in_comment)
        out.append(kept)
    return "\n".join(out)


def _strip_line(line: str, in_comment: bool) -> tuple[str, bool]:
    """The line without its comment parts, and whether a comment is still open at its end."""
    kept: list[str] = []
    position = 0
    while position < len(line):
        if in_comment:
            close = line.find(_MARK, position)
            if close == -1:
                return "".join(kept).rstrip(), True
            position, in_comment = close + 2, False
            continue
        tick = line.find("`", position)
        mark = line.find(_MARK, position)
        if mark == -1:
            kept.append(line[position:])
            break
        if tick != -1 and tick < mark:
            span_end = _code_span_end(line, tick)
            if span_end != -1:
                kept.append(line[position:span_end])
                position = span_end
                continue
        kept.append(line[position:mark])
        position, in_comment = mark + 2, True
    joined = "".join(kept)
    if joined == line:
        return line, in_comment
    return (joined.rstrip() if joined.strip() else ""), in_comment


def _code_span_end(line: str, tick: int) -> int:
    """Where the code span opened by the backticks at `tick` ends, or -1 if it does not."""
    run = tick
    while run < len(line) and line[run] == "`":
        run += 1
    ticks = line[tick:run]
    close = line.find(ticks, run)
    while close != -1 and close + len(ticks) < len(line) and line[close + len(ticks)] == "`":
        close = line.find(ticks, close + len(ticks) + 1)
    return -1 if close == -1 else close + len(ticks)

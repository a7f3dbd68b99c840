"""Obsidian callouts (`> [!type]± Title` blockquotes) as Python-Markdown admonitions.

The scan finds them in markdown-it's blockquote tokens (so a `>` in code is never one);
here each line of a callout is rewritten: its header becomes `!!! type "Title"` (or
pymdownx.details' `???` closed / `???+` open for foldable ones) and its body loses that
callout's `>` for four spaces, which is how admonitions nest. No library converts one
syntax to the other, so this part is written by hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

HEADER = re.compile(r"^\[!(?P<type>[^\]\s]+)\](?P<fold>[+-]?)(?:[ \t]+(?P<title>.*?))?[ \t]*$")
_MARKER = re.compile(r"[ ]{0,3}>[ ]?")

# Obsidian's callout types and their aliases -> the admonition type mkdocs-material styles.
_TYPES: dict[str, str] = {
    "note": "note",
    "abstract": "abstract", "summary": "abstract", "tldr": "abstract",
    "info": "info",
    "todo": "info",
    "tip": "tip", "hint": "tip", "important": "tip",
    "success": "success", "check": "success", "done": "success",
    "question": "question", "help": "question", "faq": "question",
    "warning": "warning", "caution": "warning", "attention": "warning",
    "failure": "failure", "fail": "failure", "missing": "failure",
    "danger": "danger", "error": "danger",
    "bug": "bug",
    "example": "example",
    "quote": "quote", "cite": "quote",
}


@dataclass(frozen=True)
class Callout:
    kind: str  # as written, lower case: "faq"
    fold: str  # "", "+" (open) or "-" (closed)
    first_line: int  # 0-based, the header line
    end_line: int  # exclusive
    level: int  # blockquote nesting: 1 for a callout not inside another quote


def admonition_classes(kind: str) -> str:
    """`faq` -> "question faq"; an unknown type is shown as a note, keeping its own class."""
    own = re.sub(r"[^a-z0-9_-]", "-", kind.lower()).strip("-") or "note"
    canonical = _TYPES.get(own, "note")
    return canonical if own == canonical else f"{canonical} {own}"


def default_title(kind: str) -> str:
    return kind[:1].upper() + kind[1:].lower()


def rewrite_callout_line(line: str, number: int, callouts: Sequence[Callout]) -> str:
    """One line of the page with every callout around it turned into an admonition."""
    around = {c.level: c for c in callouts if c.first_line <= number < c.end_line}
    if not around:
        return line
    prefix: list[str] = []
    rest = line
    for level in range(1, max(around) + 1):
        marker = _MARKER.match(rest)
        if marker is None:
            return "".join(prefix) + rest  # a lazy line: left as Markdown reads it
        rest = rest[marker.end():]
        callout = around.get(level)
        if callout is None:
            prefix.append("> ")
        elif number == callout.first_line:
            lead = "".join(prefix)
            # An admonition needs a blank line before it, and one after a title-only one.
            return f"{lead.rstrip()}\n{lead}{_header(rest, callout)}\n{lead.rstrip()}"
        else:
            prefix.append("    ")
    # An embed written in a callout spans several lines: every one of them is in the callout.
    lead = "".join(prefix)
    rest = "\n".join(part if i == 0 else (lead + part if part.strip() else lead.rstrip())
                     for i, part in enumerate(rest.split("\n")))
    ending = "\n" if any(c.end_line == number + 1 for c in around.values()) else ""
    written = "\n".join(part if part.strip() else "" for part in (lead + rest).split("\n"))
    return written + ending


def _header(rest: str, callout: Callout) -> str:
    header = HEADER.match(rest.strip())
    title = header.group("title") if header and header.group("title") else default_title(callout.kind)
    opener = {"": "!!!", "-": "???", "+": "???+"}[callout.fold]
    # The title runs to the line's last quote, so quotes inside it need no escaping.
    return f'{opener} {admonition_classes(callout.kind)} "{title}"'

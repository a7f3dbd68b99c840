"""Obsidian callouts (`> [!type]± Title`), drawn with mkdocs-material's admonition styles.

The parser finds them (scripts/vault/obsidian_blocks.py); the renderer draws a callout as
`<div class="admonition type">`, or `<details class="type">` when it folds (`-` closed,
`+` open), with its title first. Each of Obsidian's types and aliases gets the class of the
admonition mkdocs-material styles for it, and keeps its own name as a class too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


def callout_classes(kind: str) -> str:
    """`faq` -> "question faq"; an unknown type is shown as a note, keeping its own class."""
    own = re.sub(r"[^a-z0-9_-]", "-", kind.lower()).strip("-") or "note"
    canonical = _TYPES.get(own, "note")
    return canonical if own == canonical else f"{canonical} {own}"


def default_title(kind: str) -> str:
    return kind[:1].upper() + kind[1:].lower()

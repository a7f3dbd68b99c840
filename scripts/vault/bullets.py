"""The notes' hand-typed bullets as real Markdown lists.

The owner's notes (pasted from a PDF) start items with `•` and sub-items with a tab and
`»`. Python-Markdown would show them as one long paragraph, so each becomes a list item:
`•` and a bare `»` a top-level item, a tab-indented `»` an item nested one level down.
Only lines outside code are ever passed here.
"""

from __future__ import annotations

import re

_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?P<mark>[•»])[ \t]+(?P<rest>.*)$", re.DOTALL)
_NESTED_INDENT = "    "  # Python-Markdown nests a list under an item at four spaces
_ORDERED = re.compile(r"^\d+[.)][ \t]")
# Python-Markdown joins a numbered list to a bullet list just above it; a comment between
# them ends the bullet list without showing anything.
_LIST_BREAK = "<!-- -->"


def rewrite_bullet(line: str) -> tuple[str, bool]:
    """The line as Markdown, and whether it opens a top-level list item."""
    item = _ITEM.match(line)
    if item is None:
        return ("" if not line.strip() else line), False
    nested = bool(item.group("indent")) and item.group("mark") == "»"
    if nested:
        return f"{_NESTED_INDENT}- {item.group('rest')}", False
    return f"- {item.group('rest')}", True


def rewrite_bullets(lines: list[str], code_lines: frozenset[int] | set[int], first: int = 0) -> list[str]:
    """Rewrite every bullet line; a new list after a paragraph needs a blank line first."""
    out: list[str] = []
    in_bullets = False
    for number, line in enumerate(lines, start=first):
        if number in code_lines:
            out.append(line)
            continue
        rewritten, opens_item = rewrite_bullet(line)
        if opens_item:
            in_bullets = True
        elif in_bullets and _ORDERED.match(line):
            out += ["", _LIST_BREAK, ""]
            in_bullets = False
        if opens_item and out and out[-1].strip() and not out[-1].startswith(("- ", _NESTED_INDENT + "- ")):
            out.append("")
        out.append(rewritten)
    return out

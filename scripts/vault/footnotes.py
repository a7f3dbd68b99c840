"""Footnotes: Python-Markdown's footnotes extension draws `[^1]` and `[^1]: text`; Obsidian's
inline footnotes `^[text]` (which no Python-Markdown extension reads) become numbered ones
here, their texts put at the end of the page. The footnotes are listed before the page's
backlinks (the extension's place marker), not after them."""

from __future__ import annotations

import re

FOOTNOTES_HERE = "///Footnotes Go Here///"
_DEFINITION = re.compile(r"^\[\^[^\]\n]+\]:", re.MULTILINE)
_FENCE = re.compile(r"^[ \t>]*(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def has_footnotes(markdown: str) -> bool:
    return bool(_DEFINITION.search(markdown))


def inline_footnotes(markdown: str) -> str:
    if "^[" not in markdown:
        return markdown
    lines = markdown.split("\n")
    texts: list[str] = []
    fence: str | None = None
    for number, line in enumerate(lines):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        if "^[" in line:
            lines[number] = _replace_inline(line, texts)
    if not texts:
        return markdown
    notes = [f"[^inline-{index}]: {text}" for index, text in enumerate(texts, start=1)]
    return "\n".join(lines).rstrip() + "\n\n" + "\n".join(notes)


def _replace_inline(line: str, texts: list[str]) -> str:
    masked = _CODE_SPAN.sub(lambda span: " " * len(span.group(0)), line)
    out: list[str] = []
    position = 0
    start = masked.find("^[")
    while start != -1:
        end = _closing(masked, start + 1)
        if end == -1:
            break
        texts.append(line[start + 2 : end].strip())
        out.append(line[position:start] + f"[^inline-{len(texts)}]")
        position = end + 1
        start = masked.find("^[", position)
    return "".join(out) + line[position:]


def _closing(text: str, opening: int) -> int:
    """The `]` that closes the `[` at `opening`, brackets inside counted; -1 if none."""
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "[":
            depth += 1
        elif text[index] == "]":
            depth -= 1
            if depth == 0:
                return index
    return -1

"""An ```` ```ad-TYPE ```` block read as the Admonition plugin reads it: option lines at the
top (`title:`, `collapse:`, `icon:`, `color:`, `metadata:`, in any order, each once), then
the body, the note's own Markdown.

As the plugin documents: a blank `title:` shows no title; `collapse: open`/`closed` folds
(any other value but `none` is closed); a blank title cannot fold, so a folding block keeps
its type as title; `color:` is an RGB triple ("68, 138, 255").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

_OPTION = re.compile(r"^(title|collapse|icon|color|metadata):(.*)$")
_TRIPLE = re.compile(r"^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_WIKILINK = re.compile(r"(?P<bang>!?)\[\[(?P<inner>[^\[\]\n]+)\]\]")

Fold = Literal["open", "closed"] | None


@dataclass(frozen=True)
class Admonition:
    kind: str  # the type after `ad-`, as written: "embed-ability"
    title: str  # Markdown; "" for no title
    fold: Fold
    icon: str  # as written (an icon pack's name); not drawn here
    color: tuple[int, int, int] | None
    body: str
    body_line: int  # the body's first line within the block's content (0-based)
    problems: tuple[tuple[int, str], ...] = ()  # (line within the content, message)


def default_title(kind: str) -> str:
    """The plugin's own: the type with its first letter in upper case and the rest lower."""
    return kind[:1].upper() + kind[1:].lower()


def read_admonition(kind: str, source: str) -> Admonition:
    lines = source.split("\n")
    options: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(lines):
        found = _OPTION.match(line)
        if found is None or found.group(1) in options:
            break
        options[found.group(1)] = (number, found.group(2).strip())
    problems: list[tuple[int, str]] = []
    title = options["title"][1] if "title" in options else default_title(kind)
    collapse = options.get("collapse", (0, "none"))[1].lower()
    fold: Fold = None if collapse in ("none", "") else "open" if collapse == "open" else "closed"
    if fold is not None and not title.strip():
        title = default_title(kind)  # the plugin: a block that folds keeps a title to click
        problems.append((options["title"][0], f"ad-{kind}: a folding admonition needs a title; its type is used"))
    color: tuple[int, int, int] | None = None
    if "color" in options and options["color"][1]:
        triple = _TRIPLE.match(options["color"][1])
        values = tuple(int(part) for part in triple.groups()) if triple else ()
        if len(values) == 3 and all(value <= 255 for value in values):
            color = (values[0], values[1], values[2])
        else:
            problems.append((options["color"][0], f"ad-{kind}: color {options['color'][1]!r} is not an RGB triple "
                                                  "(three numbers 0-255, as \"68, 138, 255\"); left out"))
    skipped = len(options)
    return Admonition(kind, title.strip(), fold, options.get("icon", (0, ""))[1], color,
                      "\n".join(lines[skipped:]), skipped, tuple(problems))


def markdown_links(text: str) -> Iterator[tuple[bool, str, int, int, int]]:
    """Each `[[link]]` of Markdown text (embed?, inner, line, start, end), as Obsidian counts
    them: not in code, but in a nested ```` ```ad- ```` block, whose text is Markdown too."""
    open_ad: list[str] = []  # the fences of the nested admonitions we are in
    code: str | None = None  # the fence of a code block we are in
    for number, line in enumerate(text.split("\n")):
        fence = _FENCE.match(line)
        closing = fence is not None and not fence.group(2).strip()
        if code is not None:
            if closing and _closes(fence.group(1) if fence else "", code):
                code = None
            continue
        if fence is not None and closing and open_ad and _closes(fence.group(1), open_ad[-1]):
            open_ad.pop()
            continue
        if fence is not None and (fence.group(1)[0] == "~" or "`" not in fence.group(2)):
            if fence.group(2).strip().lower().startswith("ad-"):
                open_ad.append(fence.group(1))
            else:
                code = fence.group(1)
            continue
        masked = _CODE_SPAN.sub(lambda span: " " * len(span.group(0)), line)
        for link in _WIKILINK.finditer(masked):
            yield bool(link.group("bang")), link.group("inner"), number, link.start(), link.end()


def _closes(marks: str, opened: str) -> bool:
    return marks[0] == opened[0] and len(marks) >= len(opened)

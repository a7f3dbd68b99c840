"""A generated Obsidian vault that uses every piece of syntax the site supports, at any
size: for scripts/bench/syntax.py and for tests that need many notes.

Each note links to others by name, by folder, by alias, to headings and blocks; embeds a
block, a section and an image; holds callouts (foldable and nested), comments, footnotes,
a task list, math, a mermaid diagram, tags, Markdown links, front matter. Every tenth
note is left unpublished. Names are chosen so that no link is ambiguous or missing.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

FOLDERS = ("Alpha", "Beta", "Gamma", "Delta")


def note_name(number: int) -> str:
    return f"Note {number:04d}"


def folder_of(number: int) -> str:
    return FOLDERS[number % len(FOLDERS)]


def note_text(number: int, count: int) -> str:
    other, second = (number + 1) % count, (number + 7) % count
    while second % 10 == 9 or other % 10 == 9:  # no link into an unpublished note
        other, second = (other + 1) % count, (second + 3) % count
    publish = "false" if number % 10 == 9 else "true"
    return f"""---
title: Topic {number}
aliases: [Topic alias {number}]
tags: [generated, {folder_of(number).lower()}]
description: A generated note, number {number}.
publish: {publish}
---
Opening words of note {number}, linking to [[{note_name(other)}]] and
[[{folder_of(second)}/{note_name(second)}|a folder link]]. %%a comment%%

> [!tip]- Folded tip {number}
> Hidden until opened, see [[{note_name(other)}#Details]].
> > [!note] Nested
> > Inner words.

> [!warning] Second callout
> Stays apart from the first.

## Details

A paragraph others embed. ^para-{number}

- first item ^item-{number}
- [ ] a task
- [x] a done task

Math $a_{number} + b^2$ and ~~struck~~ text with a footnote[^f] and ^[an inline one].

$$
\\sum_{{i=1}}^{{{number}}} i
$$

```mermaid
graph LR
  A{number} --> B{number}
```

## Embeds

![[{note_name(other)}#^para-{other}]]

![[{note_name(second)}#Details]]

![[picture.png]] ![[icon.png]] ![[picture.png|200]]

By alias: [[Topic alias {other}]]; a Markdown link: [next](<{note_name(other)}.md#Details>).
#generated/deep #topic-{number % 17}

[^f]: The footnote of note {number}.
"""


def _png(width: int, height: int) -> bytes:
    raw = b"".join(b"\x00" + b"\x40\x80\xc0" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def generate(docs: Path, count: int) -> None:
    """Write `count` notes, a home page and two images into `docs`."""
    for number in range(count):
        path = docs / folder_of(number) / f"{note_name(number)}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(note_text(number, count), encoding="utf-8")
    (docs / "index.md").write_text("# Generated vault\n\nStart at [[Note 0000]].\n", encoding="utf-8")
    (docs / "Files").mkdir(exist_ok=True)
    (docs / "Files" / "picture.png").write_bytes(_png(800, 450))
    (docs / "Files" / "icon.png").write_bytes(_png(32, 32))

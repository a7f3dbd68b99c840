"""Reading notes: bytes to text, a note's title and game."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from .comments import strip_comments
from .problems import Problem
from .properties import Properties, split_properties


@dataclass(frozen=True)
class Note:
    path: str  # vault-relative, "/"-separated, e.g. "legion/keywords/Guardian X.md"
    title: str  # Obsidian's title is the file name: "Guardian X"
    game: str | None  # first folder, e.g. "legion"
    text: str  # without its front matter (left as empty lines) and its %%comments%%
    properties: Properties = field(default_factory=Properties)
    problems: tuple[Problem, ...] = ()  # found while reading: front matter that is not YAML


def game_of(path: str) -> str | None:
    folder, slash, _ = path.partition("/")
    return folder if slash else None


def title_of(path: str) -> str:
    return posixpath.splitext(posixpath.basename(path))[0]


def read_note(path: str, content: bytes | str) -> Note:
    """Decode one note. A note that is not UTF-8 is read as Obsidian reads it, each byte
    that cannot be read shown as U+FFFD, with a warning at the line of the first one."""
    decoding: tuple[Problem, ...] = ()
    if isinstance(content, bytes):
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError as bad:
            line = content[: bad.start].count(b"\n") + 1
            byte = content[bad.start]
            text = content.decode("utf-8-sig", errors="replace")
            decoding = (Problem(path, line, "warning", f"the note is not UTF-8 (byte 0x{byte:02x}): the page shows "
                                "\ufffd for each byte that cannot be read; save the note as UTF-8"),)
    else:
        text = content.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    split = split_properties(text)
    problems = decoding + (() if split.problem is None else (Problem(path, 1, "warning", split.problem),))
    return Note(path, title_of(path), game_of(path), strip_comments(split.text), split.properties, problems)

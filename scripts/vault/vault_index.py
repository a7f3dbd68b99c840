"""The vault's index as plugins query it: each published note's file facts, properties,
tags and resolved links, built once per compile after every link is resolved.

It holds what Obsidian's own metadata cache holds for a note (and Dataview's and Bases'
`file.*` fields read): name, path, folder, size, times, front matter, tags, aliases,
outgoing and incoming links. What only one plugin reads (Dataview's inline fields, tasks
and list items) that plugin reads from the note's tokens, in its own room.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from markdown_it.token import Token


@dataclass(frozen=True)
class FileFacts:
    """What the file system says of a note (the adapter reads them; a test may make them up)."""

    size: int  # bytes
    ctime: datetime | None = None  # aware; None where the file system does not say
    mtime: datetime | None = None


@dataclass(frozen=True)
class NoteRecord:
    path: str  # vault-relative: "Campaign/People/Ana.md"
    name: str  # the title Obsidian shows: the file name without ".md"
    front_matter: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)
    tags: tuple[str, ...] = ()  # without "#", as written, front matter's first, each once
    aliases: tuple[str, ...] = ()
    outlinks: tuple[str, ...] = ()  # paths of the notes and files it links to, in order, each once
    inlinks: tuple[str, ...] = ()  # paths of the notes that link to it, sorted
    facts: FileFacts = FileFacts(0)
    text: str = field(default="", compare=False, repr=False)  # the note without its front matter
    tokens: tuple[Token, ...] = field(default=(), compare=False, repr=False)

    @property
    def folder(self) -> str:
        """"" at the vault's root, else "Campaign/People"."""
        return posixpath.dirname(self.path)

    @property
    def extension(self) -> str:
        return posixpath.splitext(self.path)[1].lstrip(".")


def _tag_and_parents(tag: str) -> Iterator[str]:
    """`a/b/c` -> `a/b/c`, `a/b`, `a`: a note tagged `#a/b` is found by `#a` too."""
    parts = tag.split("/")
    for end in range(len(parts), 0, -1):
        yield "/".join(parts[:end])


@dataclass(frozen=True)
class VaultIndex:
    notes: Mapping[str, NoteRecord]  # path -> record, in vault order
    _by_tag: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_tag: dict[str, list[str]] = {}
        for path, record in self.notes.items():
            for tag in {parent.casefold() for own in record.tags for parent in _tag_and_parents(own)}:
                by_tag.setdefault(tag, []).append(path)
        object.__setattr__(self, "_by_tag", {tag: tuple(paths) for tag, paths in by_tag.items()})

    def get(self, path: str) -> NoteRecord | None:
        return self.notes.get(path)

    def tagged(self, tag: str) -> tuple[str, ...]:
        """The notes with this tag or a tag below it (`#a` finds `#a/b`), ignoring case as
        Obsidian does; `tag` with or without its "#"."""
        return self._by_tag.get(tag.lstrip("#").casefold(), ())

    def in_folder(self, folder: str) -> tuple[str, ...]:
        """The notes in this folder or below it ("" or "/" is the whole vault)."""
        folder = folder.strip("/")
        if not folder:
            return tuple(self.notes)
        prefix = folder + "/"
        return tuple(path for path in self.notes if path.startswith(prefix))

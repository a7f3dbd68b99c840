"""What a plugin is handed: the block as written, the vault to evaluate it against, and the
page's means of writing HTML. Plain values and protocols, so a plugin imports nothing else
of the compiler and a test can hand it a small vault of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from markdown_it.token import Token

from ..resolution import Resolution
from ..vault_index import NoteRecord, VaultIndex

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Written:
    """One block or span as the note writes it."""

    kind: Literal["fence", "code"]
    info: str  # a fence's info string ("ad-note", "dataview"); "" for a code span
    source: str  # a fence's content, or the code span's text
    line: int  # 1-based line of the fence's opening (or of the span's paragraph) in its note
    in_table: bool = False  # a code span inside a table cell (where a plugin may draw less)


@dataclass(frozen=True)
class WrittenLink:
    """A `[[link]]` (or `![[embed]]`) written in a block's text: `line` counts from the
    block's first line of content (0-based), columns within that line."""

    embed: bool
    inner: str  # between the brackets: "Note#Heading|label"
    line: int
    start: int
    end: int


@dataclass(frozen=True)
class BlockSpan:
    """Where a `^block-id` names a block in its note: lines [first_line, end_line), 0-based."""

    first_line: int
    end_line: int
    heading: str | None  # the nearest heading above it


class Here(Protocol):
    """The vault a block is evaluated against, seen from the note that holds it."""

    @property
    def vault(self) -> VaultIndex: ...

    @property
    def page(self) -> NoteRecord:
        """The note being written (Dataview's and Bases' `this`); for a note embedded in
        another, the embedded note itself."""
        ...

    @property
    def written(self) -> Written: ...

    def resolve(self, target: str, kind: Literal["link", "embed"] = "link") -> Resolution:
        """A link's target (`Note`, `Note#Heading`, `Note#^block`, `folder/Note.md`) resolved as
        Obsidian resolves it from this note."""
        ...

    def block(self, path: str, block_id: str) -> BlockSpan | None:
        """The block a `^block-id` names in that note (ids match ignoring case, as in Obsidian)."""
        ...

    def tokens_of(self, path: str, first_line: int, end_line: int) -> list[Token]:
        """The parsed blocks of another note written on lines [first_line, end_line) (0-based)."""
        ...

    def image_size(self, path: str) -> tuple[int, int] | None:
        """An image file's size in pixels (width, height), where the build read it."""
        ...


class Out(Protocol):
    """The page's means of writing a block's HTML."""

    def markdown(self, text: str, inline: bool = False, line_offset: int = 1) -> str:
        """Text rendered as this vault's Markdown for this page (links resolved, sanitised);
        its first line is the block's line_offset (as `problem` counts), so what it holds
        reports its problems at their own lines in the note."""
        ...

    def inline_tokens(self, children: list[Token]) -> str:
        """Already parsed inline tokens (a table cell's) rendered for this page."""
        ...

    def link(self, target: str, label: str | None = None, kind: Literal["link", "embed"] = "link") -> str:
        """A wikilink's HTML (`target` as between `[[` and `]]`, without the label)."""
        ...

    def problem(self, line_offset: int, severity: Severity, message: str) -> None:
        """Reports a problem `line_offset` lines below the block's first line. Only the page
        that holds the block reports it (not every page that embeds that page)."""
        ...


Markdown = Callable[[str, bool], str]

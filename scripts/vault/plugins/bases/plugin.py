"""The Bases room: a ```` ```base ```` block (or a `.base` file, shown on its own page or
embedded with `![[Books.base]]` / `![[Books.base#View]]`) read, worked out against the
vault's notes with `this` the page it is shown on, and drawn.

An embed reaches this room as a block whose info string is `base#View` (the view named
after `#`, or `base` alone): a fence written in a note cannot carry that info string,
since a fence's language ends at its first space.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ...vault_index import NoteRecord
from ..context import Here, Out, Written, WrittenLink
from .base_file import BaseFile, read_base
from .files import Files
from .html import base_html
from .query import ViewResult, run

BASE_PAGE_SUFFIX = ".base.md"  # the page a `.base` file gets (scripts/vault/base_site.py)


@dataclass(frozen=True)
class ParsedBase:
    base: BaseFile
    source: str
    embed: str | None  # None for a block written in the note; else the view asked for ("" for the first)
    line: int


@dataclass(frozen=True)
class EvaluatedBase:
    parsed: ParsedBase
    results: tuple[ViewResult, ...]
    problems: tuple[tuple[int, str], ...]  # (line within the base, message)
    this: str


def evaluate_base(parsed: ParsedBase, files: Files, this: str) -> EvaluatedBase:
    """The base's views for the page `this` (a note's path, or the base file's own)."""
    problems = list(parsed.base.problems)
    views = parsed.base.views
    if parsed.embed:
        chosen = [view for view in views if view.name == parsed.embed]
        if not chosen:
            problems.append((0, f"no view named {parsed.embed!r}: the first view is shown"))
        views = tuple(chosen[:1]) or views[:1]
    elif parsed.embed is not None:
        views = views[:1]  # an embed shows the first view, as Obsidian does
    try:
        results, found = run(replace(parsed.base, views=views), files, this)
    except Exception as error:  # a shape not foreseen: a message in place, never a stopped build
        results, found = [], {1: f"the base cannot be worked out ({type(error).__name__})"}
    problems.extend(found.items())
    return EvaluatedBase(parsed, tuple(results), tuple(dict.fromkeys(problems)), this)


def this_of(page: NoteRecord) -> tuple[str, dict[str, NoteRecord]]:
    """The file `this` means on a page: the note, or on a `.base` file's page the base."""
    if page.path.endswith(BASE_PAGE_SUFFIX):
        path = page.path.removesuffix(".md")
        return path, {path: NoteRecord(path, path.rsplit("/", 1)[-1].removesuffix(".base"))}
    return page.path, {page.path: page}


class ObsidianBases:
    markdown_inside = False
    names_headings = False
    name = "Bases"

    def claims_fence(self, language: str) -> bool:
        return language == "base"

    def claims_code(self, code: str) -> bool:
        return False

    def parse(self, written: Written) -> ParsedBase:
        kind, hash_, view = written.info.partition("#")
        embed = view.strip() if hash_ and kind == "base" else None
        return ParsedBase(read_base(written.source), written.source, embed, written.line)

    def evaluate(self, parsed: object, here: Here) -> EvaluatedBase:
        assert isinstance(parsed, ParsedBase)
        this, extra = this_of(here.page)
        return evaluate_base(parsed, Files(here.vault, {key: value for key, value in extra.items()
                                                        if here.vault.get(key) is None}), this)

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, EvaluatedBase)
        parsed = evaluated.parsed
        for line, message in evaluated.problems:
            # An embedded base's own problems are reported on its page; the embed's (line 0) here.
            if parsed.embed is None or line == 0:
                out.problem(line, "warning", f"base: {message}")
        if parsed.embed is None:
            for line, message in parsed.base.notices:
                out.problem(line, "info", f"base: {message}")
        shown = [f"line {line}: {message}" if parsed.embed is None else message
                 for line, message in evaluated.problems]
        key = f"{evaluated.this}:{parsed.line}:{parsed.embed}:{parsed.source}"
        try:
            return base_html(evaluated.results, shown, key, out)
        except Exception as error:  # a value not foreseen: a message in place, never a stopped build
            out.problem(0, "warning", f"base: cannot be drawn ({type(error).__name__})")
            return base_html((), [*shown, f"cannot be drawn ({type(error).__name__})"], key, out)

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())

    def result_links(self, evaluated: object) -> Iterator[str]:
        """The notes the base's views list: they count as the page's links (backlinks, graph)."""
        assert isinstance(evaluated, EvaluatedBase)
        seen: set[str] = set()
        for result in evaluated.results:
            for group in result.groups:
                for row in group.rows:
                    if row.path not in seen:
                        seen.add(row.path)
                        yield row.path

"""Bases in the site (issue 43): each `.base` file gets a page (`Books.base` ->
`Books.base.md`, titled "Books", in the navigation where its folder is), drawn by the Bases
room (scripts/vault/plugins/bases/) from a ```` ```base ```` block the page is written as,
with `this` the base file itself; `![[Books.base]]` draws it inside a note (render.py),
`[[Books.base]]` links to its page. A base's problems are reported at its own lines."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

from .escaping import escape_text
from .plugins.bases.files import Files
from .plugins.bases.plugin import ParsedBase, evaluate_base, this_of
from .plugins.bases.base_file import read_base
from .problems import Problem
from .vault_index import NoteRecord, VaultIndex


def base_page_path(path: str) -> str:
    return f"{path}.md"


def base_title(path: str) -> str:
    return posixpath.basename(path).removesuffix(".base")


def read_bases(files: Mapping[str, bytes | str]) -> dict[str, str]:
    return {path: (content.decode("utf-8", "replace") if isinstance(content, bytes) else content)
            for path, content in sorted(files.items())}


def base_page(path: str, source: str) -> str:
    """The page's Markdown: its title, then the base as a block (a fence longer than any
    run of backticks in it)."""
    longest = max((len(run) for run in re.findall(r"`+", source)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"# {escape_text(base_title(path))}\n\n{fence}base\n{source.rstrip()}\n{fence}\n"


def base_problems(bases: Mapping[str, str], vault: VaultIndex) -> list[Problem]:
    """Each base's problems as its own page meets them, at the base's lines."""
    problems: list[Problem] = []
    for path, source in bases.items():
        this, extra = this_of(NoteRecord(base_page_path(path), base_title(path)))
        base = read_base(source)
        evaluated = evaluate_base(ParsedBase(base, source, None, 0), Files(vault, extra), this)
        problems.extend(Problem(path, line, "warning", f"base: {message}") for line, message in evaluated.problems)
        problems.extend(Problem(path, line, "info", f"base: {message}") for line, message in base.notices)
    return problems

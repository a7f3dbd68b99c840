"""The extension point: how another part of the site adds to pages without knowing MkDocs.

The calculator engineer implements `VaultExtension`; the compiler calls it. Extensions are
listed in mkdocs.yml as `extra: vault: extensions: ["pkg.module:Factory"]`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class SourceLocation:
    path: str  # vault-relative path
    line: int  # 1-based line


@dataclass(frozen=True)
class PageContext:
    src_path: str  # e.g. "swtcg/keywords/evade.md" or "legion/keywords/Guardian X.md"
    title: str  # note title / keyword name, e.g. "Evade", "Guardian X"
    game: str | None  # "legion" | "swtcg" | None (first folder)
    keyword: str | None  # canonical keyword name if this is a keyword page, else None


class ExtensionProblem(Exception):
    """Raised by an extension for a failing or invalid block: a build error at path:line."""


class VaultExtension(Protocol):
    fence_names: tuple[str, ...]  # e.g. ("calculator",)

    def render_fence(
        self, info: str, source: str, where: SourceLocation, page: PageContext
    ) -> str:
        """HTML that replaces the fenced block; raises ExtensionProblem(message)."""
        ...

    def page_addition(self, page: PageContext) -> str:
        """HTML appended to the page body, before the backlinks ('' for none)."""
        ...

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        """Extra generated pages (src_path -> markdown), e.g. "coverage.md"."""
        ...

"""The vault compiler: Obsidian notes to finished HTML pages, a navigation and problems, for any site shell.

    compiled = compile_vault(notes, VaultConfig(glossaries=(...)), extensions, assets)
    compiled.pages        real notes: src path -> front matter + finished HTML
    compiled.generated    keyword pages, keyword indexes, missing-note pages, extension pages
    compiled.problems     Problem(path, line, severity, message): error | warning | info
    compiled.nav          the navigation by game

The site adapter (scripts/site/shell/, its hook.py above all) is the only code that knows MkDocs.
"""

from __future__ import annotations

from .compiler import CompiledVault, compile_vault
from .config import VaultConfig
from .extension import ExtensionProblem, PageContext, SourceLocation, VaultExtension
from .problems import Problem

__all__ = [
    "CompiledVault",
    "ExtensionProblem",
    "PageContext",
    "Problem",
    "SourceLocation",
    "VaultConfig",
    "VaultExtension",
    "compile_vault",
]

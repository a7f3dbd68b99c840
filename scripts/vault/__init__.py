"""The vault compiler: Obsidian notes to standard Markdown for MkDocs (or anything else)."""

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

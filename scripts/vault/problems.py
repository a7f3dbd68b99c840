"""A problem found in the vault: always a note path and a line, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Problem:
    """One message about one place in the vault.

    `error` aborts the build, `warning` fails `mkdocs build --strict`, `info` is only
    printed (the owner's vault links to many notes that do not exist yet).
    """

    path: str
    line: int
    severity: Severity
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"

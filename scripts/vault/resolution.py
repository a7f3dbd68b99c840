"""Where a link goes, once resolved (resolve.py): a value of its own, so the plugins'
context can name it without importing the resolver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ResolutionKind = Literal["page", "image", "asset", "missing", "broken", "unpublished"]


@dataclass(frozen=True)
class Resolution:
    kind: ResolutionKind
    path: str | None  # page or asset path; for "missing", the link key of the missing note
    anchor: str | None

"""Which pages a rebuild must write again, from two compilations of the vault.

A page is its Markdown plus the navigation every page carries. When the navigation is
the same, only pages whose Markdown changed are written again: the edited notes, the
pages whose backlinks, embeds, keyword lists or link titles moved with them. When the
navigation changed (a note added, removed, renamed or retitled) every page is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Snapshot:
    pages: Mapping[str, str]  # every page's source path -> its Markdown
    layout: str  # a fingerprint of what every page carries: navigation, settings


@dataclass(frozen=True)
class Changes:
    rewrite: frozenset[str] | None  # pages to write again; None: every page
    removed: frozenset[str]  # pages of the previous build that are gone

    def writes(self, path: str) -> bool:
        return self.rewrite is None or path in self.rewrite


def fingerprint(*parts: Any) -> str:
    """A short digest of JSON-able values (the navigation, settings, file dates)."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def changes(before: Snapshot | None, after: Snapshot) -> Changes:
    removed = frozenset(before.pages) - frozenset(after.pages) if before else frozenset()
    if before is None or before.layout != after.layout:
        return Changes(None, removed)
    return Changes(frozenset(p for p, text in after.pages.items() if before.pages.get(p) != text), removed)

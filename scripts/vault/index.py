"""Resolving link targets the way Obsidian does.

A link names a note by its title or by the end of its path ("Guardian X",
"keywords/Guardian X", "legion/keywords/guardian x.md"): case-insensitive, folders
optional. Keyword pages cut out of glossaries answer to their name and to the head the
glossary wrote ("Evade", "Evade X"). Images answer to their file name, anywhere.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal


TargetKind = Literal["note", "keyword", "asset", "unpublished"]


@dataclass(frozen=True)
class Target:
    kind: TargetKind
    path: str  # the page's src path (or the asset's path) in the vault
    title: str
    keys: tuple[str, ...]  # lower-case path-like names this target answers to
    aliases: tuple[str, ...] = ()  # lower-case `aliases` from front matter: tried after every name


@dataclass(frozen=True)
class Found:
    target: Target | None
    candidates: tuple[Target, ...]  # more than one when other notes answer to the name too
    tied: tuple[Target, ...] = ()  # the best candidates, when Obsidian's order cannot tell them apart


def link_key(name: str) -> str:
    """Normalise a written link target for comparison."""
    key = name.strip().replace("\\", "/").lstrip("/").lower()
    return key.removesuffix(".md")


def note_target(path: str, title: str, aliases: Iterable[str] = (), published: bool = True) -> Target:
    kind: TargetKind = "note" if published else "unpublished"
    return Target(kind, path, title, (link_key(path),), tuple(link_key(alias) for alias in aliases))


def keyword_target(path: str, keyword: str, heads: Iterable[str]) -> Target:
    folder = posixpath.dirname(path)
    names = {keyword, posixpath.splitext(posixpath.basename(path))[0], *heads}
    keys = tuple(sorted(link_key(f"{folder}/{name}") for name in names if "/" not in name))
    return Target("keyword", path, keyword, keys)


def asset_target(path: str) -> Target:
    return Target("asset", path, posixpath.basename(path), (path.lower(),))


def _by_suffix(targets: tuple[Target, ...]) -> dict[str, tuple[Target, ...]]:
    """Every key's path suffixes ("guardian x", "keywords/guardian x", ...) -> targets."""
    found: dict[str, list[Target]] = {}
    for target in targets:
        suffixes: set[str] = set()
        for key in target.keys:
            parts = key.split("/")
            suffixes.update("/".join(parts[i:]) for i in range(len(parts)))
        for suffix in suffixes:
            found.setdefault(suffix, []).append(target)
    return {suffix: tuple(matches) for suffix, matches in found.items()}


@dataclass(frozen=True)
class LinkIndex:
    pages: tuple[Target, ...]
    assets: tuple[Target, ...]
    _pages_by_suffix: dict[str, tuple[Target, ...]] = field(init=False, repr=False, compare=False)
    _assets_by_suffix: dict[str, tuple[Target, ...]] = field(init=False, repr=False, compare=False)
    _pages_by_alias: dict[str, tuple[Target, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Built once so that each lookup is a dict hit, not a scan of the whole vault.
        object.__setattr__(self, "_pages_by_suffix", _by_suffix(self.pages))
        object.__setattr__(self, "_assets_by_suffix", _by_suffix(self.assets))
        by_alias: dict[str, list[Target]] = {}
        for target in self.pages:
            for alias in target.aliases:
                by_alias.setdefault(alias, []).append(target)
        object.__setattr__(self, "_pages_by_alias", {alias: tuple(ts) for alias, ts in by_alias.items()})

    def find_page(self, name: str, from_path: str) -> Found:
        key = link_key(name)
        # A note's own name always wins over another note's alias.
        matches = self._pages_by_suffix.get(key) or self._pages_by_alias.get(key, ())
        return _find(matches, key, from_path)

    def find_asset(self, name: str, from_path: str) -> Found:
        key = name.strip().replace("\\", "/").lstrip("/").lower()
        return _find(self._assets_by_suffix.get(key, ()), key, from_path)


def _find(matches: tuple[Target, ...], key: str, from_path: str) -> Found:
    """Obsidian's order: the name that is a whole vault path, then the candidate in the
    linking note's own folder (not an ancestor's), then the shortest path. Candidates of
    the same shortest length are a tie Obsidian settles by its own file order: the first
    by path is taken here and the tie is returned, for a warning."""
    if len(matches) <= 1:
        return Found(matches[0] if matches else None, matches)
    exact = tuple(t for t in matches if key in t.keys)
    if len(exact) == 1:
        return Found(exact[0], matches)
    pool = exact or matches
    folder = posixpath.dirname(from_path).lower()
    beside = tuple(t for t in pool if posixpath.dirname(t.path).lower() == folder)
    if len(beside) == 1:
        return Found(beside[0], matches)
    pool = beside or pool
    shortest = min(len(t.path) for t in pool)
    best = tuple(sorted((t for t in pool if len(t.path) == shortest), key=lambda t: t.path))
    return Found(best[0], matches, best if len(best) > 1 else ())

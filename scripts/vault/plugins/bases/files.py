"""What Bases knows of a file: the `file.*` fields, the note's properties, links resolved by
name as Obsidian resolves a link written in front matter. The base file itself (`this` on
its own page) is a file with no note behind it."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from ...vault_index import NoteRecord, VaultIndex
from .values import DateValue, FileValue, Link, Value, from_yaml


def _local(moment: datetime | None) -> Value:
    if moment is None:
        return None
    return DateValue(moment.astimezone().replace(tzinfo=None) if moment.tzinfo else moment, True)


@dataclass
class Files:
    """The vault as Bases' expressions read it, with what is worked out once per vault."""

    vault: VaultIndex
    extra: Mapping[str, NoteRecord] = field(default_factory=dict)  # files outside the index: the base itself
    _by_name: dict[str, str] = field(default_factory=dict, init=False)
    _properties: dict[str, dict[str, Value]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self._by_name, self._properties = _shared(self.vault)

    def record(self, path: str) -> NoteRecord | None:
        return self.vault.get(path) or self.extra.get(path)

    def resolve(self, target: str) -> str | None:
        """The note a link's target names (`Note`, `Folder/Note`, `Note.md#Heading`), if any."""
        note = target.split("#", 1)[0].strip()
        return self._by_name.get(note.casefold()) if note else None

    def link(self, target: str, display: Value = None) -> Link:
        return Link(target, display, self.resolve(target))

    def properties(self, path: str) -> dict[str, Value]:
        """The note's front matter as values (read once per build: every block shares them)."""
        if path not in self._properties:
            record = self.record(path)
            matter = record.front_matter if record is not None else {}
            self._properties[path] = {str(key): self._resolved(from_yaml(value)) for key, value in matter.items()}
        return self._properties[path]

    def _resolved(self, value: Value) -> Value:
        if isinstance(value, Link):
            return self.link(value.target, value.display)  # type: ignore[arg-type]
        if isinstance(value, list):
            return [self._resolved(item) for item in value]
        return value

    def property(self, path: str, name: str) -> Value:
        found = self.properties(path)
        if name in found:
            return found[name]
        folded = name.casefold()  # Obsidian's property names ignore case
        return next((value for key, value in found.items() if key.casefold() == folded), None)

    def field(self, path: str, name: str) -> Value:
        """`file.<name>`; KeyError for a field files do not have."""
        record = self.record(path)
        base = posixpath.basename(path)
        if name == "name":
            return base
        if name == "basename":
            return posixpath.splitext(base)[0]
        if name == "path":
            return path
        if name == "folder":
            return posixpath.dirname(path) or "/"
        if name == "ext":
            return posixpath.splitext(base)[1].lstrip(".")
        if name == "file":
            return FileValue(path)
        if name == "properties":
            return dict(self.properties(path))
        if record is None:
            if name in ("size", "ctime", "mtime"):
                return None
            if name in ("tags", "links", "backlinks", "embeds"):
                return []
            raise KeyError(name)
        if name == "size":
            return record.facts.size
        if name == "ctime":
            return _local(record.facts.ctime)
        if name == "mtime":
            return _local(record.facts.mtime)
        if name == "tags":
            return [f"#{tag}" for tag in record.tags]
        if name == "links":
            return [Link(target.removesuffix(".md"), None, target) for target in record.outlinks]
        if name == "backlinks":
            return [Link(source.removesuffix(".md"), None, source) for source in record.inlinks]
        if name == "embeds":
            return [self.link(target) for target in embeds_of(record)]
        raise KeyError(name)

    def has_tag(self, path: str, tag: str) -> bool:
        wanted = tag.lstrip("#").casefold()
        record = self.record(path)
        return record is not None and any(
            own.casefold() == wanted or own.casefold().startswith(wanted + "/") for own in record.tags)

    def links_to(self, path: str, other: str) -> bool:
        record = self.record(path)
        return record is not None and other in record.outlinks


# The last vault's names and read properties: every block of a build shares them.
_SHARED: list[tuple[VaultIndex, dict[str, str], dict[str, dict[str, Value]]]] = []


def _shared(vault: VaultIndex) -> tuple[dict[str, str], dict[str, dict[str, Value]]]:
    """Each note by its name, its path without `.md` and its path, ignoring case; and a
    cache of the notes' properties as values."""
    if _SHARED and _SHARED[0][0] is vault:
        return _SHARED[0][1], _SHARED[0][2]
    names: dict[str, str] = {}
    for path in sorted(vault.notes, key=lambda p: (p.count("/"), p)):  # the nearest the root wins
        stem = path.removesuffix(".md")
        names.setdefault(posixpath.basename(stem).casefold(), path)
        names.setdefault(stem.casefold(), path)
        names.setdefault(path.casefold(), path)
    _SHARED[:] = [(vault, names, {})]
    return names, _SHARED[0][2]


def embeds_of(record: NoteRecord) -> list[str]:
    """The targets of the note's `![[embeds]]`, in order."""
    found: list[str] = []
    for token in record.tokens:
        for child in token.children or ():
            if child.type == "wiki_embed":
                target = child.meta["target"]
                text = target.note + (f"#{target.heading}" if target.heading else "")
                if text not in found:
                    found.append(text)
    return found

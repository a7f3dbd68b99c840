"""A Meta Bind field's declaration, read as the plugin documents it:

`INPUT[type(arg(value), …):target]`, `INPUT[template][type:target]`,
`VIEW[expression]`, `VIEW[expression][type(args):target]`, `BUTTON[id, …]`; a bind target
`storageType^note#property.sub[0]` (the storage type and note may be left out: the
note's own front matter). Nothing here raises: a declaration that cannot be read is None.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_KIND = re.compile(r"^(INPUT|VIEW|BUTTON)\[(.*)\]$", re.DOTALL)
_TYPE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)?\s*")
_PART = re.compile(r"""\[\s*(\d+)\s*\]|\[\s*"([^"]*)"\s*\]|\[\s*'([^']*)'\s*\]|([^.\[\]]+)""")
STORAGES = ("frontmatter", "memory", "globalMemory", "scope")


@dataclass(frozen=True)
class Target:
    storage: str  # "frontmatter", or one that lives only in Obsidian's memory
    note: str  # "" for the note holding the field
    path: tuple[str | int, ...]  # property, then keys and list indexes
    written: str


@dataclass(frozen=True)
class Argument:
    name: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Field:
    kind: str  # "INPUT", "VIEW", "BUTTON"
    written: str  # the field as the note has it
    type: str  # the input or view type ("" when left out)
    arguments: tuple[Argument, ...] = ()
    target: Target | None = None
    expression: str = ""  # a view's
    buttons: tuple[str, ...] = ()

    def argument(self, name: str) -> tuple[str, ...] | None:
        return next((a.values for a in self.arguments if a.name.lower() == name.lower()), None)


def claims(code: str) -> bool:
    return _KIND.match(code.strip()) is not None


def read_field(code: str) -> Field | None:
    written = " ".join(line.strip() for line in code.strip().split("\n"))
    found = _KIND.match(written)
    if found is None:
        return None
    kind, inside = found.groups()
    groups = _split_groups(inside)
    if groups is None:
        return None
    if kind == "BUTTON":
        return Field(kind, written, "", buttons=tuple(i.strip() for i in inside.split(",") if i.strip()))
    if kind == "VIEW":
        declaration = _declaration(groups[1]) if len(groups) > 1 else ("", (), None)
        if declaration is None:
            return None
        return Field(kind, written, declaration[0] or "math", declaration[1], declaration[2], groups[0])
    declaration = _declaration(groups[-1])
    return Field(kind, written, *declaration) if declaration is not None else None


def _split_groups(inside: str) -> list[str] | None:
    """`a][b` -> ["a", "b"]: brackets' groups at the top level (not in quotes or parentheses;
    `\\[` is a bracket written as text)."""
    groups, depth, quote, start, at = [], 0, "", 0, 0
    while at < len(inside):
        char = inside[at]
        if char == "\\":
            at += 2
            continue
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'" and depth:
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")":
            depth = max(depth - 1, 0)
        elif char == "]":
            if depth:
                depth -= 1
            elif inside[at + 1 : at + 2] == "[":
                groups.append(inside[start:at])
                start = at + 2
                at += 1
            else:
                return None
        at += 1
    groups.append(inside[start:])
    return groups


def _declaration(text: str) -> tuple[str, tuple[Argument, ...], Target | None] | None:
    match = _TYPE.match(text)
    kind = match.group(1) or "" if match else ""
    rest = text[match.end() if match else 0 :]
    arguments: tuple[Argument, ...] = ()
    if rest.startswith("("):
        close = _closing(rest, 0)
        if close is None:
            return None
        arguments = tuple(_argument(part) for part in _top_level(rest[1:close], ",") if part.strip())
        rest = rest[close + 1 :].strip()
    if not rest:
        return kind, arguments, None
    if not rest.startswith(":"):
        return None
    target = read_target(rest[1:].strip())
    return (kind, arguments, target) if target is not None else None


def _outside_quotes(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of `text` from `start` that is not inside quotes, with the depth of
    parentheses once it is read."""
    depth, quote = 0, ""
    for at in range(start, len(text)):
        char = text[at]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        else:
            depth += (char == "(") - (char == ")")
            yield at, char, depth


def _closing(text: str, opening: int) -> int | None:
    return next((at for at, char, depth in _outside_quotes(text, opening) if char == ")" and depth == 0), None)


def _top_level(text: str, separator: str) -> list[str]:
    parts, start = [], 0
    for at, char, depth in _outside_quotes(text):
        if char == separator and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return parts


def _argument(text: str) -> Argument:
    text = text.strip()
    opening = text.find("(")
    if opening == -1 or not text.endswith(")"):
        return Argument(text, ())
    values = tuple(_unquoted(part.strip()) for part in _top_level(text[opening + 1 : -1], ","))
    return Argument(text[:opening].strip(), values)


def _unquoted(text: str) -> str:
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'" else text


def read_target(text: str) -> Target | None:
    written = text.strip()
    storage, note, prop = "frontmatter", "", written
    head, caret, tail = written.partition("^")
    if caret and head in STORAGES:
        storage, prop = head, tail
    if "#" in prop:
        note, _, prop = prop.rpartition("#")
    path: list[str | int] = []
    at = 0
    prop = prop.strip()
    while at < len(prop):
        if prop[at] == ".":
            at += 1
            continue
        part = _PART.match(prop, at)
        if part is None:
            return None
        index, double, single, name = part.groups()
        path.append(int(index) if index is not None else double if double is not None else
                    single if single is not None else name.strip())
        at = part.end()
    if not path:
        return None
    return Target(storage, note.strip(), tuple(path), written)

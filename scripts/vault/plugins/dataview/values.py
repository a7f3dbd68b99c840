"""Dataview's value types as Python values, with Dataview's comparison and truthiness.

null is None, booleans bool, numbers int/float, strings str, dates datetime, durations
timedelta, lists list, objects dict; links are `Link`.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Union


@dataclass(frozen=True)
class Link:
    path: str  # a vault path ("People/Ana.md") or the target as written when it resolves nowhere
    display: str | None = None
    embed: bool = False
    subpath: str = ""  # "#Heading" or "#^block"

    @property
    def name(self) -> str:
        return posixpath.splitext(posixpath.basename(self.path))[0]

    def __str__(self) -> str:
        return f"[[{self.path}{self.subpath}{'|' + self.display if self.display else ''}]]"


@dataclass(frozen=True)
class Function:
    """A lambda's value (`(x) => x.a`), called by filter, map and their kin."""

    call: Callable[[list["Value"]], "Value"]


Value = Union[None, bool, int, float, str, datetime, timedelta, Link, list["Value"], dict[str, "Value"]]


def normalised(value: object) -> Value:
    """A front-matter value (as YAML reads it) as a Dataview value: dates as date-times,
    `"[[Note]]"` strings as links, as Dataview reads properties."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("[[") and text.endswith("]]") and "]]" not in text[2:-2]:
            return link_from(text[2:-2])
        return value
    if isinstance(value, (list, tuple)):
        return [normalised(item) for item in value]
    if isinstance(value, dict):
        return {str(key): normalised(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, float, timedelta, Link)):
        return value
    return str(value)


def link_from(inner: str, embed: bool = False) -> Link:
    """`Note#Heading|label` as a link (its target resolved later, where the page is known)."""
    target, _, display = inner.partition("|")
    path, hash_, sub = target.partition("#")
    return Link(path.strip(), display.strip() or None, embed, hash_ + sub if hash_ else "")


def truthy(value: Value) -> bool:
    if value is None:
        return False
    if isinstance(value, (bool, int, float)):
        return bool(value)
    if isinstance(value, (str, list, dict)):
        return len(value) > 0
    if isinstance(value, timedelta):
        return value != timedelta(0)
    return True


_RANK = {type(None): 0, bool: 1, int: 2, float: 2, str: 3, datetime: 4, timedelta: 5, Link: 6, list: 7, dict: 8}


def _rank(value: Value) -> int:
    return _RANK.get(type(value), 9)


def compare(left: Value, right: Value) -> int:
    """-1, 0 or 1: Dataview's total order (null first; values of different types by type)."""
    a, b = _rank(left), _rank(right)
    if a != b:
        return -1 if a < b else 1
    if isinstance(left, Link) and isinstance(right, Link):
        return compare(left.path.casefold(), right.path.casefold())
    if isinstance(left, list) and isinstance(right, list):
        for x, y in zip(left, right):
            found = compare(x, y)
            if found:
                return found
        return compare(len(left), len(right))
    if isinstance(left, dict) and isinstance(right, dict):
        keys_left: list[Value] = list(sorted(left))
        keys_right: list[Value] = list(sorted(right))
        return compare(keys_left, keys_right) or compare(
            [left[k] for k in sorted(left)], [right[k] for k in sorted(right)])
    if left is None:
        return 0
    if left == right:
        return 0
    return -1 if left < right else 1  # type: ignore[operator]


def equal(left: Value, right: Value) -> bool:
    return _rank(left) == _rank(right) and compare(left, right) == 0


def type_name(value: Value) -> str:
    names = {type(None): "null", bool: "boolean", int: "number", float: "number", str: "string",
             datetime: "date", timedelta: "duration", Link: "link", list: "array", dict: "object"}
    return names.get(type(value), "string")

"""A base's YAML read into its parts ("Bases syntax"): `filters` (a statement, or `and`/`or`/
`not` lists of them), `formulas`, `properties` (display names), `summaries` (formulas over
`values`) and `views`. PyYAML's safe loader composes the document so that every statement
keeps its line; a part that cannot be read is a problem with its line, never an exception."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from .syntax import Expr, parse
from .values import BasesError

MAX_SOURCE = 200_000  # characters
MAX_NODES = 5000  # YAML values, aliases counted where used
VIEW_TYPES = ("table", "cards", "list")
# PyYAML's safe loader in C (libyaml) where it has it: the same nodes with their lines, faster.
_SAFE_LOADER: type[yaml.SafeLoader] | type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Statement:
    """One expression as written, with its line (1-based, in the base) and its tree or error."""

    source: str
    line: int
    expr: Expr | None
    error: str | None = None


@dataclass(frozen=True)
class Group:
    kind: str  # "and", "or", "not"
    items: tuple[Filter, ...]
    line: int


Filter = Statement | Group


@dataclass(frozen=True)
class SortKey:
    property: str  # canonical: "note.price", "file.name", "formula.ppu"
    descending: bool


@dataclass(frozen=True)
class View:
    kind: str  # table, cards or list
    name: str
    line: int
    filters: Filter | None = None
    order: tuple[str, ...] = ()
    sort: tuple[SortKey, ...] = ()
    group_by: SortKey | None = None
    limit: int | None = None
    summaries: tuple[tuple[str, str], ...] = ()  # (property, summary's name)
    image: str | None = None  # cards: the property shown as the cover


@dataclass(frozen=True)
class BaseFile:
    filters: Filter | None
    formulas: Mapping[str, Statement]
    display: Mapping[str, str]  # property -> display name
    summaries: Mapping[str, Statement]
    views: tuple[View, ...]
    problems: tuple[tuple[int, str], ...]  # (line in the base, message)
    # What Obsidian accepts but the site draws otherwise (a map view as a table): said, not warned.
    notices: tuple[tuple[int, str], ...] = ()


def canonical(name: str) -> str:
    """`price` and `note.price` are one property; `file.*` and `formula.*` keep their prefix."""
    name = name.strip()
    if name.startswith(("file.", "formula.", "note.")):
        return name
    return f"note.{name}"


def shortened(source: str) -> str:
    """An expression as a message quotes it: its first 60 characters."""
    return source if len(source) <= 60 else source[:59] + "…"


def statement(node: yaml.Node, problems: list[tuple[int, str]]) -> Statement:
    source = str(node.value) if isinstance(node, yaml.ScalarNode) else ""
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode):
        problems.append((line, "an expression is one line of text"))
        return Statement(source, line, None, "an expression is one line of text")
    try:
        return Statement(source, line, parse(source))
    except BasesError as error:
        problems.append((line, f"cannot read {shortened(source)!r}: {error}"))
        return Statement(source, line, None, str(error))


def _filter(node: yaml.Node, problems: list[tuple[int, str]], depth: int = 0) -> Filter | None:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        return statement(node, problems)
    if depth > 20:
        problems.append((line, "filters nest more than 20 deep"))
        return None
    if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
        key, value = node.value[0]
        kind = str(key.value)
        if kind in ("and", "or", "not"):
            items = value.value if isinstance(value, yaml.SequenceNode) else [value]
            found = (_filter(item, problems, depth + 1) for item in items)
            return Group(kind, tuple(item for item in found if item is not None), line)
    problems.append((line, "a filter is a statement, or one of `and`, `or`, `not` with a list"))
    return None


class _Reader:
    """Plain values from nodes, with PyYAML's safe constructor, counting nodes against aliases."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems, self.count = problems, 0
        self.constructor = yaml.constructor.SafeConstructor()

    def count_nodes(self, node: yaml.Node, open_: set[int]) -> None:
        self.count += 1
        if self.count > MAX_NODES:
            raise BasesError(f"the base holds more than {MAX_NODES} values (aliases counted where used)")
        if id(node) in open_:
            raise BasesError("an alias holds itself, without end")
        if isinstance(node, (yaml.SequenceNode, yaml.MappingNode)):
            open_.add(id(node))
            for inner in node.value:
                for part in (inner if isinstance(inner, tuple) else (inner,)):
                    self.count_nodes(part, open_)
            open_.discard(id(node))

    def plain(self, node: yaml.Node) -> Any:
        return self.constructor.construct_object(node, deep=True)


def _mapping(node: yaml.Node | None) -> list[tuple[str, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        return []
    return [(str(key.value), value) for key, value in node.value if isinstance(key, yaml.ScalarNode)]


def _sort_key(value: object) -> SortKey | None:
    if isinstance(value, str):
        return SortKey(canonical(value), False)
    if isinstance(value, dict) and isinstance(value.get("property"), str):
        return SortKey(canonical(value["property"]), str(value.get("direction", "ASC")).upper() == "DESC")
    return None


def _view(node: yaml.Node, reader: _Reader, number: int, problems: list[tuple[int, str]],
          notices: list[tuple[int, str]]) -> View | None:
    line = node.start_mark.line + 1
    parts = dict(_mapping(node))
    if not isinstance(node, yaml.MappingNode):
        problems.append((line, "a view is a mapping with `type` and `name`"))
        return None
    plain = {key: reader.plain(value) for key, value in parts.items() if key != "filters"}
    kind = str(plain.get("type", "table"))
    if kind not in VIEW_TYPES:
        notices.append((line, f"view type {kind!r} is not drawn here (only {', '.join(VIEW_TYPES)}): shown as a table"))
        kind = "table"
    order = plain.get("order") or []
    sort = plain.get("sort") or []
    limit = plain.get("limit")
    summaries = plain.get("summaries") or {}
    image = plain.get("image")
    return View(
        kind=kind, name=str(plain.get("name") or f"View {number}"), line=line,
        filters=_filter(parts["filters"], problems) if "filters" in parts else None,
        order=tuple(canonical(str(item)) for item in (order if isinstance(order, list) else [order])),
        sort=tuple(key for key in (_sort_key(item) for item in (sort if isinstance(sort, list) else [sort])) if key),
        group_by=_sort_key(plain.get("groupBy")),
        limit=limit if isinstance(limit, int) and not isinstance(limit, bool) and limit >= 0 else None,
        summaries=tuple((canonical(str(key)), str(value)) for key, value in summaries.items())
        if isinstance(summaries, dict) else (),
        image=canonical(str(image)) if image else None,
    )


def read_base(source: str) -> BaseFile:
    problems: list[tuple[int, str]] = []
    empty = BaseFile(None, {}, {}, {}, (), ())
    if len(source) > MAX_SOURCE:
        return BaseFile(None, {}, {}, {}, (), ((1, f"the base is over {MAX_SOURCE // 1000} KB"),))
    try:
        root = yaml.compose(source, Loader=_SAFE_LOADER)  # noqa: S506 (the safe loader)
        reader = _Reader(problems)
        if root is not None:
            reader.count_nodes(root, set())
    except RecursionError:
        return BaseFile(None, {}, {}, {}, (), ((1, "values nest too deep"),))
    except BasesError as error:
        return BaseFile(None, {}, {}, {}, (), ((1, str(error)),))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error).split("\n", 1)[0]
        return BaseFile(None, {}, {}, {}, (), ((mark.line + 1 if mark else 1, f"not valid YAML ({problem})"),))
    if root is None:
        return empty
    if not isinstance(root, yaml.MappingNode):
        return BaseFile(None, {}, {}, {}, (), ((1, "a base is `filters`, `formulas`, `properties` and `views`"),))
    parts = dict(_mapping(root))
    try:
        return _read(parts, reader, problems)
    except (yaml.YAMLError, ValueError, TypeError) as error:  # a value YAML cannot make: `2020-13-45`
        return BaseFile(None, {}, {}, {}, (), (*problems, (1, f"a value cannot be read ({error})")))


def _read(parts: dict[str, yaml.Node], reader: _Reader, problems: list[tuple[int, str]]) -> BaseFile:
    filters = _filter(parts["filters"], problems) if "filters" in parts and not _null(parts["filters"]) else None
    formulas = {name: statement(node, problems) for name, node in _mapping(parts.get("formulas"))}
    display: dict[str, str] = {}
    for name, node in _mapping(parts.get("properties")):
        config = reader.plain(node)
        if isinstance(config, dict) and config.get("displayName") is not None:
            display[canonical(name)] = str(config["displayName"])
    summaries = {name: statement(node, problems) for name, node in _mapping(parts.get("summaries"))}
    views_node = parts.get("views")
    views: list[View] = []
    notices: list[tuple[int, str]] = []
    if isinstance(views_node, yaml.SequenceNode):
        for number, node in enumerate(views_node.value, 1):
            view = _view(node, reader, number, problems, notices)
            if view is not None:
                views.append(view)
    elif views_node is not None and not _null(views_node):
        problems.append((views_node.start_mark.line + 1, "`views` is a list of views"))
    if not views:
        views.append(View("table", "Table", 1))  # a base without views shows a table, as Obsidian does
    return BaseFile(filters, formulas, display, summaries, tuple(views), tuple(problems), tuple(notices))


def _null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"

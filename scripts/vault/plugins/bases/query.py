"""A base worked out against the vault: for each view, the notes its filters and the base's
keep, sorted, limited, grouped, with each column's value and summaries. A statement that
fails for a note counts as false for it (a formula's cell is empty); the first failure of
each statement is kept as a problem with its line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .base_file import BaseFile, Filter, Group, SortKey, Statement, View, shortened
from .evaluate import Scope, evaluate
from .files import Files
from .syntax import Call, Literal, Name
from .summaries import summarize
from .values import BasesError, Value, order_key, truthy


@dataclass(frozen=True)
class Row:
    path: str
    cells: tuple[Value, ...]  # one per column
    image: Value = None  # cards: the cover


@dataclass(frozen=True)
class RowGroup:
    label: Value  # the group's value; None for the rows without one (or no grouping)
    rows: tuple[Row, ...]
    summaries: tuple[Value, ...]  # one per column; None where the column has none


@dataclass(frozen=True)
class ViewResult:
    view: View
    columns: tuple[str, ...]  # canonical properties
    headers: tuple[str, ...]  # as shown: display names, else the property's own name
    groups: tuple[RowGroup, ...]
    grouped: bool


@dataclass
class _Run:
    scope: Scope
    base: BaseFile
    problems: dict[int, str] = field(default_factory=dict)  # line -> first message
    known: set[int] = field(default_factory=set)  # ids of statements the candidates already hold for

    def fail(self, line: int, message: str) -> None:
        self.problems.setdefault(line, message)

    def holds(self, node: Filter | None, path: str) -> bool:
        if node is None:
            return True
        if isinstance(node, Group):
            results = (self.holds(item, path) for item in node.items)
            return all(results) if node.kind == "and" else any(results) if node.kind == "or" else \
                not any(self.holds(item, path) for item in node.items)
        return id(node) in self.known or truthy(self.statement(node, path))

    def statement(self, node: Statement, path: str) -> Value:
        if node.expr is None:
            return None
        self.scope.row = path
        try:
            return evaluate(node.expr, self.scope)
        except BasesError as error:
            self.fail(node.line, f"{shortened(node.source)!r}: {error}")
        except (RecursionError, OverflowError, ValueError, TypeError, ZeroDivisionError) as error:
            self.fail(node.line, f"{shortened(node.source)!r}: cannot be worked out ({type(error).__name__})")
        return None

    def property(self, name: str, path: str) -> Value:
        self.scope.row = path
        kind, _, rest = name.partition(".")
        try:
            if kind == "formula":
                return self.scope.formula(rest)
            if kind == "file":
                return self.scope.files.field(path, rest)
            return self.scope.files.property(path, rest)
        except KeyError:
            self.fail(1, f"files have no property {name!r}")
        except BasesError as error:
            statement = self.base.formulas.get(rest) if kind == "formula" else None
            if statement is None:
                self.fail(1, f"{name}: {error}")
            elif statement.expr is not None:  # one that cannot be read is reported as read
                self.fail(statement.line, str(error) if self.scope.busy or "formula" in str(error)
                          else f"formula {rest!r}: {error}")
        except (RecursionError, OverflowError, ValueError, TypeError, ZeroDivisionError) as error:
            self.fail(1, f"{name}: cannot be worked out ({type(error).__name__})")
        return None


def header(name: str, display: Mapping[str, str]) -> str:
    if name in display:
        return display[name]
    kind, _, rest = name.partition(".")
    return rest if kind in ("note", "formula") else name


def run(base: BaseFile, files: Files, this: str) -> tuple[list[ViewResult], dict[int, str]]:
    """Every view of the base, and the problems met (line -> message)."""
    formulas = {name: (statement.expr if statement.expr is not None else BasesError(statement.error or "unread"))
                for name, statement in base.formulas.items()}
    state = _Run(Scope(files, this, formulas), base)
    kept = _kept(base.filters, list(files.vault.notes), state)
    results = [_view(view, kept, state) for view in base.views]
    return results, dict(sorted(state.problems.items()))


def _kept(node: Filter | None, paths: list[str], state: _Run) -> list[str]:
    """The notes a filter holds for: narrowed first by the vault's indexes where it can be."""
    used: list[Statement] = []
    narrowed = _candidates(node, state.scope.files, used)
    state.known = {id(statement) for statement in used}
    try:
        return [path for path in paths if (narrowed is None or path in narrowed) and state.holds(node, path)]
    finally:
        state.known = set()


def _candidates(node: Filter | None, files: Files, used: list[Statement]) -> set[str] | None:
    """The notes a filter can only hold for, from the vault's tag and folder indexes, where
    it is (or an `and` holds) a plain `file.hasTag("…")` or `file.inFolder("…")`: the rest
    need not be tried. None where nothing narrows it."""
    if isinstance(node, Group):
        if node.kind != "and":
            return None
        found = [narrowed for narrowed in (_candidates(item, files, used) for item in node.items) if narrowed is not None]
        return set.intersection(*found) if found else None
    expr = node.expr if node is not None else None
    if not (isinstance(expr, Call) and isinstance(expr.target, Name) and expr.target.name == "file"
            and expr.args and all(isinstance(arg, Literal) and isinstance(arg.value, str) for arg in expr.args)):
        return None
    assert isinstance(node, Statement)
    words = [str(arg.value) for arg in expr.args if isinstance(arg, Literal)]
    if expr.name == "hasTag":
        used.append(node)
        return {path for word in words for path in files.vault.tagged(word)}
    if expr.name == "inFolder" and len(words) == 1 and words[0].strip("/"):
        used.append(node)
        return set(files.vault.in_folder(words[0]))
    return None


def _sorted(paths: list[str], keys: tuple[SortKey, ...], state: _Run) -> list[str]:
    ordered = sorted(paths)  # a stable start: by path
    for key in reversed(keys):
        ranks = {path: order_key(state.property(key.property, path)) for path in ordered}
        ordered.sort(key=ranks.__getitem__, reverse=key.descending)
        if key.descending:  # empty values stay last either way
            ordered = [p for p in ordered if ranks[p][0] != 9] + [p for p in ordered if ranks[p][0] == 9]
    return ordered


def _view(view: View, kept: list[str], state: _Run) -> ViewResult:
    paths = _kept(view.filters, kept, state)
    paths = _sorted(paths, view.sort, state)
    if view.limit is not None:
        paths = paths[:view.limit]
    columns = view.order or ("file.name",)
    rows = [Row(path, tuple(state.property(column, path) for column in columns),
                state.property(view.image, path) if view.image else None) for path in paths]
    groups: list[tuple[Value, list[Row]]] = []
    if view.group_by is not None:
        by = view.group_by
        for row in sorted(rows, key=lambda r: order_key(state.property(by.property, r.path)), reverse=by.descending):
            label = state.property(by.property, row.path)
            if groups and order_key(groups[-1][0]) == order_key(label):
                groups[-1][1].append(row)
            else:
                groups.append((label, [row]))
    else:
        groups.append((None, rows))
    summaries = dict(view.summaries)
    drawn = tuple(RowGroup(label, tuple(members), tuple(
        _summary(summaries[column], [row.cells[n] for row in members], state) if column in summaries else None
        for n, column in enumerate(columns))) for label, members in groups)
    headers = tuple(header(column, state.base.display) for column in columns)
    return ViewResult(view, tuple(columns), headers, drawn, view.group_by is not None)


def _summary(name: str, values: list[Value], state: _Run) -> Value:
    def custom(summary: str, column: list[Value]) -> Value:
        statement = state.base.summaries.get(summary)
        if statement is None or statement.expr is None:
            raise BasesError(f"no summary named {summary!r}")
        saved = dict(state.scope.names)
        state.scope.names["values"] = column
        try:
            return state.statement(statement, "")
        finally:
            state.scope.names = saved

    try:
        return summarize(name, values, custom)
    except BasesError as error:
        state.fail(1, f"summary {name!r}: {error}")
        return None

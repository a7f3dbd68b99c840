"""The Dataview plugin's room: ```dataview queries and `= expr` inline queries, computed at
build from the vault's index; ```dataviewjs and `$= ...` never run (a one-line note)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..context import Here, Out, Written, WrittenLink
from .evaluate import Scope, evaluate
from .expressions import Expr, QueryError, parse_expression
from .html import empty_html, error_html, list_html, not_run_html, table_html, tasks_html, value_html
from .month_grid import calendar_html
from .pages import pages_of, results_of
from .query import Query, parse_query, row_links, run_commands, source_paths
from .values import Link


@dataclass(frozen=True)
class Failed:
    message: str
    line: int = 0


@dataclass(frozen=True)
class NotRun:
    what: str


@dataclass(frozen=True)
class Inline:
    expr: Expr


@dataclass(frozen=True)
class Result:
    kind: str  # "list", "table", "task", "calendar", "inline"
    value: Any  # list items, (headers, rows), task groups, or an inline value
    links: tuple[str, ...]


def _scope(here: Here, pages: dict[str, Any]) -> Scope:
    cache: dict[str, str | None] = {}

    def path_of(target: str) -> str | None:
        if target not in cache:
            if target in pages:
                cache[target] = target
            else:
                found = here.resolve(target)
                cache[target] = found.path if found.kind == "page" else None
        return cache[target]

    def resolve(link: Link) -> Link:
        return Link(path_of(link.path) or link.path, link.display, link.embed, link.subpath)

    this = pages.get(here.page.path) or {"file": {"name": here.page.name, "path": here.page.path,
                                                  "link": Link(here.page.path)}}
    return Scope(this, this, resolve, lambda link: pages.get(link.path))


def _run(query: Query, here: Here) -> Result:
    pages = pages_of(here.vault)
    scope = _scope(here, pages)
    chosen = source_paths(query.source, pages, here.vault.tagged, here.vault.in_folder,
                          lambda target: scope.resolve(Link(target)).path if target else None)
    rows: list[dict[str, Any]] = [pages[path] for path in pages if path in chosen]
    if query.kind == "task":
        # A task's row sees its page's fields (WHERE status = "active"); its own fields win.
        rows = [{**row, **task} for row in rows for task in row["file"]["tasks"]]
    rows = run_commands(rows, query.commands, scope)
    grouped = bool(rows) and "__group__" in rows[0]
    if query.kind == "task":
        by_file: dict[str, list[Any]] = {}
        for row in rows:
            for task in row["rows"] if grouped else [row]:
                by_file.setdefault(task["path"], []).append(task)
        groups = [(Link(path), tasks) for path, tasks in by_file.items()]
        return Result("task", groups, tuple(by_file))
    exprs = [expr for expr, _header in query.columns]
    if query.kind == "table":
        table: list[list[object]] = []
        for row in rows:
            ident = row[row["__group__"]] if grouped else row["file"]["link"]
            cells: list[object] = [evaluate(expr, scope.with_row(row)) for expr in exprs]
            table.append(cells if query.without_id else [ident, *cells])
        first = "Group" if grouped else "File"
        headers = [header for _expr, header in query.columns]
        if not query.without_id:
            headers = [f"{first} ({len(table)})", *headers]
        return Result("table", (headers, table), _paths(table, scope))
    items: list[tuple[object, object, list[object] | None]] = []
    for row in rows:
        value = evaluate(exprs[0], scope.with_row(row)) if exprs else None
        if grouped:
            children: list[object] | None = [member["file"]["link"] for member in row["rows"]] if not exprs else None
            items.append((row[row["__group__"]], value, children))
        else:
            items.append((None if query.without_id else row["file"]["link"], value, None))
    if query.kind == "calendar":  # a list of days, each with its notes
        items = sorted(((value, ident, None) for ident, value, _c in items if value is not None),
                       key=lambda item: str(item[0]))
    return Result(query.kind, items, _paths(items, scope))


def _inline(inline: Inline, here: Here) -> Result:
    scope = _scope(here, pages_of(here.vault))
    value = evaluate(inline.expr, scope)
    return Result("inline", value, _paths([value], scope))


def _paths(values: object, scope: Scope) -> tuple[str, ...]:
    """The notes a result links to: its links, and the `[[links]]` written in its strings
    (a string is drawn as Markdown, so they are links on the page too)."""
    links = row_links(_plainly(values)) + [link for text in _strings(values) for link in _written_links(text)]
    return tuple(dict.fromkeys(scope.resolve(link).path for link in links))


def _plainly(value: object) -> object:
    if isinstance(value, tuple):
        return [_plainly(item) for item in value]
    if isinstance(value, list):
        return [_plainly(item) for item in value]
    return value


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


# A value is a short string, not a note: its wikilinks are found by their brackets alone.
_WIKILINK = re.compile(r"!?\[\[([^\[\]|#^]+)[^\[\]]*\]\]")


def _written_links(text: str) -> Iterator[Link]:
    return (Link(match.group(1).strip()) for match in _WIKILINK.finditer(text))


class Dataview:
    markdown_inside = False
    names_headings = True  # `# `=this.name``: the heading is named by the value shown
    name = "Dataview"

    def claims_fence(self, language: str) -> bool:
        return language.lower() in ("dataview", "dataviewjs")

    def claims_code(self, code: str) -> bool:
        return code.startswith("=") or code.startswith("$=")

    def parse(self, written: Written) -> object:
        if written.info.split(" ")[0].lower() == "dataviewjs" or written.source.startswith("$="):
            return NotRun("DataviewJS" if written.kind == "fence" else "Inline DataviewJS")
        try:
            if written.kind == "code":
                return Inline(parse_expression(written.source[1:].strip()))
            return parse_query(written.source)
        except QueryError as error:
            return Failed(f"Error parsing query: {error}")

    def evaluate(self, parsed: object, here: Here) -> object:
        try:
            if isinstance(parsed, (Query, Inline)):  # worked out once per compile, drawn where shown
                kept = results_of(here.vault)
                key = (here.page.path, here.written.line, here.written.source)
                if key not in kept:
                    kept[key] = _run(parsed, here) if isinstance(parsed, Query) else _inline(parsed, here)
                return kept[key]
        except QueryError as error:
            return Failed(f"Error evaluating query: {error}")
        except (RecursionError, ValueError, OverflowError, ZeroDivisionError) as error:
            return Failed(f"Error evaluating query: {error}")
        return parsed

    def render(self, evaluated: object, out: Out) -> str:
        if isinstance(evaluated, NotRun):
            return not_run_html(evaluated.what)
        if isinstance(evaluated, Failed):
            out.problem(0, "warning", f"Dataview: {evaluated.message}")
            return error_html(evaluated.message)
        assert isinstance(evaluated, Result)
        if evaluated.kind == "inline":
            return f'<span class="dataview dataview-inline">{value_html(evaluated.value, out)}</span>'
        if evaluated.kind == "table":
            headers, rows = evaluated.value
            if not rows:
                return empty_html(evaluated.kind)
            return table_html(headers, rows, out)
        if not evaluated.value:
            return empty_html(evaluated.kind)
        if evaluated.kind == "task":
            return tasks_html(evaluated.value, out)
        if evaluated.kind == "calendar":
            return calendar_html(evaluated.value, out)
        return list_html(evaluated.value, out)

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())  # a query's text is code: its [[links]] are no links of the note

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(evaluated.links if isinstance(evaluated, Result) else ())

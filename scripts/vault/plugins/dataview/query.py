"""A DQL query: read (query type, FROM, data commands in any number and order) and run
against the vault's page objects."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cmp_to_key
from typing import Any

from .evaluate import Scope, evaluate
from .expressions import Expr, Parser, QueryError, Tok, lex
from .values import Link, Value, compare, link_from, truthy


@dataclass(frozen=True)
class Source:
    kind: str  # "tag", "folder", "link", "outgoing", "and", "or", "not", "all"
    text: str = ""
    parts: tuple[Source, ...] = ()


@dataclass(frozen=True)
class Command:
    kind: str  # "where", "sort", "group", "flatten", "limit"
    exprs: tuple[Expr, ...] = ()
    descending: tuple[bool, ...] = ()
    name: str = ""
    count: int = 0


@dataclass(frozen=True)
class Query:
    kind: str  # "list", "table", "task", "calendar"
    without_id: bool
    columns: tuple[tuple[Expr, str], ...]  # an expression and its header
    source: Source
    commands: tuple[Command, ...]


def _source_atom(parser: Parser) -> Source:
    token = parser.peek
    if token.text in ("-", "!"):
        parser.take()
        return Source("not", parts=(_source_atom(parser),))
    if token.text == "(":
        parser.take()
        inner = _source(parser)
        parser.expect(")")
        return inner
    if token.kind == "tag":
        parser.take()
        return Source("tag", token.text[1:])
    if token.kind == "str":
        parser.take()
        return Source("folder", token.text[1:-1])
    if token.kind == "link":
        parser.take()
        return Source("link", token.text[2:-2])
    if parser.word() == "outgoing":
        parser.take()
        parser.expect("(")
        link = parser.take()
        parser.expect(")")
        return Source("outgoing", link.text[2:-2])
    raise QueryError(f"expected a source (#tag, \"folder\", [[link]]) but found '{token.text or 'the end'}'")


def _source(parser: Parser) -> Source:
    left = _source_atom(parser)
    while parser.word() in ("and", "or"):
        kind = parser.take().text.lower()
        left = Source(kind, parts=(left, _source_atom(parser)))
    return left


def _named(parser: Parser, expr: Expr, fallback: str) -> tuple[Expr, str]:
    if parser.word() == "as":
        parser.take()
        name = parser.take()
        return expr, name.text.strip('"')
    return expr, fallback


def _written(tokens: list[Tok], start: int, end: int, text: str) -> str:
    return text[tokens[start].at: tokens[end].at].strip() if end > start else ""


def parse_query(text: str) -> Query:
    tokens = lex(text)
    parser = Parser(tokens)
    kind = parser.word()
    if kind not in ("list", "table", "task", "calendar"):
        raise QueryError(f"expected LIST, TABLE, TASK or CALENDAR but found '{parser.peek.text or 'nothing'}'")
    parser.take()
    without_id = False
    if parser.word() == "without":
        parser.take()
        if parser.word() != "id":
            raise QueryError("expected ID after WITHOUT")
        parser.take()
        without_id = True
    columns: list[tuple[Expr, str]] = []
    stops = ("from", "where", "sort", "group", "flatten", "limit")
    if kind != "task":
        while parser.peek.kind != "end" and parser.word() not in stops:
            start = parser.at
            expr = parser.expression()
            columns.append(_named(parser, expr, _written(tokens, start, parser.at, text)))
            if kind != "table" or parser.peek.text != ",":
                break
            parser.take()
    if kind == "calendar" and not columns:
        raise QueryError("CALENDAR needs a date field: CALENDAR file.day")
    source = Source("all")
    commands: list[Command] = []
    while parser.peek.kind != "end":
        word = parser.word()
        parser.take()
        if word == "from":
            source = _source(parser)
        elif word == "where":
            commands.append(Command("where", (parser.expression(),)))
        elif word == "sort":
            exprs, order = [], []
            while True:
                exprs.append(parser.expression())
                down = parser.word() in ("desc", "descending")
                if parser.word() in ("asc", "ascending", "desc", "descending"):
                    parser.take()
                order.append(down)
                if parser.peek.text != ",":
                    break
                parser.take()
            commands.append(Command("sort", tuple(exprs), tuple(order)))
        elif word in ("group", "flatten"):
            if word == "group":
                if parser.word() != "by":
                    raise QueryError("expected BY after GROUP")
                parser.take()
            start = parser.at
            expr, name = _named(parser, parser.expression(), "")
            fallback = "key" if word == "group" else _written(tokens, start, parser.at, text)
            commands.append(Command(word, (expr,), name=name or fallback))
        elif word == "limit":
            count = parser.take()
            if count.kind != "num":
                raise QueryError(f"LIMIT needs a number, not '{count.text}'")
            commands.append(Command("limit", count=int(float(count.text))))
        else:
            raise QueryError(f"unexpected '{tokens[parser.at - 1].text}': expected FROM, WHERE, SORT, "
                             "GROUP BY, FLATTEN or LIMIT")
    return Query(kind, without_id, tuple(columns), source, tuple(commands))


Resolver = Callable[[str], str | None]  # a link's target -> a note's path


def source_paths(source: Source, pages: dict[str, Any], tagged: Callable[[str], tuple[str, ...]],
                 in_folder: Callable[[str], tuple[str, ...]], resolve: Resolver) -> set[str]:
    if source.kind == "all":
        return set(pages)
    if source.kind == "tag":
        return set(tagged(source.text))
    if source.kind == "folder":
        single = resolve(source.text) if not source.text.endswith("/") else None
        found = set(in_folder(source.text))
        if not found and single is not None and single in pages:
            return {single}  # a single file
        return found
    if source.kind == "link":
        target = resolve(link_from(source.text).path)
        return {path for path, page in pages.items() if any(l.path == target for l in page["file"]["outlinks"])}
    if source.kind == "outgoing":
        target = resolve(link_from(source.text).path)
        return {l.path for l in pages[target]["file"]["outlinks"]} & set(pages) if target in pages else set()
    parts = [source_paths(part, pages, tagged, in_folder, resolve) for part in source.parts]
    if source.kind == "not":
        return set(pages) - parts[0]
    return parts[0] & parts[1] if source.kind == "and" else parts[0] | parts[1]


def run_commands(rows: list[dict[str, Any]], commands: tuple[Command, ...], scope: Scope) -> list[dict[str, Any]]:
    for command in commands:
        if command.kind == "where":
            rows = [row for row in rows if truthy(evaluate(command.exprs[0], scope.with_row(row)))]
        elif command.kind == "sort":
            keyed = [([evaluate(e, scope.with_row(row)) for e in command.exprs], row) for row in rows]

            def order(a: tuple[list[Value], Any], b: tuple[list[Value], Any]) -> int:
                for x, y, down in zip(a[0], b[0], command.descending):
                    found = compare(x, y)
                    if found:
                        return -found if down else found
                return 0

            rows = [row for _keys, row in sorted(keyed, key=cmp_to_key(order))]
        elif command.kind == "limit":
            rows = rows[: command.count]
        elif command.kind == "flatten":
            flat: list[dict[str, Any]] = []
            for row in rows:
                value = evaluate(command.exprs[0], scope.with_row(row))
                for item in value if isinstance(value, list) else [value]:
                    flat.append({**row, command.name: item})
            rows = flat
        else:
            found: dict[str, tuple[Value, list[dict[str, Any]]]] = {}
            for row in rows:
                key = evaluate(command.exprs[0], scope.with_row(row))
                found.setdefault(f"{type(key).__name__}:{key!r}", (key, []))[1].append(row)

            def by_key(a: tuple[Value, object], b: tuple[Value, object]) -> int:
                return compare(a[0], b[0])

            groups = sorted(found.values(), key=cmp_to_key(by_key))
            rows = [{command.name: key, "rows": members, "__group__": command.name} for key, members in groups]
    return rows


def row_links(value: object) -> list[Link]:
    if isinstance(value, Link):
        return [value]
    if isinstance(value, list):
        return [link for item in value for link in row_links(item)]
    if isinstance(value, dict):
        return [link for item in value.values() for link in row_links(item)]
    return []

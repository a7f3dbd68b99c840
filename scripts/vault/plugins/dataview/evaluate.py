"""An expression's value for one row of a query, as Dataview works it out."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from datetime import datetime, timedelta

from .expressions import Binary, Call, Dot, Expr, Field, Index, Lambda, ListOf, Literal, ObjectOf, QueryError, Unary
from .arithmetic import arithmetic
from .functions import TABLE, VECTORISED
from .values import Function, Link, Value, compare, equal, truthy

Row = Mapping[str, object]


@dataclass(frozen=True)
class Scope:
    """What an expression sees: the row, the page holding the query (`this`), links resolved
    from that page, and a linked note's page object (`[[Note]].field`)."""

    row: Row
    this: Row
    resolve: Callable[[Link], Link]
    page_of: Callable[[Link], Row | None]

    def with_row(self, row: Row) -> Scope:
        return Scope(row, self.this, self.resolve, self.page_of)


@lru_cache(maxsize=4096)  # a vault's field names repeat on every page
def key_variant(name: str) -> str:
    """Dataview's second name for a field: lower case, spaces as dashes, other marks dropped."""
    out = []
    for char in name.strip().lower():
        if char.isalnum() or char in "-_":
            out.append(char)
        elif char.isspace():
            out.append("-")
    return "".join(out)


def field_of(holder: object, name: str, scope: Scope) -> Value:
    if isinstance(holder, Link):
        holder = scope.page_of(scope.resolve(holder))
    if isinstance(holder, Mapping):
        if name in holder:
            return holder[name]  # type: ignore[no-any-return]
        variant = key_variant(name)
        for key, value in holder.items():
            if key_variant(key) == variant:
                return value  # type: ignore[no-any-return]
        return None
    if isinstance(holder, list):  # a list's field is each element's ("rows.file.link")
        found: list[Value] = []
        for item in holder:
            value = field_of(item, name, scope)
            found.extend(value if isinstance(value, list) else [value])  # flattened once, as Dataview
        return found
    if isinstance(holder, datetime):
        parts: dict[str, Value] = {"year": holder.year, "month": holder.month, "day": holder.day, "hour": holder.hour,
                 "minute": holder.minute, "second": holder.second, "weekday": holder.isoweekday(),
                 "week": holder.isocalendar()[1], "weekyear": holder.isocalendar()[0]}
        return parts.get(name.lower())
    if isinstance(holder, timedelta):
        seconds = holder.total_seconds()
        spans: dict[str, Value] = {"days": seconds / 86400, "hours": seconds / 3600, "minutes": seconds / 60, "seconds": seconds}
        return spans.get(name.lower())
    return None


def evaluate(expr: Expr, scope: Scope) -> Value:
    if isinstance(expr, Literal):
        return scope.resolve(expr.value) if isinstance(expr.value, Link) else expr.value
    if isinstance(expr, Field):
        if expr.name == "this":
            return {key: value for key, value in scope.this.items()}  # type: ignore[misc]
        if expr.name == "row" and "row" not in scope.row:  # row["where"]: a field named like a keyword
            return {key: value for key, value in scope.row.items()}  # type: ignore[misc]
        return field_of(scope.row, expr.name, scope)
    if isinstance(expr, Dot):
        return field_of(evaluate(expr.target, scope), expr.name, scope)
    if isinstance(expr, Index):
        target, key = evaluate(expr.target, scope), evaluate(expr.key, scope)
        if isinstance(key, str):
            return field_of(target, key, scope)
        if isinstance(target, (list, str)) and isinstance(key, int) and not isinstance(key, bool):
            return target[key] if -len(target) <= key < len(target) else None
        return None
    if isinstance(expr, Call):
        return _call(expr.name, expr.args, scope)
    if isinstance(expr, Unary):
        value = evaluate(expr.operand, scope)
        if expr.op == "!":
            return not truthy(value)
        if isinstance(value, (int, float, timedelta)) and not isinstance(value, bool):
            return -value
        raise QueryError(f"cannot negate a value of type '{type(value).__name__}'")
    if isinstance(expr, Binary):
        return _binary(expr, scope)
    if isinstance(expr, ListOf):
        return [evaluate(item, scope) for item in expr.items]
    if isinstance(expr, ObjectOf):
        return {key: evaluate(item, scope) for key, item in expr.items}
    return _lambda(expr, scope)


def _call(name: str, args: tuple[Expr, ...], scope: Scope) -> Value:
    impl = TABLE.get(name)
    if impl is None:
        raise QueryError(f"no function named '{name}'")
    values = [evaluate(arg, scope) for arg in args]
    try:
        if name in VECTORISED and values and isinstance(values[0], list):
            return [impl(item, *values[1:]) for item in values[0]]
        return impl(*values)
    except TypeError as error:
        raise QueryError(f"{name}(): {error}") from None
    except re.error as error:
        raise QueryError(f"{name}(): bad regular expression: {error}") from None


def _lambda(expr: Lambda, scope: Scope) -> Value:
    def run(args: list[Value]) -> Value:
        bound: dict[str, object] = dict(scope.row)
        bound.update(zip(expr.params, args))
        return evaluate(expr.body, scope.with_row(bound))

    return Function(run)  # type: ignore[return-value]


_COMPARE: dict[str, Callable[[int], bool]] = {
    "<": lambda c: c < 0, ">": lambda c: c > 0, "<=": lambda c: c <= 0, ">=": lambda c: c >= 0}


def _binary(expr: Binary, scope: Scope) -> Value:
    left = evaluate(expr.left, scope)
    if expr.op == "and":
        return truthy(left) and truthy(evaluate(expr.right, scope))
    if expr.op == "or":
        return truthy(left) or truthy(evaluate(expr.right, scope))
    right = evaluate(expr.right, scope)
    if expr.op == "=":
        return equal(left, right)
    if expr.op == "!=":
        return not equal(left, right)
    if expr.op in _COMPARE:
        return _COMPARE[expr.op](compare(left, right))
    return arithmetic(expr.op, left, right)

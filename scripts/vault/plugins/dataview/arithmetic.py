"""Dataview's arithmetic: `+ - * / %` on numbers, text, lists, objects, dates and durations."""

from __future__ import annotations

from datetime import datetime, timedelta

from .expressions import QueryError
from .text import plain
from .values import Value


def _number(value: Value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def arithmetic(op: str, left: Value, right: Value) -> Value:
    if left is None or right is None:
        return None
    if _number(left) and _number(right):
        a, b = left, right
        assert isinstance(a, (int, float)) and isinstance(b, (int, float))
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if b == 0:
            return None
        if op == "/":
            quotient = a / b
            return int(quotient) if quotient == int(quotient) else quotient
        return a % b
    if op == "*" and isinstance(left, str) and isinstance(right, int) and not isinstance(right, bool):
        return left * right  # "⭐" * 3, as the reference's reduce() example has it
    if op == "+" and isinstance(left, list) and isinstance(right, list):
        return left + right
    if op == "+" and isinstance(left, dict) and isinstance(right, dict):
        return {**left, **right}
    if op == "+" and (isinstance(left, str) or isinstance(right, str)):
        return plain(left) + plain(right)
    if isinstance(left, datetime) and isinstance(right, timedelta) and op in "+-":
        return left + right if op == "+" else left - right
    if isinstance(left, timedelta) and isinstance(right, datetime) and op == "+":
        return right + left
    if isinstance(left, datetime) and isinstance(right, datetime) and op == "-":
        return left - right
    if isinstance(left, timedelta) and isinstance(right, timedelta) and op in "+-":
        return left + right if op == "+" else left - right
    if isinstance(left, timedelta) and _number(right) and op in "*/":
        assert isinstance(right, (int, float))
        return left * right if op == "*" else (left / right if right else None)
    raise QueryError(f"no implementation of '{op}' for {type(left).__name__} and {type(right).__name__}")

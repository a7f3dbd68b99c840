"""Bases' operators: arithmetic (with dates moved by durations, "1 week" or "1M"), and
comparisons, as "Bases syntax" lists them."""

from __future__ import annotations

import calendar
import math
import re
from datetime import timedelta

from .values import BasesError, DateValue, Duration, Value, as_date, compare, epoch_millis, equals, to_text, type_name

_UNITS = {"y": "y", "year": "y", "years": "y", "M": "M", "month": "M", "months": "M", "d": "d", "day": "d",
          "days": "d", "w": "w", "week": "w", "weeks": "w", "h": "h", "hour": "h", "hours": "h", "m": "m",
          "minute": "m", "minutes": "m", "s": "s", "second": "s", "seconds": "s"}
_MILLIS = {"w": 7 * 86_400_000, "d": 86_400_000, "h": 3_600_000, "m": 60_000, "s": 1000}
_PART = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*,?")


def duration(text: str) -> Duration:
    """`"1 week"`, `"1M"`, `"2h"`, `"1d 4h"` as a duration (`M` months, `m` minutes)."""
    months, millis, at = 0, 0.0, 0
    text = text.strip()
    if not text:
        raise BasesError("an empty duration")
    while at < len(text):
        found = _PART.match(text, at)
        word = found.group(2) if found else ""
        unit = _UNITS.get(word) or (_UNITS.get(word.lower()) if len(word) > 1 else None)
        if found is None or unit is None:
            raise BasesError(f"{text!r} is not a duration (write it as \"1 week\", \"3d\" or \"2h\")")
        amount = float(found.group(1))
        if unit in ("y", "M"):
            months += int(amount * (12 if unit == "y" else 1))
        else:
            millis += amount * _MILLIS[unit]
        at = found.end()
    return Duration(months, millis)


def shift(moment: DateValue, by: Duration, sign: int) -> DateValue:
    """A date moved by a duration: calendar months first (the 31st stays in its month's end)."""
    value = moment.moment
    if by.months:
        total = value.year * 12 + value.month - 1 + sign * by.months
        year, month = divmod(total, 12)
        day = min(value.day, calendar.monthrange(year, month + 1)[1])
        value = value.replace(year=year, month=month + 1, day=day)
    has_time = moment.has_time or by.millis % 86_400_000 != 0
    return DateValue(value + timedelta(milliseconds=sign * by.millis), has_time)


def _as_duration(value: Value) -> Duration | None:
    if isinstance(value, Duration):
        return value
    if isinstance(value, str):
        return duration(value)
    return None


def _number(value: Value, op: str) -> float:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    raise BasesError(f"cannot use {op} on {type_name(value)}")


def _tidy(value: float) -> Value:
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 2**53 else value


def arithmetic(op: str, left: Value, right: Value) -> Value:
    if isinstance(left, DateValue) and op in "+-":
        if isinstance(right, DateValue) and op == "-":
            return _tidy(epoch_millis(left) - epoch_millis(right))
        by = _as_duration(right)
        if by is None:
            raise BasesError(f"cannot {'add' if op == '+' else 'subtract'} {type_name(right)} to a date")
        return shift(left, by, 1 if op == "+" else -1)
    if isinstance(left, Duration):
        if op in "+-" and isinstance(right, Duration):
            sign = 1 if op == "+" else -1
            return Duration(left.months + sign * right.months, left.millis + sign * right.millis)
        if op in "*/" and isinstance(right, (int, float)) and not isinstance(right, bool):
            factor = right if op == "*" else 1 / right if right else math.inf
            return Duration(int(left.months * factor), left.millis * factor)
        raise BasesError(f"cannot use {op} on a duration and {type_name(right)}")
    if op == "+" and (isinstance(left, str) or isinstance(right, str)):
        return to_text(left) + to_text(right)
    if op == "+" and isinstance(left, list) and isinstance(right, list):
        return [*left, *right]
    a, b = _number(left, op), _number(right, op)
    if op == "+":
        return _tidy(a + b)
    if op == "-":
        return _tidy(a - b)
    if op == "*":
        return _tidy(a * b)
    if op == "/":
        return _tidy(a / b) if b else (math.nan if a == 0 else math.copysign(math.inf, a))
    return _tidy(math.fmod(a, b)) if b else math.nan


def comparison(op: str, left: Value, right: Value) -> bool:
    if op == "==":
        return equals(left, right)
    if op == "!=":
        return not equals(left, right)
    if left is None or right is None:
        return False  # an empty property is neither more nor less than anything
    if isinstance(left, DateValue) and isinstance(right, str) and as_date(right) is None:
        return False
    order = compare(left, right)
    return {">": order > 0, "<": order < 0, ">=": order >= 0, "<=": order <= 0}[op]

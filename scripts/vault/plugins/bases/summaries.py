"""A column's summary (a view's `summaries:`): the built-in ones of Bases (Average, Min,
Max, Sum, Range, Median, Stddev, Earliest, Latest, Checked, Unchecked, Empty, Filled,
Unique), or a formula of the base's own `summaries:` over `values`."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from .values import BasesError, DateValue, Duration, Value, equals


def _numbers(values: list[Value]) -> list[Fraction]:
    """The column's numbers, exactly (a float's own value: 0.1 stays the float 0.1)."""
    return [Fraction(value) for value in values
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)]


def _dates(values: list[Value]) -> list[DateValue]:
    return [value for value in values if isinstance(value, DateValue)]


def _number(value: Fraction) -> Value:
    return value.numerator if value.denominator == 1 else float(value)


def _empty(value: Value) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _median(numbers: list[Fraction]) -> Value:
    ordered, middle = sorted(numbers), len(numbers) // 2
    return _number(ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2)


def _stddev(numbers: list[Fraction]) -> Value:
    """The population's standard deviation (every row of the view is the population)."""
    mean = sum(numbers, Fraction(0)) / len(numbers)
    return math.sqrt(sum(((n - mean) ** 2 for n in numbers), Fraction(0)) / len(numbers))


def _range(values: list[Value]) -> Value:
    numbers, dates = _numbers(values), _dates(values)
    if numbers:
        return _number(max(numbers) - min(numbers))
    if dates:
        moments = [date.moment for date in dates]
        return Duration(0, (max(moments) - min(moments)).total_seconds() * 1000)
    return None


def _unique(values: list[Value]) -> int:
    kept: list[Value] = []
    for value in values:
        if not _empty(value) and not any(equals(value, seen) for seen in kept):
            kept.append(value)
    return len(kept)


_BUILT_IN: dict[str, Callable[[list[Value]], Value]] = {
    "Average": lambda v: _number(sum(_numbers(v), Fraction(0)) / len(_numbers(v))) if _numbers(v) else None,
    "Min": lambda v: _number(min(_numbers(v))) if _numbers(v) else None,
    "Max": lambda v: _number(max(_numbers(v))) if _numbers(v) else None,
    "Sum": lambda v: _number(sum(_numbers(v), Fraction(0))),
    "Range": _range,
    "Median": lambda v: _median(_numbers(v)) if _numbers(v) else None,
    "Stddev": lambda v: _stddev(_numbers(v)) if _numbers(v) else None,
    "Earliest": lambda v: min(_dates(v), key=lambda d: d.moment) if _dates(v) else None,
    "Latest": lambda v: max(_dates(v), key=lambda d: d.moment) if _dates(v) else None,
    "Checked": lambda v: sum(1 for value in v if value is True),
    "Unchecked": lambda v: sum(1 for value in v if value is False or value is None),
    "Empty": lambda v: sum(1 for value in v if _empty(value)),
    "Filled": lambda v: sum(1 for value in v if not _empty(value)),
    "Unique": _unique,
}
BUILT_IN = tuple(_BUILT_IN)


def summarize(name: str, values: list[Value], custom: Callable[[str, list[Value]], Value] | None) -> Value:
    """`name`'s summary of a column's values; a custom one is worked out by `custom`."""
    found = _BUILT_IN.get(name) or next((f for key, f in _BUILT_IN.items() if key.lower() == name.lower()), None)
    if found is not None:
        return found(values)
    if custom is None:
        raise BasesError(f"no summary named {name!r}")
    return custom(name, values)

"""A value as text: what `string()` and `+` give, and a date's and duration's default look."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from .values import Link, Value


def date_text(value: datetime) -> str:
    """Dataview's default date format, "MMMM dd, yyyy" (time shown when not midnight)."""
    day = value.strftime("%B %d, %Y")
    if (value.hour, value.minute, value.second) != (0, 0, 0):
        day += value.strftime(" %I:%M %p")
    return day


def duration_text(value: timedelta) -> str:
    seconds = int(value.total_seconds())
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    parts = []
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count} {unit}{'s' if count != 1 else ''}")
    return sign + (", ".join(parts) or "0 seconds")


def plain(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value == int(value):
        return str(int(value))
    if isinstance(value, datetime):
        return date_text(value)
    if isinstance(value, timedelta):
        return duration_text(value)
    if isinstance(value, Link):
        return str(value)
    if isinstance(value, list):
        return ", ".join(plain(item) for item in value)
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{key}: {plain(item)}" for key, item in value.items()) + " }"
    return str(value)


def as_value(value: object) -> Value:
    return value  # type: ignore[return-value]

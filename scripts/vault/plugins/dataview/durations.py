"""Durations as Dataview reads and writes them: `dur("3 days 7 hours")`, the literal
`dur(1s 2m 3h)`, and `durationformat(duration, "ddd'd' hh'h'")` with its tokens
(S ms, s, m, h, d, w, M months, y years; a token's length is its zero-padding).
A month is 30 days and a year 365, as Luxon counts a duration made of days."""

from __future__ import annotations

import re
from datetime import timedelta

from .luxon import runs

UNITS: dict[str, float] = {
    "ms": 0.001, "millisecond": 0.001, "s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60,
    "h": 3600, "hr": 3600, "hour": 3600, "d": 86400, "day": 86400, "w": 604800, "wk": 604800, "week": 604800,
    "mo": 2592000, "month": 2592000, "y": 31536000, "yr": 31536000, "year": 31536000,
}


def read_duration(text: str) -> timedelta | None:
    """"8 minutes, 4 seconds", "1s 2m 3h", "2 days 4 hours" as a duration, or None."""
    parts = re.findall(r"(-?\d+(?:\.\d+)?)\s*([a-z]+)", text.lower())
    if not parts or re.sub(r"(-?\d+(?:\.\d+)?)\s*([a-z]+)|[\s,]|and", "", text.lower()):
        return None
    seconds = 0.0
    for count, unit in parts:
        size = UNITS.get(unit) or UNITS.get(unit.removesuffix("s"))
        if size is None:
            return None
        seconds += float(count) * size
    return timedelta(seconds=seconds)


_FORMAT_UNITS = (("y", 31536000.0), ("M", 2592000.0), ("w", 604800.0), ("d", 86400.0), ("h", 3600.0),
                 ("m", 60.0), ("s", 1.0), ("S", 0.001))


def format_duration(value: timedelta, fmt: str) -> str:
    """Each unit the format names takes what the larger named units left, as Luxon's
    `Duration.toFormat` shifts a duration to the units of its format."""
    pieces = runs(fmt)
    named = {text[0] for literal, text in pieces if not literal and text[0] in dict(_FORMAT_UNITS)}
    left = abs(value.total_seconds())
    amounts: dict[str, int] = {}
    for unit, size in _FORMAT_UNITS:
        if unit in named:
            amounts[unit] = int(round(left * 1000) // round(size * 1000))
            left -= amounts[unit] * size
    sign = "-" if value.total_seconds() < 0 else ""
    out = "".join(text if literal or text[0] not in amounts else f"{amounts[text[0]]:0{len(text)}d}"
                  for literal, text in pieces)
    return sign + out

"""Dates written and read in Luxon's format tokens, as Dataview's `dateformat(date, format)`
and `date(text, format)` take them (English names; a date without a zone is read as UTC
for the epoch tokens `x` and `X`).

A format is cut into runs of one letter ("yyyy", "MM", "d"); text between single quotes is
kept as written ("'week' W"); a run that is no token is kept as written too, as Luxon does."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def runs(fmt: str) -> list[tuple[bool, str]]:
    """(literal, text) pieces of a format, as Luxon's parser cuts it."""
    pieces: list[tuple[bool, str]] = []
    quoted, current = False, ""
    for char in fmt:
        if char == "'":
            if current:
                pieces.append((quoted, current))
            current, quoted = "", not quoted
        elif quoted or (current and char == current[0]):
            current += char
        else:
            if current:
                pieces.append((False, current))
            current = char
    if current:
        pieces.append((quoted, current))
    return pieces


def _hour12(value: datetime) -> int:
    return value.hour % 12 or 12


def _epoch(value: datetime) -> float:
    aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return aware.timestamp()


def _short_date(value: datetime) -> str:
    return f"{value.month}/{value.day}/{value.year}"


def _time(value: datetime) -> str:
    return f"{_hour12(value)}:{value.minute:02d} {'AM' if value.hour < 12 else 'PM'}"


_TOKENS: dict[str, Callable[[datetime], str]] = {
    "d": lambda v: str(v.day), "dd": lambda v: f"{v.day:02d}",
    "o": lambda v: str(v.timetuple().tm_yday), "ooo": lambda v: f"{v.timetuple().tm_yday:03d}",
    "M": lambda v: str(v.month), "MM": lambda v: f"{v.month:02d}",
    "MMM": lambda v: _MONTHS[v.month - 1][:3], "MMMM": lambda v: _MONTHS[v.month - 1],
    "MMMMM": lambda v: _MONTHS[v.month - 1][0],
    "L": lambda v: str(v.month), "LL": lambda v: f"{v.month:02d}",
    "LLL": lambda v: _MONTHS[v.month - 1][:3], "LLLL": lambda v: _MONTHS[v.month - 1],
    "y": lambda v: str(v.year), "yy": lambda v: f"{v.year % 100:02d}", "yyyy": lambda v: f"{v.year:04d}",
    "yyyyyy": lambda v: f"{v.year:06d}",
    "E": lambda v: str(v.isoweekday()), "c": lambda v: str(v.isoweekday()),
    "EEE": lambda v: _DAYS[v.weekday()][:3], "EEEE": lambda v: _DAYS[v.weekday()],
    "EEEEE": lambda v: _DAYS[v.weekday()][0],
    "ccc": lambda v: _DAYS[v.weekday()][:3], "cccc": lambda v: _DAYS[v.weekday()],
    "H": lambda v: str(v.hour), "HH": lambda v: f"{v.hour:02d}",
    "h": lambda v: str(_hour12(v)), "hh": lambda v: f"{_hour12(v):02d}",
    "m": lambda v: str(v.minute), "mm": lambda v: f"{v.minute:02d}",
    "s": lambda v: str(v.second), "ss": lambda v: f"{v.second:02d}",
    "S": lambda v: str(v.microsecond // 1000), "SSS": lambda v: f"{v.microsecond // 1000:03d}",
    "a": lambda v: "AM" if v.hour < 12 else "PM",
    "q": lambda v: str((v.month - 1) // 3 + 1), "qq": lambda v: f"{(v.month - 1) // 3 + 1:02d}",
    "W": lambda v: str(v.isocalendar()[1]), "WW": lambda v: f"{v.isocalendar()[1]:02d}",
    "kk": lambda v: f"{v.isocalendar()[0] % 100:02d}", "kkkk": lambda v: f"{v.isocalendar()[0]:04d}",
    "x": lambda v: str(round(_epoch(v) * 1000)), "X": lambda v: str(int(_epoch(v))),
    "D": _short_date,
    "DD": lambda v: f"{_MONTHS[v.month - 1][:3]} {v.day}, {v.year}",
    "DDD": lambda v: f"{_MONTHS[v.month - 1]} {v.day}, {v.year}",
    "DDDD": lambda v: f"{_DAYS[v.weekday()]}, {_MONTHS[v.month - 1]} {v.day}, {v.year}",
    "t": _time, "T": lambda v: f"{v.hour:02d}:{v.minute:02d}",
    "tt": lambda v: f"{_time(v)[:-3]}:{v.second:02d} {_time(v)[-2:]}", "TT": lambda v: v.strftime("%H:%M:%S"),
    "f": lambda v: f"{_short_date(v)}, {_time(v)}",
    "ff": lambda v: f"{_MONTHS[v.month - 1][:3]} {v.day}, {v.year}, {_time(v)}",
    "fff": lambda v: f"{_MONTHS[v.month - 1]} {v.day}, {v.year} at {_time(v)}",
}


def format_date(value: datetime, fmt: str) -> str:
    return "".join(text if literal or text not in _TOKENS else _TOKENS[text](value) for literal, text in runs(fmt))


_READ: dict[str, tuple[str, str]] = {  # token -> (what it sets, the pattern it reads)
    "yyyy": ("year", r"\d{4}"), "yy": ("year2", r"\d{2}"), "y": ("year", r"\d{1,6}"),
    "MM": ("month", r"\d{2}"), "M": ("month", r"\d{1,2}"), "LL": ("month", r"\d{2}"), "L": ("month", r"\d{1,2}"),
    "MMMM": ("month_name", "[A-Za-z]+"), "MMM": ("month_abbr", "[A-Za-z]{3}"),
    "dd": ("day", r"\d{2}"), "d": ("day", r"\d{1,2}"),
    "HH": ("hour", r"\d{2}"), "H": ("hour", r"\d{1,2}"), "hh": ("hour12", r"\d{2}"), "h": ("hour12", r"\d{1,2}"),
    "mm": ("minute", r"\d{2}"), "m": ("minute", r"\d{1,2}"), "ss": ("second", r"\d{2}"), "s": ("second", r"\d{1,2}"),
    "a": ("meridiem", "(?i:AM|PM)"), "x": ("epoch_ms", r"-?\d+"), "X": ("epoch", r"-?\d+"), "EEEE": ("weekday", "[A-Za-z]+"), "EEE": ("weekday", "[A-Za-z]{3}"),
}


def parse_date(text: str, fmt: str) -> datetime | None:
    """`text` read by a Luxon format (`date("12/31/2022", "MM/dd/yyyy")`), or None if it does not fit."""
    pattern, names = "", list[str]()
    for literal, piece in runs(fmt):
        if literal or piece not in _READ:
            pattern += re.escape(piece)
        else:
            name, read = _READ[piece]
            pattern += f"(?P<g{len(names)}>{read})"
            names.append(name)
    found = re.fullmatch(pattern, text.strip())
    if found is None:
        return None
    parts = {name: found.group(f"g{n}") for n, name in enumerate(names)}
    return _built(parts)


def _built(parts: dict[str, str]) -> datetime | None:
    if "epoch_ms" in parts or "epoch" in parts:
        seconds = int(parts["epoch_ms"]) / 1000 if "epoch_ms" in parts else int(parts["epoch"])
        return datetime.fromtimestamp(seconds, timezone.utc).replace(tzinfo=None)
    year = int(parts["year"]) if "year" in parts else 2000 + int(parts["year2"]) if "year2" in parts else 1970
    month = int(parts.get("month", 1))
    names = [name.casefold() for name in _MONTHS]
    if "month_name" in parts and parts["month_name"].casefold() in names:
        month = names.index(parts["month_name"].casefold()) + 1
    if "month_abbr" in parts and parts["month_abbr"].casefold() in [name[:3] for name in names]:
        month = [name[:3] for name in names].index(parts["month_abbr"].casefold()) + 1
    hour = int(parts.get("hour", 0))
    if "hour12" in parts:
        hour = int(parts["hour12"]) % 12 + (12 if parts.get("meridiem", "AM").upper() == "PM" else 0)
    try:
        return datetime(year, month, int(parts.get("day", 1)), hour, int(parts.get("minute", 0)),
                        int(parts.get("second", 0)))
    except ValueError:
        return None

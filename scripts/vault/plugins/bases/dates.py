"""Dates as Bases writes them: Moment.js format strings (`YYYY-MM-DD`, `MMM D, YYYY`,
`HH:mm`), and the "3 days ago" of `relative()`."""

from __future__ import annotations

import math
import re
from datetime import datetime

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_TOKEN = re.compile(r"\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DDDD|DD|D|dddd|ddd|d|HH|H|hh|h|mm|m|ss|s|SSS|A|a|X|x")


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def format_date(moment: datetime, pattern: str) -> str:
    def one(found: re.Match[str]) -> str:
        if found.group(1) is not None:
            return found.group(1)  # [escaped text]
        token, hour12 = found.group(0), moment.hour % 12 or 12
        return {
            "YYYY": f"{moment.year:04d}", "YY": f"{moment.year % 100:02d}", "MMMM": _MONTHS[moment.month - 1],
            "MMM": _MONTHS[moment.month - 1][:3], "MM": f"{moment.month:02d}", "M": str(moment.month),
            "Do": _ordinal(moment.day), "DDDD": f"{moment.timetuple().tm_yday:03d}", "DD": f"{moment.day:02d}",
            "D": str(moment.day), "dddd": _DAYS[moment.weekday()], "ddd": _DAYS[moment.weekday()][:3],
            "d": str((moment.weekday() + 1) % 7), "HH": f"{moment.hour:02d}", "H": str(moment.hour),
            "hh": f"{hour12:02d}", "h": str(hour12), "mm": f"{moment.minute:02d}", "m": str(moment.minute),
            "ss": f"{moment.second:02d}", "s": str(moment.second), "SSS": f"{moment.microsecond // 1000:03d}",
            "A": "AM" if moment.hour < 12 else "PM", "a": "am" if moment.hour < 12 else "pm",
            "X": str(int(moment.timestamp())), "x": str(int(moment.timestamp() * 1000)),
        }[token]

    return _TOKEN.sub(one, pattern)


# Moment.js's thresholds, in seconds, in order: below each limit, its words ("a minute"), or
# the count in its unit ("3 minutes") where a unit's size is given.
_STEPS: tuple[tuple[float, str, float], ...] = (
    (45, "a few seconds", 0), (90, "a minute", 0), (45 * 60, "minutes", 60), (90 * 60, "an hour", 0),
    (22 * 3600, "hours", 3600), (36 * 3600, "a day", 0), (26 * 86400, "days", 86400), (45 * 86400, "a month", 0),
    (320 * 86400, "months", 30.4 * 86400), (548 * 86400, "a year", 0), (math.inf, "years", 365 * 86400),
)


def relative(moment: datetime, now: datetime) -> str:
    """Moment.js's `fromNow()`: "a few seconds ago", "in 2 hours", "3 days ago", "a year ago"."""
    seconds = (moment - now).total_seconds()
    ahead, seconds = seconds > 0, abs(seconds)
    words = next(f"{round(seconds / size)} {name}" if size else name for limit, name, size in _STEPS if seconds < limit)
    return f"in {words}" if ahead else f"{words} ago"

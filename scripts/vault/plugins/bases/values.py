"""The values of Bases' expression language: Python's own for null, booleans, numbers,
strings, lists and objects; small frozen types for dates, durations, links, files, regular
expressions, images, icons and HTML. Conversions every function shares live here: truth,
text, equality and order."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timezone
from typing import Union


class BasesError(ValueError):
    """An expression that cannot be worked out: shown in place and reported, never raised
    out of the plugin."""


@dataclass(frozen=True)
class DateValue:
    moment: datetime  # naive: Bases shows the vault's local time as written
    has_time: bool = True


@dataclass(frozen=True)
class Duration:
    months: int = 0
    millis: float = 0.0

    @property
    def total_millis(self) -> float:
        """The whole span in milliseconds, a month counted as 30 days (to compare or show it)."""
        return self.months * 30 * 86_400_000 + self.millis


@dataclass(frozen=True)
class Link:
    target: str  # as between `[[` and `]]`, without the label: "Folder/Note#Heading"
    display: object = None  # a Value, or None for the link's own text
    path: str | None = None  # the note it resolves to, where known


@dataclass(frozen=True)
class FileValue:
    path: str  # vault-relative; a note or the base file itself


@dataclass(frozen=True)
class RegexValue:
    pattern: str
    flags: str

    def compiled(self) -> re.Pattern[str]:
        flags = (re.IGNORECASE if "i" in self.flags else 0) | (re.MULTILINE if "m" in self.flags else 0)
        flags |= re.DOTALL if "s" in self.flags else 0
        try:
            return re.compile(self.pattern, flags)
        except re.error as error:
            raise BasesError(f"invalid regular expression /{self.pattern}/ ({error})") from None


@dataclass(frozen=True)
class Image:
    source: object  # a Link, a FileValue or a URL string


@dataclass(frozen=True)
class Icon:
    name: str


@dataclass(frozen=True)
class Html:
    text: str


Value = Union[None, bool, int, float, str, list["Value"], dict[str, "Value"], DateValue, Duration, Link,
              FileValue, RegexValue, Image, Icon, Html]

_WIKILINK = re.compile(r"^\s*!?\[\[([^\[\]]+)\]\]\s*$")


def from_yaml(value: object) -> Value:
    """A front-matter value as Bases reads it: `"[[Note]]"` is a link, YAML's dates are dates."""
    if value is None or isinstance(value, (bool, int, str)):
        if isinstance(value, str):
            found = _WIKILINK.match(value)
            if found:
                return link_of(found.group(1))
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, datetime):
        return DateValue(value.astimezone().replace(tzinfo=None) if value.tzinfo else value, True)
    if isinstance(value, date):
        return DateValue(datetime.combine(value, time()), False)
    if isinstance(value, list):
        # `[[Note]]` unquoted is YAML's list in a list: the link it was written as.
        if len(value) == 1 and isinstance(value[0], list) and len(value[0]) == 1 and isinstance(value[0][0], str):
            return link_of(value[0][0])
        return [from_yaml(item) for item in value]
    if isinstance(value, dict):
        return {str(key): from_yaml(inner) for key, inner in value.items()}
    return str(value)


def link_of(inner: str) -> Link:
    """`Note#Heading|label` (as between the brackets) as a Link."""
    target, _, label = inner.partition("|")
    return Link(target.strip(), label.strip() or None)


def type_name(value: Value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return {DateValue: "date", Duration: "duration", Link: "link", FileValue: "file", RegexValue: "regexp",
            Image: "image", Icon: "icon", Html: "html"}[type(value)]


def truthy(value: Value) -> bool:
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0 and not math.isnan(value)
    if isinstance(value, (str, list, dict)):
        return len(value) > 0
    return True


def number_text(value: float) -> str:
    """A number as JavaScript writes it: 3, 2.5, 0.1 (never 3.0)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    return repr(value)


def date_text(value: DateValue) -> str:
    if value.has_time:
        return value.moment.strftime("%Y-%m-%d %H:%M:%S" if value.moment.second else "%Y-%m-%d %H:%M")
    return value.moment.strftime("%Y-%m-%d")


def duration_text(value: Duration) -> str:
    if value.months and not value.millis:
        return f"{value.months} months"
    return number_text(value.total_millis)


def to_text(value: Value) -> str:
    """`toString()`: how a value reads as text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return number_text(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(to_text(item) for item in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {to_text(inner)}" for key, inner in value.items()) + "}"
    if isinstance(value, DateValue):
        return date_text(value)
    if isinstance(value, Duration):
        return duration_text(value)
    if isinstance(value, Link):
        return to_text(value.display) if value.display is not None else value.target  # type: ignore[arg-type]
    if isinstance(value, FileValue):
        return value.path
    if isinstance(value, RegexValue):
        return f"/{value.pattern}/{value.flags}"
    if isinstance(value, Image):
        return to_text(value.source)  # type: ignore[arg-type]
    if isinstance(value, Icon):
        return value.name
    return value.text


def as_date(value: Value) -> DateValue | None:
    """A date, or a string that reads as one (`2025-01-01`, `2025-01-01 12:00:00`, ISO)."""
    if isinstance(value, DateValue):
        return value
    if isinstance(value, str):
        text = value.strip().replace("T", " ").removesuffix("Z")
        for pattern, has_time in (("%Y-%m-%d %H:%M:%S", True), ("%Y-%m-%d %H:%M", True), ("%Y-%m-%d", False)):
            try:
                return DateValue(datetime.strptime(text.split(".")[0], pattern), has_time)
            except ValueError:
                continue
    return None


def epoch_millis(value: DateValue) -> float:
    return value.moment.replace(tzinfo=timezone.utc).timestamp() * 1000


def equals(left: Value, right: Value) -> bool:
    """`==`: by value; a link equals a link or file that goes to the same note, or one with
    the same text where neither resolves."""
    if isinstance(left, (Link, FileValue)) and isinstance(right, (Link, FileValue)):
        left_path, right_path = left.path, right.path
        if left_path is not None or right_path is not None:
            return left_path == right_path
        return isinstance(left, Link) and isinstance(right, Link) and left.target == right.target
    if isinstance(left, DateValue) or isinstance(right, DateValue):
        left_date, right_date = as_date(left), as_date(right)
        return left_date is not None and right_date is not None and left_date.moment == right_date.moment
    if isinstance(left, bool) != isinstance(right, bool):
        return False
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(equals(a, b) for a, b in zip(left, right))
    return bool(left == right)


def order_key(value: Value) -> tuple[int, object]:
    """A key that orders any two values of one kind as Bases sorts them (empty last)."""
    if value is None or value == "" or value == []:
        return (9, 0)
    if isinstance(value, bool):
        return (1, int(value))
    if isinstance(value, (int, float)):
        return (2, value)
    found = as_date(value) if isinstance(value, DateValue) else None
    if found is not None:
        return (3, found.moment)
    if isinstance(value, Duration):
        return (4, value.total_millis)
    return (5, _natural(to_text(value)))


def _natural(text: str) -> tuple[object, ...]:
    """Text ordered as people read it: ignoring case, "Book 2" before "Book 10"."""
    return tuple(int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", text))


def compare(left: Value, right: Value) -> int:
    """`<`, `>`: numbers, dates (a string that reads as a date counts), else text."""
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return (left > right) - (left < right)
    left_date, right_date = as_date(left), as_date(right)
    if left_date is not None and right_date is not None and (isinstance(left, DateValue) or isinstance(right, DateValue)):
        return (left_date.moment > right_date.moment) - (left_date.moment < right_date.moment)
    if isinstance(left, Duration) and isinstance(right, Duration):
        a, b = left.total_millis, right.total_millis
        return (a > b) - (a < b)
    if left is None or right is None:
        raise BasesError(f"cannot compare {type_name(left)} with {type_name(right)}")
    a_text, b_text = to_text(left), to_text(right)
    return (a_text > b_text) - (a_text < b_text)

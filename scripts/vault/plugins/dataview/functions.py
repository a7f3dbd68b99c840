"""Dataview's function reference, each as its documentation describes it."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import cmp_to_key

from .expressions import QueryError
from .arithmetic import arithmetic
from .durations import format_duration, read_duration
from .luxon import format_date, parse_date
from .text import plain
from .values import Function, Link, Value, compare, equal, link_from, truthy, type_name

Impl = Callable[..., Value]


def _contains(haystack: Value, needle: Value, fold: bool = False) -> bool:
    if isinstance(haystack, list):  # inside each element: substring for strings
        return any(_contains(item, needle, fold) for item in haystack)
    if isinstance(haystack, dict):
        return isinstance(needle, str) and needle in haystack
    if isinstance(haystack, str) and isinstance(needle, str):
        return needle.casefold() in haystack.casefold() if fold else needle in haystack
    if isinstance(haystack, Link) and isinstance(needle, str):
        return needle in haystack.path
    return equal(haystack, needle)


def _econtains(haystack: Value, needle: Value) -> bool:
    if isinstance(haystack, dict):  # a key of its own, named exactly (not inside nested objects)
        return isinstance(needle, str) and needle in haystack
    if isinstance(haystack, list):
        return any(equal(item, needle) for item in haystack)
    if isinstance(haystack, str) and isinstance(needle, str):
        return needle in haystack
    return equal(haystack, needle)


def _date(value: Value, fmt: Value = None) -> Value:
    if isinstance(value, datetime):
        return value
    if isinstance(value, Link):
        return _date(value.name)
    if not isinstance(value, str):
        return None
    if isinstance(fmt, str):
        return parse_date(value, fmt)
    named = _named_day(value.strip().lower())
    if named is not None:
        return named
    try:
        return datetime.fromisoformat(value.strip())
    except ValueError:
        found = re.match(r"(\d{4})-(\d{2})(?:-(\d{2}))?", value.strip())
        return datetime(int(found.group(1)), int(found.group(2)), int(found.group(3) or 1)) if found else None


def _named_day(word: str) -> datetime | None:
    """today, now, tomorrow, yesterday, and the starts and ends of this week, month and year."""
    now = datetime.now()
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if word in ("today", "now", "tomorrow", "yesterday"):
        return {"today": today, "now": now, "tomorrow": today + timedelta(days=1),
                "yesterday": today - timedelta(days=1)}[word]
    week = today - timedelta(days=today.weekday())
    month = today.replace(day=1)
    next_month = (month + timedelta(days=32)).replace(day=1)
    year = today.replace(month=1, day=1)
    starts_ends = {"sow": week, "eow": week + timedelta(days=7) - timedelta(milliseconds=1), "som": month,
                   "eom": next_month - timedelta(milliseconds=1), "soy": year,
                   "eoy": year.replace(year=year.year + 1) - timedelta(milliseconds=1)}
    return starts_ends.get(word)


def dateformat(value: Value, fmt: Value) -> Value:
    """A date in a Luxon format ("yyyy-MM-dd", "MMMM d, yyyy", "EEEE 'the' d")."""
    if not isinstance(value, datetime) or not isinstance(fmt, str):
        return None
    return format_date(value, fmt)


def dur(value: Value) -> Value:
    if isinstance(value, timedelta):
        return value
    return read_duration(value) if isinstance(value, str) else None


def _reduce(values: Value, operand: Value) -> Value:
    """reduce(list, "+"): the operator between each element and the next, left to right."""
    items = _each(values)
    if not items or not isinstance(operand, str):
        return None
    total = items[0]
    for item in items[1:]:
        if operand in ("&", "|"):
            total = (truthy(total) and truthy(item)) if operand == "&" else (truthy(total) or truthy(item))
        else:
            total = arithmetic(operand, total, item)
    return total


def _flat(values: Value, depth: Value = 1) -> Value:
    out: list[Value] = []
    for item in _each(values):
        if isinstance(item, list) and isinstance(depth, int) and depth > 0:
            flattened = _flat(item, depth - 1)
            out.extend(flattened if isinstance(flattened, list) else [flattened])
        else:
            out.append(item)
    return out


def _split(text: Value, delimiter: Value, limit: Value = None) -> Value:
    if not isinstance(text, str) or not isinstance(delimiter, str):
        return None
    parts = ["" if part is None else part for part in re.split(delimiter, text)]  # an unmatched group: ""
    return parts[:limit] if isinstance(limit, int) else parts


def _truths(args: tuple[Value, ...]) -> tuple[list[Value], Value]:
    """all(), any(), none(): of one list (with a predicate or not), or of their arguments."""
    if len(args) == 2 and isinstance(args[1], Function):
        return _each(args[0]), args[1]
    return (_each(args[0]) if len(args) == 1 else list(args)), None


def _test(args: tuple[Value, ...]) -> list[bool]:
    items, predicate = _truths(args)
    return [truthy(_fn(predicate)(item) if predicate is not None else item) for item in items]


def _round(value: Value, digits: Value = 0) -> Value:
    if not isinstance(value, (int, float)) or not isinstance(digits, int):
        return None
    rounded = math.floor(value * 10 ** digits + 0.5) / 10 ** digits  # half up, as JavaScript's
    return int(rounded) if digits == 0 else rounded


def _numbers(values: Value) -> list[float]:
    items = values if isinstance(values, list) else [values]
    return [v for v in items if isinstance(v, (int, float)) and not isinstance(v, bool)]


def _sort(values: Value, key: Value = None) -> Value:
    if not isinstance(values, list):
        return values
    def keyed(value: Value) -> Value:
        return key.call([value]) if isinstance(key, Function) else value

    def order(a: Value, b: Value) -> int:
        return compare(keyed(a), keyed(b))

    return sorted(values, key=cmp_to_key(order))


def _number(value: Value) -> Value:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    found = re.search(r"-?\d+(?:\.\d+)?", value) if isinstance(value, str) else None
    return (float(found.group()) if "." in found.group() else int(found.group())) if found else None


def _link(path: Value, display: Value = None) -> Value:
    if isinstance(path, list):
        return [_link(item, display) for item in path]
    if isinstance(path, Link):
        return Link(path.path, display if isinstance(display, str) else path.display, False, path.subpath)
    if isinstance(path, str):
        found = link_from(path)
        return Link(found.path, display if isinstance(display, str) else found.display, False, found.subpath)
    return None


def _truncate(text: Value, length: Value, suffix: Value = "...") -> Value:
    if not isinstance(text, str) or not isinstance(length, int) or not isinstance(suffix, str):
        return None
    return text if len(text) <= length else text[: max(0, length - len(suffix))] + suffix


def _extreme(args: list[Value], sign: int) -> Value:
    """min() and max(): of their arguments, or of the one list given."""
    items = _each(args[0]) if len(args) == 1 else args
    best: Value = None
    for n, item in enumerate(items):
        if n == 0 or compare(item, best) * sign > 0:
            best = item
    return best


def _each(values: Value) -> list[Value]:
    return values if isinstance(values, list) else [values]


def _fn(value: Value) -> Callable[[Value], Value]:
    if not isinstance(value, Function):
        raise QueryError("expected a function such as (x) => x")
    return lambda item: value.call([item])


TABLE: dict[str, Impl] = {
    "contains": lambda h, n: _contains(h, n),
    "icontains": lambda h, n: _contains(h, n, True),
    "econtains": _econtains,
    "containsword": lambda h, n: isinstance(h, str) and isinstance(n, str)
    and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", h, re.IGNORECASE) is not None,
    "extract": lambda o, *keys: {k: o.get(k) for k in keys if isinstance(k, str)} if isinstance(o, dict) else None,
    "reduce": _reduce,
    "durationformat": lambda d, f: format_duration(d, f) if isinstance(d, timedelta) and isinstance(f, str) else None,
    "length": lambda v: len(v) if isinstance(v, (list, str, dict)) else 0,
    "join": lambda v, sep=", ": ((sep if isinstance(sep, str) else ", ").join(plain(i) for i in _each(v))),
    "link": _link,
    "embed": lambda l, e=True: Link(l.path, l.display, bool(e), l.subpath) if isinstance(l, Link) else None,
    "elink": lambda url, display=None: f"[{display or url}]({url})" if isinstance(url, str) else None,
    "date": _date,
    "dateformat": dateformat,
    "dur": dur,
    "striptime": lambda d: d.replace(hour=0, minute=0, second=0, microsecond=0) if isinstance(d, datetime) else None,
    "localtime": lambda d: d,
    "default": lambda v, d: [d if i is None else i for i in v] if isinstance(v, list) else (d if v is None else v),
    "ldefault": lambda v, d: d if v is None else v,
    "choice": lambda c, a, b: a if truthy(c) else b,
    "regexmatch": lambda p, s: isinstance(p, str) and isinstance(s, str) and re.fullmatch(p, s) is not None,
    "regextest": lambda p, s: isinstance(p, str) and isinstance(s, str) and re.search(p, s) is not None,
    "regexreplace": lambda s, p, r: re.sub(p, re.sub(r"\$(\d)", r"\\\1", r), s) if isinstance(s, str) else None,
    "replace": lambda s, p, r: s.replace(p, r) if isinstance(s, str) and isinstance(p, str) else None,
    "round": _round,
    "trunc": lambda v: int(v) if isinstance(v, (int, float)) else None,
    "floor": lambda v: math.floor(v) if isinstance(v, (int, float)) else None,
    "ceil": lambda v: math.ceil(v) if isinstance(v, (int, float)) else None,
    "sum": lambda v: sum(_numbers(v)) if _numbers(v) else None,
    "product": lambda v: math.prod(_numbers(v)) if _numbers(v) else None,
    "average": lambda v: sum(_numbers(v)) / len(_numbers(v)) if _numbers(v) else None,
    "min": lambda *v: _extreme(list(v), -1),
    "max": lambda *v: _extreme(list(v), 1),
    "minby": lambda v, f: _sort(v, f)[0] if isinstance(v, list) and v else None,  # type: ignore[index]
    "maxby": lambda v, f: _sort(v, f)[-1] if isinstance(v, list) and v else None,  # type: ignore[index]
    "filter": lambda v, f: [i for i in _each(v) if truthy(_fn(f)(i))],
    "map": lambda v, f: [_fn(f)(i) for i in _each(v)],
    "all": lambda *args: all(_test(args)),
    "any": lambda *args: any(_test(args)),
    "none": lambda *args: not any(_test(args)),
    "nonnull": lambda v: [i for i in _each(v) if i is not None],
    "firstvalue": lambda v: next((i for i in _each(v) if i is not None), None),
    "flat": _flat,
    "sort": _sort,
    "reverse": lambda v: list(reversed(v)) if isinstance(v, list) else v,
    "unique": lambda v: [i for n, i in enumerate(_each(v)) if not any(equal(i, j) for j in _each(v)[:n])],
    "slice": lambda v, a=0, b=None: v[a:b] if isinstance(v, list) else None,
    "list": lambda *v: list(v),
    "array": lambda *v: list(v),
    "object": lambda *v: {plain(v[n]): v[n + 1] for n in range(0, len(v) - 1, 2)},
    "typeof": type_name,
    "number": _number,
    "string": plain,
    "lower": lambda s: s.lower() if isinstance(s, str) else s,
    "upper": lambda s: s.upper() if isinstance(s, str) else s,
    "split": _split,
    "startswith": lambda s, p: isinstance(s, str) and isinstance(p, str) and s.startswith(p),
    "endswith": lambda s, p: isinstance(s, str) and isinstance(p, str) and s.endswith(p),
    "padleft": lambda s, n, p=" ": s.rjust(n, p) if isinstance(s, str) else None,
    "padright": lambda s, n, p=" ": s.ljust(n, p) if isinstance(s, str) else None,
    "substring": lambda s, a, b=None: s[a:b] if isinstance(s, str) else None,
    "truncate": _truncate,
    "trim": lambda s: s.strip() if isinstance(s, str) else s,
    "display": lambda v: v.display or v.name if isinstance(v, Link) else plain(v),
    "meta": lambda l: {"display": l.display, "embed": l.embed, "path": l.path, "subpath": l.subpath.lstrip("#^") or None,
                       "type": "file" if not l.subpath else ("block" if l.subpath.startswith("#^") else "header")}
    if isinstance(l, Link) else None,
}



# Functions that, given a list first, apply to each element ("function vectorization").
VECTORISED = frozenset({
    "lower", "upper", "replace", "regexreplace", "number", "date", "dur", "round", "trunc", "floor", "ceil",
    "striptime", "dateformat", "durationformat", "padleft", "padright", "substring", "truncate", "startswith",
    "endswith", "link", "embed", "containsword", "trim",
})

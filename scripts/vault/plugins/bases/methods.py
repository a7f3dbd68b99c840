"""Bases' fields and methods by the type of their value ("Functions": Any, Date, String,
Number, List, Link, File, Object, Regular expression)."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from .dates import format_date, relative
from .files import Files
from .functions import now
from .values import (BasesError, DateValue, FileValue, Link, RegexValue, Value, equals, order_key, to_text,
                     truthy, type_name)

_DATE_FIELDS = ("year", "month", "day", "hour", "minute", "second", "millisecond")


def member(value: Value, name: str, files: Files) -> Value:
    """`value.name`: a field of its type, an object's key, a file's field or property."""
    if isinstance(value, FileValue):
        try:
            return files.field(value.path, name)
        except KeyError:
            return files.property(value.path, name)
    if isinstance(value, Link):
        return member(FileValue(value.path), name, files) if value.path else None
    if isinstance(value, DateValue) and name in _DATE_FIELDS:
        moment = value.moment
        return moment.microsecond // 1000 if name == "millisecond" else int(getattr(moment, name))
    if isinstance(value, (str, list)) and name == "length":
        return len(value)
    if isinstance(value, dict):
        return value.get(name)
    if value is None:
        return None
    raise BasesError(f"{type_name(value)} has no field {name!r}")


def _round(number: float, digits: int = 0) -> Value:
    """Half away from zero, as people round (2.5 -> 3), to `digits` places."""
    rounded = float(Decimal(repr(number)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
    return int(rounded) if rounded.is_integer() else rounded


def _contains(value: Value, wanted: Value) -> bool:
    if isinstance(value, str):
        return to_text(wanted) in value
    if isinstance(value, list):
        return any(equals(item, wanted) for item in value)
    raise BasesError(f"{type_name(value)} has no contains()")


def _flat(items: list[Value]) -> list[Value]:
    return [inner for item in items for inner in (_flat(item) if isinstance(item, list) else [item])]


def _unique(items: list[Value]) -> list[Value]:
    kept: list[Value] = []
    for item in items:
        if not any(equals(item, seen) for seen in kept):
            kept.append(item)
    return kept


def _integer(value: Value, what: str) -> int:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return int(value)
    raise BasesError(f"{what} must be a number, not {type_name(value)}")


def _text_method(text: str, name: str, args: list[Value]) -> Value:
    if name == "lower":
        return text.lower()
    if name == "upper":
        return text.upper()
    if name == "title":
        return " ".join(word[:1].upper() + word[1:] for word in text.split(" "))
    if name == "trim":
        return text.strip()
    if name == "reverse":
        return text[::-1]
    if name == "startsWith":
        return text.startswith(to_text(args[0]))
    if name == "endsWith":
        return text.endswith(to_text(args[0]))
    if name == "repeat":
        count = _integer(args[0], "repeat()'s count")
        if count < 0 or count * len(text) > 100_000:
            raise BasesError("repeat() would make a text over 100,000 characters (or a negative count)")
        return text * count
    if name == "slice":
        start = _integer(args[0], "slice()'s start") if args else 0
        return text[start:_integer(args[1], "slice()'s end")] if len(args) > 1 else text[start:]
    if name == "replace":
        pattern, replacement = args[0], to_text(args[1]) if len(args) > 1 else ""
        if isinstance(pattern, RegexValue):
            js = replacement.replace("\\", "\\\\").replace("$&", "\\g<0>")
            for number in range(9, 0, -1):
                js = js.replace(f"${number}", f"\\g<{number}>")
            return pattern.compiled().sub(js, text, count=0 if "g" in pattern.flags else 1)
        return text.replace(to_text(pattern), replacement)
    if name == "split":
        separator = args[0] if args else ""
        parts = separator.compiled().split(text) if isinstance(separator, RegexValue) else (
            list(text) if to_text(separator) == "" else text.split(to_text(separator)))
        return list(parts[:_integer(args[1], "split()'s count")] if len(args) > 1 else parts)
    raise BasesError(f"text has no method {name}()")


def _list_method(items: list[Value], name: str, args: list[Value]) -> Value:
    if name == "join":
        return (to_text(args[0]) if args else ",").join(to_text(item) for item in items)
    if name == "reverse":
        return items[::-1]
    if name == "flat":
        return _flat(items)
    if name == "unique":
        return _unique(items)
    if name == "sort":
        return sorted(items, key=order_key)
    if name == "slice":
        start = _integer(args[0], "slice()'s start") if args else 0
        return items[start:_integer(args[1], "slice()'s end")] if len(args) > 1 else items[start:]
    raise BasesError(f"list has no method {name}()")


def _file_method(files: Files, path: str, name: str, args: list[Value]) -> Value:
    if name == "hasTag":
        return any(files.has_tag(path, to_text(tag)) for tag in args)
    if name == "inFolder":
        folder = to_text(args[0]).strip("/") if args else ""
        return not folder or path.startswith(folder + "/")
    if name == "hasProperty":
        return bool(args) and any(key.casefold() == to_text(args[0]).casefold() for key in files.properties(path))
    if name == "hasLink":
        other = args[0] if args else None
        target = other.path if isinstance(other, (FileValue, Link)) else files.resolve(to_text(other))
        return target is not None and files.links_to(path, target)
    if name == "asLink":
        return Link(path.removesuffix(".md"), args[0] if args else None, path if files.record(path) else None)
    raise BasesError(f"file has no method {name}()")


def call_method(target: Value, name: str, args: list[Value], files: Files) -> Value:
    if name == "isTruthy":
        return truthy(target)
    if name == "isType":
        return bool(args) and type_name(target) == to_text(args[0]).lower()
    if name == "toString":
        return to_text(target)
    if name == "isEmpty":
        if isinstance(target, (str, list, dict)):
            return len(target) == 0
        return target is None
    if target is None:
        return None  # a method of an empty property is empty, as in Obsidian
    if name in ("contains", "containsAll", "containsAny") and isinstance(target, (str, list)):
        found = [_contains(target, wanted) for wanted in args]
        return found[0] if name == "contains" and found else all(found) if name == "containsAll" else any(found)
    if isinstance(target, str):
        return _text_method(target, name, args)
    if isinstance(target, list):
        return _list_method(target, name, args)
    if isinstance(target, bool):
        raise BasesError(f"boolean has no method {name}()")
    if isinstance(target, (int, float)):
        if name == "abs":
            return abs(target)
        if name in ("ceil", "floor"):
            return (math.ceil if name == "ceil" else math.floor)(target)
        if name == "round":
            return _round(target, _integer(args[0], "round()'s digits") if args else 0)
        if name == "toFixed":
            digits = _integer(args[0], "toFixed()'s precision") if args else 0
            return str(Decimal(repr(target)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
        raise BasesError(f"number has no method {name}()")
    if isinstance(target, DateValue):
        if name == "format":
            return format_date(target.moment, to_text(args[0]) if args else "YYYY-MM-DD")
        if name == "date":
            return DateValue(target.moment.replace(hour=0, minute=0, second=0, microsecond=0), False)
        if name == "time":
            return target.moment.strftime("%H:%M:%S")
        if name == "relative":
            return relative(target.moment, now())
        raise BasesError(f"date has no method {name}()")
    if isinstance(target, FileValue):
        return _file_method(files, target.path, name, args)
    if isinstance(target, Link):
        if name == "asFile":
            return FileValue(target.path) if target.path else None
        if name == "linksTo":
            other = args[0] if args else None
            wanted = other.path if isinstance(other, (FileValue, Link)) else files.resolve(to_text(other))
            return target.path is not None and wanted is not None and files.links_to(target.path, wanted)
        if name in ("hasTag", "inFolder", "hasProperty", "hasLink") and target.path:
            return _file_method(files, target.path, name, args)
        raise BasesError(f"link has no method {name}()")
    if isinstance(target, dict):
        if name == "keys":
            return list(target)
        if name == "values":
            return list(target.values())
        raise BasesError(f"object has no method {name}()")
    if isinstance(target, RegexValue) and name == "matches":
        return target.compiled().search(to_text(args[0]) if args else "") is not None
    raise BasesError(f"{type_name(target)} has no method {name}()")

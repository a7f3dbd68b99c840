"""Bases' global functions ("Functions", Global): `date`, `duration`, `now`, `today`,
`number`, `link`, `list`, `max`, `min`, `file`, `image`, `icon`, `escapeHTML`, `html`
(`if` is in evaluate.py: only its chosen branch is worked out)."""

from __future__ import annotations

import html as html_module
import math
from datetime import datetime

from .files import Files
from .operators import duration
from .values import (BasesError, DateValue, Duration, FileValue, Html, Icon, Image, Link, Value, as_date,
                     epoch_millis, link_of, to_text, type_name)


def now() -> datetime:
    """The moment of the build (one function, so a test may fix it)."""
    return datetime.now().replace(microsecond=0)


def _arity(name: str, args: list[Value], least: int, most: int) -> None:
    if not least <= len(args) <= most:
        wanted = str(least) if least == most else f"{least} to {most}"
        raise BasesError(f"{name}() takes {wanted} argument{'s' if most != 1 else ''}, not {len(args)}")


def to_number(value: Value) -> Value:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, DateValue):
        return int(epoch_millis(value))
    if isinstance(value, Duration):
        return value.total_millis
    if isinstance(value, str):
        try:
            found = float(value.strip())
        except ValueError:
            raise BasesError(f"{value!r} is not a number") from None
        return int(found) if found.is_integer() else found
    if value is None:
        return None
    raise BasesError(f"{type_name(value)} is not a number")


def _link(args: list[Value], files: Files) -> Value:
    target, display = args[0], args[1] if len(args) > 1 else None
    if isinstance(target, FileValue):
        return Link(target.path.removesuffix(".md"), display, target.path if files.record(target.path) else None)
    if isinstance(target, Link):
        return Link(target.target, display if display is not None else target.display, target.path)
    text = to_text(target).strip()
    if text.startswith("[[") and text.endswith("]]"):
        inner = link_of(text[2:-2])
        return files.link(inner.target, display if display is not None else inner.display)  # type: ignore[arg-type]
    return files.link(text, display)


def _file(value: Value, files: Files) -> Value:
    if isinstance(value, FileValue):
        return value
    if isinstance(value, Link):
        return FileValue(value.path) if value.path else None
    path = files.resolve(to_text(value).strip().removeprefix("[[").removesuffix("]]"))
    return FileValue(path) if path else None


def _extreme(name: str, args: list[Value]) -> Value:
    numbers = [item for item in (args[0] if len(args) == 1 and isinstance(args[0], list) else args)
               if isinstance(item, (int, float)) and not isinstance(item, bool) and not math.isnan(item)]
    if not numbers:
        return None
    return max(numbers) if name == "max" else min(numbers)


def call_global(name: str, args: list[Value], files: Files) -> Value:
    if name == "now":
        _arity(name, args, 0, 0)
        return DateValue(now(), True)
    if name == "today":
        _arity(name, args, 0, 0)
        return DateValue(now().replace(hour=0, minute=0, second=0), False)
    if name in ("max", "min"):
        return _extreme(name, args)
    if name == "list":
        _arity(name, args, 1, 1)
        return args[0] if isinstance(args[0], list) else [args[0]]
    if name == "link":
        _arity(name, args, 1, 2)
        return _link(args, files)
    one = {"date", "duration", "number", "file", "image", "icon", "escapeHTML", "html"}
    if name not in one:
        raise BasesError(f"no function named {name}()")
    _arity(name, args, 1, 1)
    value = args[0]
    if name == "date":
        found = as_date(value)
        if found is None:
            raise BasesError(f"{to_text(value)!r} is not a date (write it as YYYY-MM-DD HH:mm:ss)")
        return found
    if name == "duration":
        return value if isinstance(value, Duration) else duration(to_text(value))
    if name == "number":
        return to_number(value)
    if name == "file":
        return _file(value, files)
    if name == "image":
        if isinstance(value, str) and not value.startswith(("http://", "https://", "[[")):
            return Image(files.link(value))
        return Image(_link([value], files) if isinstance(value, str) and value.startswith("[[") else value)
    if name == "icon":
        return Icon(to_text(value))
    if name == "escapeHTML":
        return html_module.escape(to_text(value))
    return Html(to_text(value))

"""A stat block's YAML, loaded safely (issue 36): PyYAML's safe loader only, after refusing
text nested deeper than PyYAML can recurse or too large to read quickly, then refusing
aliases that hold themselves or multiply past MAX_VALUES values; and values as Markdown
text. Every refusal is a StatBlockError with the line (within the block) and a reason."""

from __future__ import annotations

import datetime
import math
from fractions import Fraction
from typing import Any

import yaml


class StatBlockError(ValueError):
    """A block that cannot be shown as a stat block: `line` is 1-based within the block."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


MAX_SOURCE = 100_000  # characters: PyYAML's pure-Python reader is slow on more
MAX_VALUES = 5000  # values a block may hold (aliases counted each time they are used)
MAX_DEPTH = 8


# safe_load's loader, in C (libyaml) where PyYAML has it: the same safe constructor, three
# times faster on a bestiary, and plainer messages ("did not find expected '-' indicator").
_SAFE_LOADER: type[yaml.SafeLoader] | type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_block(source: str) -> dict[str, Any]:
    """The block's `key: value` lines as a mapping, keys in lower case."""
    if len(source) > MAX_SOURCE:
        raise StatBlockError(f"the block is over {MAX_SOURCE // 1000} KB (a creature is a few KB)")
    _check_nesting(source)
    try:
        data = yaml.load(source, Loader=_SAFE_LOADER)  # noqa: S506 (the safe loader: no Python objects)
    except RecursionError:  # the composer recurses per level: bounded above, refused if not
        raise StatBlockError(f"values nest more than {MAX_DEPTH} deep") from None
    except ValueError as error:  # a date YAML reads that no calendar has: `2020-13-45`
        raise StatBlockError(f"not valid YAML ({error})") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error).split("\n", 1)[0]
        raise StatBlockError(f"not valid YAML ({problem})", line) from None
    if data is None:
        raise StatBlockError("the block is empty")
    if not isinstance(data, dict):
        raise StatBlockError(f"a stat block is `key: value` lines, this one is a {_kind(data)}")
    _check_size(data, 0, [], [0])
    return {str(key).strip().lower(): value for key, value in data.items() if key is not None}


def _check_nesting(source: str) -> None:
    """Refuse, before parsing, text nested deeper than any stat block is (PyYAML recurses
    once per level): brackets opened 50 deep, or a line indented 100 spaces."""
    depth = 0
    for number, line in enumerate(source.split("\n"), 1):
        if len(line) - len(line.lstrip(" ")) > 100:
            raise StatBlockError("a line is indented more than 100 spaces", number)
        for char in line:
            depth = depth + 1 if char in "[{" else max(depth - 1, 0) if char in "]}" else depth
            if depth > 50:
                raise StatBlockError("brackets nest more than 50 deep", number)


def _check_size(value: object, depth: int, open_: list[int], count: list[int]) -> None:
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise StatBlockError(f"the block holds more than {MAX_VALUES} values (aliases counted where used)")
    if isinstance(value, (list, dict)):
        if id(value) in open_:
            raise StatBlockError("an alias holds itself, without end")
        if depth > MAX_DEPTH:
            raise StatBlockError(f"values nest more than {MAX_DEPTH} deep")
        open_.append(id(value))
        for inner in (value.values() if isinstance(value, dict) else value):
            _check_size(inner, depth + 1, open_, count)
        open_.pop()


def _kind(value: object) -> str:
    return "list" if isinstance(value, list) else "single value"


def text(value: object) -> str:
    """A value as Markdown text: numbers as written, a list joined with commas, `[[Note]]`
    (which YAML reads as a list in a list) as the wikilink it was."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        fraction = Fraction(value).limit_denominator(8)
        return str(fraction) if fraction.denominator in (2, 4, 8) and float(fraction) == value else f"{value:g}"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, list):
        if len(value) == 1 and isinstance(value[0], list) and len(value[0]) == 1 and isinstance(value[0][0], str):
            return f"[[{value[0][0]}]]"
        return ", ".join(shown for shown in (text(item) for item in value) if shown)
    if isinstance(value, dict):
        return "; ".join(f"{text(key)}: {text(inner)}" if text(inner) else text(key) for key, inner in value.items())
    if isinstance(value, bytes):
        return f"({len(value)} bytes)"
    return str(value).strip()


def signed(value: int) -> str:
    """A bonus as a stat block prints it: +3, −1 (a minus sign, not a hyphen)."""
    return f"+{value}" if value >= 0 else f"\u2212{-value}"

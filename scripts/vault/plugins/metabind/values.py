"""A bound property's value, found and shown as Obsidian shows a property: a link as a link,
a list as a list, `true`/`false` as a checkbox (disabled: the page is read-only), nothing as
a dash. And a view's arithmetic: `{property}` references with numbers, `+ - * /` and
parentheses, computed exactly (a `Fraction`), shown as mathjs shows a number.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Mapping
from fractions import Fraction

from ...escaping import escape_html

Markdown = Callable[[str, bool], str]
MISSING = object()  # a property the note does not have

_LINKISH = re.compile(r"\[\[[^\[\]]+\]\]|\[[^\]]*\]\([^)]+\)")
_REFERENCE = re.compile(r"\{([^{}]+)\}")
EMPTY = '<span class="metabind-empty" title="no value">\u2014</span>'


def lookup(front_matter: Mapping[str, object], path: tuple[str | int, ...]) -> object:
    value: object = front_matter
    for part in path:
        if isinstance(part, int) and isinstance(value, list) and -len(value) <= part < len(value):
            value = value[part]
        elif isinstance(value, Mapping) and str(part) in value:
            value = value[str(part)]
        else:
            return MISSING
    return value


def plain(value: object) -> str:
    """A value as text (a view's `text` type)."""
    if value is MISSING or value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return number_text(Fraction(value)) if math.isfinite(value) else str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, list):
        return ", ".join(plain(item) for item in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{key}: {plain(inner)}" for key, inner in value.items())
    return str(value)


def shown(value: object, markdown: Markdown, label: str, block: bool = False) -> str:
    """A value's HTML, as Obsidian's properties show it; `label` names a checkbox."""
    if value is MISSING or value is None or value == "" or value == []:
        return EMPTY
    if isinstance(value, bool):
        checked = " checked" if value else ""
        return f'<input type="checkbox" class="metabind-checkbox" disabled{checked} aria-label="{escape_html(label)}">'
    if isinstance(value, list):
        items = [shown(item, markdown, label) for item in value]
        if block:
            return '<ul class="metabind-list">' + "".join(f"<li>{item}</li>" for item in items) + "</ul>"
        return '<span class="metabind-list">' + ", ".join(items) + "</span>"
    if isinstance(value, str):
        return markdown(value, True) if _LINKISH.search(value) else escape_html(value)
    return escape_html(plain(value))


def number_text(value: Fraction) -> str:
    """As mathjs shows a number: whole numbers as they are, others to 14 significant digits."""
    if value.denominator == 1:
        return str(value.numerator)
    shown_ = f"{float(value):.14g}"
    return shown_ if "e" not in shown_ else f"{float(value):g}"


def references(expression: str) -> list[str]:
    return _REFERENCE.findall(expression)


def substituted(expression: str, value_of: Callable[[str], object]) -> str:
    """A `text` view: each `{reference}` replaced by its value as text; `\\[` is `[`."""
    replaced = _REFERENCE.sub(lambda ref: plain(value_of(ref.group(1))), expression)
    return replaced.replace("\\[", "[").replace("\\]", "]")


def arithmetic(expression: str, value_of: Callable[[str], object]) -> Fraction | None:
    """The value of `{a} * ({b} + 2) / 3`, or None when it holds anything else (a function,
    a unit, a reference that is not a number) or divides by zero."""
    numbers: list[Fraction] = []

    def number(ref: re.Match[str]) -> str:
        value = value_of(ref.group(1))
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                isinstance(value, float) and not math.isfinite(value):
            raise ValueError(ref.group(1))
        numbers.append(Fraction(value))
        return f" n{len(numbers) - 1} "

    try:
        replaced = _REFERENCE.sub(number, expression)
    except ValueError:
        return None
    if not re.fullmatch(r"[\d.\sn+\-*/()]*", replaced):
        return None
    tokens = re.findall(r"n\d+|\d+(?:\.\d+)?|\.\d+|[+\-*/()]", replaced)
    if "".join(tokens) != re.sub(r"\s", "", replaced) or not tokens:
        return None
    try:
        result, at = _sum(tokens, 0, numbers)
    except (ValueError, ZeroDivisionError, IndexError):
        return None
    return result if at == len(tokens) else None


def _sum(tokens: list[str], at: int, numbers: list[Fraction]) -> tuple[Fraction, int]:
    value, at = _product(tokens, at, numbers)
    while at < len(tokens) and tokens[at] in "+-":
        right, after = _product(tokens, at + 1, numbers)
        value, at = (value + right if tokens[at] == "+" else value - right), after
    return value, at


def _product(tokens: list[str], at: int, numbers: list[Fraction]) -> tuple[Fraction, int]:
    value, at = _factor(tokens, at, numbers)
    while at < len(tokens) and tokens[at] in "*/":
        right, after = _factor(tokens, at + 1, numbers)
        value, at = (value * right if tokens[at] == "*" else value / right), after
    return value, at


def _factor(tokens: list[str], at: int, numbers: list[Fraction]) -> tuple[Fraction, int]:
    token = tokens[at]
    if token == "-":
        value, at = _factor(tokens, at + 1, numbers)
        return -value, at
    if token == "+":
        return _factor(tokens, at + 1, numbers)
    if token == "(":
        value, at = _sum(tokens, at + 1, numbers)
        if at >= len(tokens) or tokens[at] != ")":
            raise ValueError("unclosed")
        return value, at + 1
    if token.startswith("n"):
        return numbers[int(token[1:])], at + 1
    if token in "*/)":
        raise ValueError(token)
    return Fraction(token), at + 1

"""Bases' expressions cut into tokens: numbers, strings ('…' or "…"), regular expressions
(/…/flags, where a value may start), names, and the operators of "Bases syntax"."""

from __future__ import annotations

from dataclasses import dataclass

from .values import BasesError

_OPERATORS = ("==", "!=", ">=", "<=", "&&", "||", "+", "-", "*", "/", "%", ">", "<", "!", "(", ")", "[", "]",
              ",", ".", "{", "}", ":")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "/": "/"}
MAX_EXPRESSION = 2000  # characters: a formula is a line


@dataclass(frozen=True)
class Token:
    kind: str  # "number", "string", "regex", "name", "op", "end"
    text: str
    at: int  # column where it starts (0-based)
    value: object = None  # a number's or string's value; a regex's (pattern, flags)


def tokens(source: str) -> list[Token]:
    if len(source) > MAX_EXPRESSION:
        raise BasesError(f"the expression is over {MAX_EXPRESSION} characters")
    found: list[Token] = []
    at = 0
    while at < len(source):
        char = source[at]
        if char.isspace():
            at += 1
        elif char.isdigit():
            found.append(_number(source, at))
            at += len(found[-1].text)
        elif char in "'\"":
            found.append(_string(source, at))
            at += len(found[-1].text)
        elif char == "/" and _value_may_start(found):
            found.append(_regex(source, at))
            at += len(found[-1].text)
        elif char.isalpha() or char in "_$":
            end = at
            while end < len(source) and (source[end].isalnum() or source[end] in "_$" or _inner_hyphen(source, end)):
                end += 1
            found.append(Token("name", source[at:end], at))
            at = end
        else:
            operator = next((op for op in _OPERATORS if source.startswith(op, at)), None)
            if operator is None:
                raise BasesError(f"unexpected {char!r} at column {at + 1}")
            found.append(Token("op", operator, at))
            at += len(operator)
    found.append(Token("end", "", len(source)))
    return found


def _inner_hyphen(source: str, at: int) -> bool:
    """`image-property` is one name; `price-2` and `a - b` are subtractions."""
    return source[at] == "-" and at + 1 < len(source) and source[at + 1].isalpha()


def _value_may_start(found: list[Token]) -> bool:
    if not found:
        return True
    last = found[-1]
    return last.kind == "op" and last.text not in (")", "]", "}")


def _number(source: str, at: int) -> Token:
    end = at
    while end < len(source) and source[end].isdigit():
        end += 1
    # `2.5` is a number; `1.isTruthy()` is the number 1 and a method.
    if end + 1 < len(source) and source[end] == "." and source[end + 1].isdigit():
        end += 1
        while end < len(source) and source[end].isdigit():
            end += 1
    text = source[at:end]
    return Token("number", text, at, float(text) if "." in text else int(text))


def _string(source: str, at: int) -> Token:
    quote, end, chars = source[at], at + 1, []
    while end < len(source) and source[end] != quote:
        if source[end] == "\\" and end + 1 < len(source):
            chars.append(_ESCAPES.get(source[end + 1], source[end + 1]))
            end += 2
            continue
        chars.append(source[end])
        end += 1
    if end >= len(source):
        raise BasesError(f"a text starting at column {at + 1} has no closing {quote}")
    return Token("string", source[at:end + 1], at, "".join(chars))


def _regex(source: str, at: int) -> Token:
    end, in_class = at + 1, False
    while end < len(source) and (source[end] != "/" or in_class):
        if source[end] == "\\":
            end += 1
        elif source[end] == "[":
            in_class = True
        elif source[end] == "]":
            in_class = False
        end += 1
    if end >= len(source):
        raise BasesError(f"a regular expression starting at column {at + 1} has no closing /")
    flags_end = end + 1
    while flags_end < len(source) and source[flags_end] in "gimsuy":
        flags_end += 1
    return Token("regex", source[at:flags_end], at, (source[at + 1:end], source[end + 1:flags_end]))

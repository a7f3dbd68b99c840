"""Bases' expressions parsed into a tree (precedence climbing): `||`, `&&`, comparisons,
`+ -`, `* / %`, unary `! -`, then member access, calls, indexing and literals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from .lexer import Token, tokens
from .values import BasesError, RegexValue


@dataclass(frozen=True)
class Literal:
    value: object


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Member:
    target: Expr
    name: str


@dataclass(frozen=True)
class Index:
    target: Expr
    index: Expr


@dataclass(frozen=True)
class Call:
    """A global function `if(…)`, or a method `x.contains(…)` when `target` is set."""

    name: str
    args: tuple[Expr, ...]
    target: Expr | None = None


@dataclass(frozen=True)
class Unary:
    op: str
    operand: Expr


@dataclass(frozen=True)
class Binary:
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class ListOf:
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class ObjectOf:
    items: tuple[tuple[str, Expr], ...]


Expr = Literal | Name | Member | Index | Call | Unary | Binary | ListOf | ObjectOf

_LEVELS: tuple[tuple[str, ...], ...] = (("||",), ("&&",), ("==", "!=", ">", "<", ">=", "<="), ("+", "-"),
                                        ("*", "/", "%"))
MAX_DEPTH = 60
T = TypeVar("T")


def parse(source: str) -> Expr:
    """One expression, or BasesError saying where it stops making sense."""
    parser = _Parser(tokens(source))
    expr = parser.binary(0)
    if parser.peek().kind != "end":
        raise BasesError(f"unexpected {parser.peek().text!r} at column {parser.peek().at + 1}")
    return expr


class _Parser:
    def __init__(self, found: list[Token]) -> None:
        self.found, self.at, self.depth = found, 0, 0

    def peek(self) -> Token:
        return self.found[self.at]

    def take(self) -> Token:
        token = self.found[self.at]
        self.at += 1 if token.kind != "end" else 0
        return token

    def expect(self, text: str) -> None:
        token = self.take()
        if token.kind != "op" or token.text != text:
            shown = "the end" if token.kind == "end" else repr(token.text)
            raise BasesError(f"expected {text!r} at column {token.at + 1}, found {shown}")

    def binary(self, level: int) -> Expr:
        if level == len(_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek().kind == "op" and self.peek().text in _LEVELS[level]:
            op = self.take().text
            left = Binary(op, left, self.binary(level + 1))
        return left

    def unary(self) -> Expr:
        token = self.peek()
        if token.kind == "op" and token.text in ("!", "-"):
            self.take()
            return Unary(token.text, self._nested(self.unary))
        return self.postfix(self.primary())

    def _nested(self, parse: Callable[[], T]) -> T:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise BasesError(f"the expression nests more than {MAX_DEPTH} deep")
        try:
            return parse()
        finally:
            self.depth -= 1

    def postfix(self, expr: Expr) -> Expr:
        while self.peek().kind == "op" and self.peek().text in (".", "[", "("):
            op = self.take().text
            if op == ".":
                name = self.take()
                if name.kind != "name":
                    raise BasesError(f"expected a name after '.' at column {name.at + 1}")
                if self.peek().kind == "op" and self.peek().text == "(":
                    self.take()
                    expr = Call(name.text, self.arguments(")"), expr)
                else:
                    expr = Member(expr, name.text)
            elif op == "[":
                index = self._nested(lambda: self.binary(0))
                self.expect("]")
                expr = Index(expr, index)
            else:
                if not isinstance(expr, Name):
                    raise BasesError("only a function's name can be called")
                expr = Call(expr.name, self.arguments(")"))
        return expr

    def arguments(self, close: str) -> tuple[Expr, ...]:
        args: list[Expr] = []
        if self.peek().kind == "op" and self.peek().text == close:
            self.take()
            return ()
        while True:
            args.append(self._nested(lambda: self.binary(0)))
            if self.peek().kind == "op" and self.peek().text == ",":
                self.take()
                continue
            self.expect(close)
            return tuple(args)

    def primary(self) -> Expr:
        token = self.take()
        if token.kind in ("number", "string"):
            return Literal(token.value)
        if token.kind == "regex":
            pattern, flags = cast(tuple[str, str], token.value)
            return Literal(RegexValue(pattern, flags))
        if token.kind == "name":
            return {"true": Literal(True), "false": Literal(False), "null": Literal(None)}.get(token.text, Name(token.text))
        if token.kind == "op" and token.text == "(":
            inner = self._nested(lambda: self.binary(0))
            self.expect(")")
            return inner
        if token.kind == "op" and token.text == "[":
            return ListOf(self._nested(lambda: self.arguments("]")))
        if token.kind == "op" and token.text == "{":
            return self._nested(self.object_of)
        shown = "the end of the expression" if token.kind == "end" else repr(token.text)
        raise BasesError(f"unexpected {shown} at column {token.at + 1}")

    def object_of(self) -> Expr:
        items: list[tuple[str, Expr]] = []
        while not (self.peek().kind == "op" and self.peek().text == "}"):
            key = self.take()
            if key.kind not in ("string", "name"):
                raise BasesError(f"expected a key at column {key.at + 1}")
            self.expect(":")
            items.append((str(key.value if key.kind == "string" else key.text), self.binary(0)))
            if self.peek().kind == "op" and self.peek().text == ",":
                self.take()
        self.take()
        return ObjectOf(tuple(items))

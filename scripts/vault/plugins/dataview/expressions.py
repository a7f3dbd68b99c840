"""Dataview's expressions: the lexer and a precedence-climbing parser into a small tree.

Literals (numbers, "strings", true/false/null, [[links]], lists, objects), fields
(`file.name`, `rows.file.link`, `this`), index `a[0]`/`a["k"]`, calls, lambdas `(x) => ...`,
`!`/`-`, `* / %`, `+ -`, comparisons, `and`/`&`, `or`/`|`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .values import Value, link_from


class QueryError(Exception):
    """A query Dataview would not run; its message is what the page shows."""


@dataclass(frozen=True)
class Tok:
    kind: str  # "num", "str", "name", "link", "tag", "op", "date", "dur", "end"
    text: str
    at: int


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<date>(?i:date)\(\s*(?:\d{4}-\d{2}(?:-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?
        |(?i:today|now|tomorrow|yesterday|sow|eow|som|eom|soy|eoy))\s*\))
  | (?P<dur>(?i:dur)\(\s*(?:-?\d+(?:\.\d+)?\s*[a-zA-Z]+[\s,]*)+\))
  | (?P<link>!?\[\[[^\]\n]*\]\])
  | (?P<num>\d+(?:\.\d+)?)
  | (?P<str>"(?:[^"\\]|\\.)*")
  | (?P<tag>\#[^\s,()"'\[\]{}]+)
  | (?P<op>=>|<=|>=|!=|&&|\|\||[-+*/%<>=!&|().,\[\]{}:])
  | (?P<name>[^\W\d][\w-]*)
""", re.VERBOSE)


def lex(text: str) -> list[Tok]:
    tokens: list[Tok] = []
    at = 0
    while at < len(text):
        found = _TOKEN.match(text, at)
        if found is None:
            raise QueryError(f"unexpected '{text[at]}' at column {at + 1}")
        kind = found.lastgroup or ""
        if kind != "space":
            tokens.append(Tok(kind, found.group(), at))
        at = found.end()
    tokens.append(Tok("end", "", len(text)))
    return tokens


@dataclass(frozen=True)
class Literal:
    value: Value


@dataclass(frozen=True)
class Field:
    name: str  # "this" for the page holding the query


@dataclass(frozen=True)
class Dot:
    target: Expr
    name: str


@dataclass(frozen=True)
class Index:
    target: Expr
    key: Expr


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Unary:
    op: str  # "!" or "-"
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


@dataclass(frozen=True)
class Lambda:
    params: tuple[str, ...]
    body: Expr


Expr = Literal | Field | Dot | Index | Call | Unary | Binary | ListOf | ObjectOf | Lambda

# Words that end an expression inside a query (`... WHERE x SORT y`): never field names there.
KEYWORDS = frozenset({"from", "where", "sort", "group", "flatten", "limit", "as", "asc", "desc",
                      "ascending", "descending", "by", "without"})
_LEVELS: tuple[frozenset[str], ...] = (
    frozenset({"or", "|", "||"}), frozenset({"and", "&", "&&"}),
    frozenset({"=", "!=", "<", ">", "<=", ">="}), frozenset({"+", "-"}), frozenset({"*", "/", "%"}),
)


class Parser:
    """Reads expressions from a token list, from `at`; a query reads its clauses around them."""

    def __init__(self, tokens: list[Tok]) -> None:
        self.tokens, self.at = tokens, 0

    @property
    def peek(self) -> Tok:
        return self.tokens[self.at]

    def word(self) -> str:
        """The next token's word in lower case, if it is a name."""
        return self.peek.text.lower() if self.peek.kind == "name" else ""

    def take(self) -> Tok:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def expect(self, text: str) -> None:
        if self.peek.text != text:
            got = self.peek.text or "the end"
            raise QueryError(f"expected '{text}' but found '{got}'")
        self.at += 1

    def expression(self, level: int = 0) -> Expr:
        if level == len(_LEVELS):
            return self.unary()
        left = self.expression(level + 1)
        while (self.peek.kind == "op" or self.word() in ("and", "or")) and \
                (self.peek.text.lower() in _LEVELS[level]):
            op = {"||": "or", "|": "or", "&&": "and", "&": "and"}.get(self.peek.text.lower(), self.peek.text.lower())
            self.take()
            left = Binary(op, left, self.expression(level + 1))
        return left

    def unary(self) -> Expr:
        if self.peek.text in ("!", "-") and self.peek.kind == "op":
            op = self.take().text
            return Unary(op, self.unary())
        return self.postfix(self.atom())

    def postfix(self, target: Expr) -> Expr:
        while True:
            if self.peek.text == ".":
                self.take()
                name = self.take()
                if name.kind not in ("name", "num"):
                    raise QueryError(f"expected a field name after '.' but found '{name.text}'")
                target = Dot(target, name.text)
            elif self.peek.text == "[":
                self.take()
                key = self.expression()
                self.expect("]")
                target = Index(target, key)
            else:
                return target

    def _arguments(self, close: str) -> tuple[Expr, ...]:
        args: list[Expr] = []
        while self.peek.text != close:
            args.append(self.expression())
            if self.peek.text != ",":
                break
            self.take()
        self.expect(close)
        return tuple(args)

    def _lambda_ahead(self) -> bool:
        depth, at = 0, self.at
        while self.tokens[at].kind != "end":
            text = self.tokens[at].text
            depth += text == "("
            depth -= text == ")"
            if depth == 0:
                return self.tokens[at + 1].text == "=>"
            at += 1
        return False

    def atom(self) -> Expr:
        token = self.peek
        if token.kind == "num":
            self.take()
            return Literal(float(token.text) if "." in token.text else int(token.text))
        if token.kind == "str":
            self.take()
            # `\"` and `\\` are escapes; any other backslash stays, so "\w+" is a regex's.
            return Literal(re.sub(r'\\([\\"])', r"\1", token.text[1:-1]))
        if token.kind in ("date", "dur"):  # date(2021-04-18), dur(8 minutes): a literal's raw text
            self.take()
            raw = token.text[token.text.index("(") + 1 : -1].strip()
            return Call(token.kind, (Literal(raw),))
        if token.kind == "link":
            self.take()
            embed = token.text.startswith("!")
            return Literal(link_from(token.text[3 if embed else 2:-2], embed))
        if token.text == "(":
            if self._lambda_ahead():
                self.take()
                params: list[str] = []
                while self.peek.kind == "name":
                    params.append(self.take().text)
                    if self.peek.text == ",":
                        self.take()
                self.expect(")")
                self.expect("=>")
                return Lambda(tuple(params), self.expression())
            self.take()
            inner = self.expression()
            self.expect(")")
            return inner
        if token.text == "[":
            self.take()
            return ListOf(self._arguments("]"))
        if token.text == "{":
            self.take()
            items: list[tuple[str, Expr]] = []
            while self.peek.text != "}":
                key = self.take()
                self.expect(":")
                items.append((key.text.strip('"'), self.expression()))
                if self.peek.text == ",":
                    self.take()
            self.expect("}")
            return ObjectOf(tuple(items))
        called = self.tokens[self.at + 1].text == "(" if token.kind == "name" else False
        if token.kind == "name" and (token.text.lower() not in KEYWORDS or called):  # sort() is a function
            self.take()
            lowered = token.text.lower()
            if lowered in ("true", "false"):
                return Literal(lowered == "true")
            if lowered == "null":
                return Literal(None)
            if self.peek.text == "(":
                self.take()
                return Call(lowered, self._arguments(")"))
            return Field(token.text)
        raise QueryError(f"expected a value but found '{token.text or 'the end'}'")


def parse_expression(text: str) -> Expr:
    parser = Parser(lex(text))
    found = parser.expression()
    if parser.peek.kind != "end":
        raise QueryError(f"unexpected '{parser.peek.text}' after the expression")
    return found

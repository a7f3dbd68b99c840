"""The Dice Roller plugin's dice notation (javalent/dice-roller), read into a small tree.

What is read, as the plugin documents it (spaces are ignored, as there):
- numbers (`3`, `2.5`), `+ - * / ^` with the usual precedence, parentheses, a leading `-`;
- dice `XdY` (`X` defaults to 1, `Y` to 100, as the plugin's default face), `d%` (1-100),
  `dF` (-1, 0, +1), custom faces `d[1,3,5]` (each listed value one face) and a range
  `d[3-5]` (every whole number from 3 to 5);
- after a die: keep `k{n}`/`kh{n}`/`kl{n}`, drop `dh{n}`/`dl{n}` (`n` defaults to 1),
  re-roll `r{n}`/`ri`, explode `!{n}`/`!i` and explode-and-combine `!!{n}`/`!!i` (`n`
  defaults to 1; `i` is the plugin's own cap, 100), each with optional conditions
  (`=3`, `=!3`, `>4`, `<2`, `>=5`, `<=1`, any of which may match), the sort flags
  `s`/`sa`/`sd` (display only: no effect on the total);
- dice conditions right after a die or its keep/drop (`3d6>=5`): each die counts 1 when
  any condition holds, 0 when none does, -1 for `-=n`/`=-n`.

What is not (raises `Unsupported`, whose message the page shows beside the formula):
Dataview fields and formula aliases (names), Fantasy AGE stunt dice `dS`, custom percent
dice `d66%`, unique dice `u`, a dice count that is itself rolled `(1d4)d6`, and anything
the plugin's notation does not have.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

INFINITE = 100  # the plugin's cap for `!i`, `!!i` and `ri`
MAX_FACES = 1000
MAX_COUNT = 1000
DEFAULT_FACES = 100


class Unsupported(Exception):
    """A formula outside what the site computes; the message says why, for the page."""


@dataclass(frozen=True)
class Condition:
    operator: str  # "=", "!=", ">", "<", ">=", "<=", "-=" (counts -1, dice conditions only)
    value: Fraction

    def holds(self, face: Fraction | int) -> bool:
        return {
            "=": face == self.value, "-=": face == self.value, "!=": face != self.value,
            ">": face > self.value, "<": face < self.value,
            ">=": face >= self.value, "<=": face <= self.value,
        }[self.operator]


@dataclass(frozen=True)
class Modifier:
    kind: str  # "kh", "kl", "dh", "dl", "r", "!", "!!"
    count: int
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Dice:
    count: int
    faces: tuple[Fraction, ...]
    modifiers: tuple[Modifier, ...] = ()
    conditions: tuple[Condition, ...] = ()  # success counting


@dataclass(frozen=True)
class Number:
    value: Fraction


@dataclass(frozen=True)
class Negate:
    operand: Expr


@dataclass(frozen=True)
class Binary:
    operator: str  # + - * / ^
    left: Expr
    right: Expr


Expr = Number | Dice | Negate | Binary

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_INT = re.compile(r"\d+")
_CONDITION = re.compile(r"(=!|!=|>=|<=|=-|-=|=|>|<)(-?\d+(?:\.\d+)?)")
_TIMES = re.compile(r"\d+|i")
_NAME = re.compile(r"[A-Za-z_][\w.]*")


def parse_formula(text: str) -> Expr:
    """The formula's tree, or Unsupported saying what the site does not compute."""
    source = "".join(text.split())
    if not source:
        raise Unsupported("an empty formula")
    parser = _Parser(source)
    expr = parser.sum()
    if parser.at < len(source):
        raise Unsupported(f"cannot read {source[parser.at:]!r}")
    return expr


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.at = 0

    def peek(self, text: str) -> bool:
        return self.source.startswith(text, self.at)

    def sum(self) -> Expr:
        expr = self.product()
        while self.peek("+") or (self.peek("-") and not self.peek("-=")):
            operator = self.source[self.at]
            self.at += 1
            expr = Binary(operator, expr, self.product())
        return expr

    def product(self) -> Expr:
        expr = self.power()
        while self.peek("*") or self.peek("/"):
            operator = self.source[self.at]
            self.at += 1
            expr = Binary(operator, expr, self.power())
        return expr

    def power(self) -> Expr:
        base = self.unary()
        if self.peek("^"):
            self.at += 1
            return Binary("^", base, self.power())
        return base

    def unary(self) -> Expr:
        if self.peek("-"):
            self.at += 1
            return Negate(self.unary())
        if self.peek("+"):
            self.at += 1
            return self.unary()
        return self.atom()

    def atom(self) -> Expr:
        if self.peek("("):
            self.at += 1
            inner = self.sum()
            if not self.peek(")"):
                raise Unsupported("a parenthesis is not closed")
            self.at += 1
            if self.peek("d") or self.peek("D"):
                raise Unsupported("a dice count that is itself rolled")
            return inner
        count_match = _INT.match(self.source, self.at)
        start = count_match.end() if count_match else self.at
        if self.source[start : start + 1] in ("d", "D") and not self.source.startswith(("dl", "dh"), start):
            self.at = start + 1
            count = int(count_match.group(0)) if count_match else 1
            return self.dice(count)
        number = _NUMBER.match(self.source, self.at)
        if number is not None:
            self.at = number.end()
            return Number(Fraction(number.group(0)))
        name = _NAME.match(self.source, self.at)
        if name is not None:
            raise Unsupported(f"{name.group(0)!r} names a Dataview field or a formula alias")
        raise Unsupported(f"cannot read {self.source[self.at:]!r}")

    def dice(self, count: int) -> Dice:
        if count > MAX_COUNT:
            raise Unsupported(f"more than {MAX_COUNT:,} dice")
        faces = self.faces()
        modifiers: list[Modifier] = []
        conditions: list[Condition] = []
        while self.at < len(self.source):
            modifier = self.modifier(count)
            if modifier is not None:
                modifiers.append(modifier)
                continue
            condition = self.condition()
            if condition is not None:
                conditions.append(condition)
                continue
            break
        return Dice(count, faces, tuple(modifiers), tuple(conditions))

    def faces(self) -> tuple[Fraction, ...]:
        if self.peek("%"):
            self.at += 1
            return tuple(Fraction(face) for face in range(1, 101))
        if self.peek("F"):
            self.at += 1
            return (Fraction(-1), Fraction(0), Fraction(1))
        if self.peek("S"):
            raise Unsupported("Fantasy AGE stunt dice")
        if self.peek("["):
            return self.custom_faces()
        sides = _INT.match(self.source, self.at)
        number = DEFAULT_FACES
        if sides is not None:
            self.at = sides.end()
            number = int(sides.group(0))
            if self.peek("%"):
                raise Unsupported("custom percent dice")
        if not 1 <= number <= MAX_FACES:
            raise Unsupported(f"a die of {number:,} faces (1 to {MAX_FACES:,} are computed)")
        return tuple(Fraction(face) for face in range(1, number + 1))

    def custom_faces(self) -> tuple[Fraction, ...]:
        close = self.source.find("]", self.at)
        if close == -1:
            raise Unsupported("a bracket is not closed")
        inside = self.source[self.at + 1 : close]
        self.at = close + 1
        span = re.fullmatch(r"(-?\d+)-(-?\d+)", inside)
        if span is not None:
            low, high = sorted((int(span.group(1)), int(span.group(2))))
            if high - low + 1 > MAX_FACES:
                raise Unsupported(f"a die of more than {MAX_FACES:,} faces")
            return tuple(Fraction(face) for face in range(low, high + 1))
        parts = inside.split(",")
        if not all(re.fullmatch(r"-?\d+(?:\.\d+)?", part) for part in parts) or len(parts) > MAX_FACES:
            raise Unsupported(f"cannot read the faces [{inside}]")
        return tuple(Fraction(part) for part in parts)

    def modifier(self, count: int) -> Modifier | None:
        for prefix in ("kh", "kl", "dh", "dl", "k"):
            if self.peek(prefix):
                self.at += len(prefix)
                number = _INT.match(self.source, self.at)
                self.at = number.end() if number else self.at
                return Modifier("kh" if prefix == "k" else prefix, int(number.group(0)) if number else 1)
        for prefix in ("!!", "!", "r"):
            if self.peek(prefix):
                self.at += len(prefix)
                times = _TIMES.match(self.source, self.at)
                self.at = times.end() if times else self.at
                repeat = INFINITE if times and times.group(0) == "i" else int(times.group(0)) if times else 1
                conditions: list[Condition] = []
                while (condition := self.condition(signed=False)) is not None:
                    conditions.append(condition)
                return Modifier(prefix, min(repeat, INFINITE), tuple(conditions))
        if self.peek("u"):
            raise Unsupported("unique dice (u)")
        sort = re.compile(r"s[ad]?").match(self.source, self.at)
        if sort is not None:
            self.at = sort.end()
            return Modifier("sort", 0)
        return None

    def condition(self, signed: bool = True) -> Condition | None:
        found = _CONDITION.match(self.source, self.at)
        if found is None:
            return None
        operator = {"=!": "!=", "=-": "-="}.get(found.group(1), found.group(1))
        if operator == "-=" and not signed:
            return None
        self.at = found.end()
        return Condition(operator, Fraction(found.group(2)))

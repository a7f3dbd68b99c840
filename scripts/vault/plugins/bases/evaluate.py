"""An expression worked out for one note (the row): bare names and `note.x` are its
properties, `file` is the note, `formula.x` the base's formulas (each worked out once per
note, a loop refused), `this` the page the base is shown on, and inside `filter`, `map`
and `reduce` the names `value`, `index` and `acc`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .files import Files
from .functions import call_global
from .methods import call_method, member
from .operators import arithmetic, comparison
from .syntax import Binary, Call, Expr, Index, ListOf, Literal, Member, Name, ObjectOf, Unary
from .values import BasesError, FileValue, Value, to_text, truthy, type_name

@dataclass
class Scope:
    files: Files
    this: str  # the path of the page the base is shown on (a note, or the base file)
    formulas: Mapping[str, Expr | BasesError]
    row: str = ""  # the path of the note being worked out
    names: dict[str, Value] = field(default_factory=dict)  # value, index, acc, values
    cache: dict[tuple[str, str], Value] = field(default_factory=dict)  # (row, formula) -> value
    busy: list[str] = field(default_factory=list)  # formulas being worked out, to refuse a loop

    def formula(self, name: str) -> Value:
        key = (self.row, name)
        if key in self.cache:
            return self.cache[key]
        expr = self.formulas.get(name)
        if expr is None:
            raise BasesError(f"no formula named {name!r}")
        if isinstance(expr, BasesError):
            raise BasesError(f"formula {name!r}: {expr}")
        if name in self.busy:
            raise BasesError(f"formula {name!r} uses itself: {' → '.join([*self.busy[self.busy.index(name):], name])}")
        self.busy.append(name)
        try:
            value = evaluate(expr, self)
        finally:
            self.busy.pop()
        self.cache[key] = value
        return value


def evaluate(expr: Expr, scope: Scope) -> Value:
    if isinstance(expr, Literal):
        return expr.value  # type: ignore[return-value]
    if isinstance(expr, Name):
        return _name(expr.name, scope)
    if isinstance(expr, Member):
        return _member(expr, scope)
    if isinstance(expr, Index):
        return _index(evaluate(expr.target, scope), evaluate(expr.index, scope))
    if isinstance(expr, Call):
        return _call(expr, scope)
    if isinstance(expr, Unary):
        operand = evaluate(expr.operand, scope)
        if expr.op == "!":
            return not truthy(operand)
        return arithmetic("-", 0, operand)
    if isinstance(expr, Binary):
        return _binary(expr, scope)
    if isinstance(expr, ListOf):
        return [evaluate(item, scope) for item in expr.items]
    return {key: evaluate(value, scope) for key, value in expr.items}


def _binary(expr: Binary, scope: Scope) -> Value:
    if expr.op == "&&":
        left = evaluate(expr.left, scope)
        return evaluate(expr.right, scope) if truthy(left) else left
    if expr.op == "||":
        left = evaluate(expr.left, scope)
        return left if truthy(left) else evaluate(expr.right, scope)
    left, right = evaluate(expr.left, scope), evaluate(expr.right, scope)
    if expr.op in ("==", "!=", ">", "<", ">=", "<="):
        return comparison(expr.op, left, right)
    return arithmetic(expr.op, left, right)


def _name(name: str, scope: Scope) -> Value:
    if name in scope.names:
        return scope.names[name]
    if name == "file":
        return FileValue(scope.row)
    if name == "this":
        return FileValue(scope.this)
    if name == "note":
        return dict(scope.files.properties(scope.row))
    if name == "formula":
        raise BasesError("`formula` needs a formula's name: formula.name")
    return scope.files.property(scope.row, name)


def _member(expr: Member, scope: Scope) -> Value:
    target = expr.target
    if isinstance(target, Name) and target.name not in scope.names:
        if target.name == "note":
            return scope.files.property(scope.row, expr.name)
        if target.name == "formula":
            return scope.formula(expr.name)
        if target.name == "this":  # `this.file.name`, `this.status`
            if expr.name == "file":
                return FileValue(scope.this)
            if expr.name == "note":
                return dict(scope.files.properties(scope.this))
            return scope.files.property(scope.this, expr.name)
    return member(evaluate(target, scope), expr.name, scope.files)


def _index(target: Value, index: Value) -> Value:
    if isinstance(target, list) and isinstance(index, (int, float)) and not isinstance(index, bool):
        at = int(index)
        return target[at] if -len(target) <= at < len(target) else None
    if isinstance(target, dict):
        return target.get(to_text(index))
    if isinstance(target, str) and isinstance(index, int) and not isinstance(index, bool):
        return target[index] if -len(target) <= index < len(target) else None
    if target is None:
        return None
    raise BasesError(f"cannot index {type_name(target)} with {type_name(index)}")


def _call(expr: Call, scope: Scope) -> Value:
    if expr.target is None:
        if expr.name == "if":  # only the branch chosen is worked out
            if len(expr.args) not in (2, 3):
                raise BasesError("if() takes a condition, a value, and an optional other value")
            if truthy(evaluate(expr.args[0], scope)):
                return evaluate(expr.args[1], scope)
            return evaluate(expr.args[2], scope) if len(expr.args) == 3 else None
        return call_global(expr.name, [evaluate(arg, scope) for arg in expr.args], scope.files)
    target = evaluate(expr.target, scope)
    if isinstance(target, list) and expr.name in ("filter", "map", "reduce"):
        return _each(expr, target, scope)
    return call_method(target, expr.name, [evaluate(arg, scope) for arg in expr.args], scope.files)


def _each(expr: Call, items: list[Value], scope: Scope) -> Value:
    """`filter`, `map` and `reduce`: their argument worked out per item, with `value`,
    `index` (and `acc`) named."""
    if not expr.args or (expr.name != "reduce" and len(expr.args) != 1) or len(expr.args) > 2:
        raise BasesError(f"{expr.name}() takes one expression" + (" and a start value" if expr.name == "reduce" else ""))
    saved = dict(scope.names)
    acc: Value = evaluate(expr.args[1], scope) if len(expr.args) == 2 else None
    kept: list[Value] = []
    try:
        for index, value in enumerate(items):
            scope.names.update(value=value, index=index, acc=acc)
            result = evaluate(expr.args[0], scope)
            if expr.name == "filter":
                if truthy(result):
                    kept.append(value)
            elif expr.name == "map":
                kept.append(result)
            else:
                acc = result
    finally:
        scope.names = saved
    return acc if expr.name == "reduce" else kept

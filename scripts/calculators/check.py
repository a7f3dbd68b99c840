"""Running an example block through the engine and comparing what it expects with what
the engine says. Every failure names the block's line and both values."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from rulesengine.calculators.numbers import fraction_of
from rulesengine.calculators.registry import Calculator, calculator
from rulesengine.calculators.render import compute
from rulesengine.errors import InputError, RulesError
from scripts.calculators.fence import Block, BlockError, Expectation


@dataclass(frozen=True)
class Checked:
    """A block that ran: its calculator, typed inputs, the engine's result, and one
    message per expectation that failed (none when the block passes)."""

    block: Block
    calc: Calculator
    inputs: Mapping[str, object]
    result: Mapping[str, object]
    failures: tuple[str, ...]


def run_block(block: Block) -> Checked:
    """Look the calculator up, type the inputs, run the engine, compare expectations.
    Unreadable blocks and refused inputs raise BlockError; mismatches are collected."""
    try:
        calc = calculator(block.calculator)
    except RulesError as e:
        raise BlockError(block.line, str(e)) from None
    inputs = typed_inputs(calc, block)
    try:
        result = compute(calc, inputs)
    except InputError as e:
        raise BlockError(_line_of(block, e.option), str(e)) from None
    failures = tuple(
        message for e in block.expectations if (message := check(calc, inputs, result, e)) is not None
    )
    return Checked(block, calc, inputs, result, failures)


def typed_inputs(calc: Calculator, block: Block) -> dict[str, object]:
    """Inputs as their options type them (so the page's form shows `3`, not `"3"`)."""
    names = {o.name: o for o in calc.options}
    typed: dict[str, object] = {}
    for name, value, line in block.inputs:
        option = names.get(name)
        if option is None:
            raise BlockError(line, f"calculator {calc.name} has no input {name!r}; its inputs: {', '.join(names)}")
        try:
            item = option.coerce(value)
        except InputError as e:
            raise BlockError(line, str(e)) from None
        if option.repeatable:
            earlier = cast(tuple[object, ...], typed.get(name, ()))  # a repeatable input is only ever stored as a tuple
            typed[name] = (*earlier, item)
        elif name in typed:
            raise BlockError(line, f"input {name!r} is given twice")
        else:
            typed[name] = item
    return typed


def _line_of(block: Block, flag: str) -> int:
    name = flag.lstrip("-").replace("-", "_")
    return next((line for n, _, line in block.inputs if n == name), block.line)


def check(calc: Calculator, inputs: Mapping[str, object], result: Mapping[str, object], e: Expectation) -> str | None:
    """None if the expectation holds, else a message with its line and both values."""
    if e.path in calc.probes:
        actual: object = calc.probes[e.path](calc, inputs)
    else:
        try:
            actual = lookup(result, e.path)
        except LookupError as problem:
            return f"line {e.line}: expect {e.path}: {problem}"
    if isinstance(actual, Mapping):
        certain = [k for k, p in actual.items() if fraction_of(p) == 1]
        if not certain:
            return (
                f"line {e.line}: expect {e.path}: {e.expected}, but the engine gives a distribution "
                f"{_shown(actual)}; expect {e.path}[k] checks one probability"
            )
        actual = certain[0]
    if same(e.expected, actual):
        return None
    return f"line {e.line}: expect {e.path}: {e.expected}, but the engine gives {_shown(actual)}"


_SEGMENT = re.compile(r"\.?([^.\[\]]+)|\[([^\]]*)\]")


def lookup(result: object, path: str) -> object:
    """The value at `a.b[0].c` in a JSON result; a LookupError says where it stopped."""
    value = result
    walked = ""
    for m in _SEGMENT.finditer(path):
        key = m.group(1) if m.group(1) is not None else m.group(2).strip()
        if isinstance(value, list):
            value = _item(value, key, walked)
        elif isinstance(value, Mapping) and m.group(2) is not None and _is_distribution(value):
            value = _probability(value, key, walked)
        elif isinstance(value, Mapping):
            if key not in value:
                raise LookupError(f"{walked or 'the result'} has no {key!r}; it has: {', '.join(map(str, value))}")
            value = value[key]
        else:
            raise LookupError(f"{walked or 'the result'} is {_shown(value)}, not an object or a list")
        walked += f".{key}" if m.group(1) is not None else f"[{key}]"
    return value


def _is_distribution(value: Mapping[object, object]) -> bool:
    return bool(value) and all(fraction_of(p) is not None for p in value.values())


def _probability(dist: Mapping[object, object], key: str, walked: str) -> str:
    """`[2]`: P(outcome = 2), 0 if never reached; `[>=2]`: P(outcome >= 2)."""
    if not key.startswith(">="):
        return str(dist.get(key, "0"))
    bound = fraction_of(key[2:].strip())
    if bound is None:
        raise LookupError(f"{walked}[{key}]: write [>=k] with a number k")
    total = sum((fraction_of(p) or 0 for k, p in dist.items() if (fraction_of(k) or 0) >= bound), Fraction(0))
    return str(total)


def _item(items: list[object], key: str, walked: str) -> object:
    """`[2]` is the third item; `[pierce]` the first step whose id is "pierce";
    `[step 5]` the first step whose id is "5" (a bare number would be an index)."""
    if key.startswith("step "):
        key = key[len("step "):].strip()
    elif key.lstrip("-").isdigit():
        if -len(items) <= int(key) < len(items):
            return items[int(key)]
        raise LookupError(f"{walked or 'the result'} has {len(items)} items; no item {key}")
    for item in items:
        if isinstance(item, Mapping) and str(item.get("step")) == key:
            return item
    raise LookupError(f"{walked or 'the result'} has no step {key!r}")


def same(expected: str, actual: object) -> bool:
    """Exact comparison: numbers as fractions, comma lists item by item, words without case."""
    wanted = [s.strip() for s in expected.split(",")]
    got = [s.strip() for s in (actual.split(",") if isinstance(actual, str) else [_shown(actual)])]
    if len(wanted) != len(got):
        return False
    return all(_same_item(w, g) for w, g in zip(wanted, got))


def _same_item(expected: str, actual: str) -> bool:
    a, b = fraction_of(expected), fraction_of(actual)
    if a is not None and b is not None:
        return a == b
    return expected.casefold() == actual.casefold()


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)

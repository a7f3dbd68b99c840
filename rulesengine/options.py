"""Declared inputs: one description serves the command line, the JSON entry point and the
calculator form on the site (name, label, kind, range, default, choices).

A game module lists its inputs as `Option`s; `validate` turns loose values (strings from
argv or a form, numbers from JSON) into typed values or raises `InputError` naming the
option and what is allowed.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Literal, NoReturn, TypeVar

from rulesengine.errors import InputError
from rulesengine.records import fields, frozen

Kind = Literal["int", "bool", "choice", "text"]
V = TypeVar("V")

GROUPS: dict[str, str] = {
    "units": "Units",
    "dice": "Dice",
    "attacker": "Attacker",
    "defender": "Defender",
    "tokens": "Tokens",
    "policies": "Choices and ruleset",
    "trace": "Faces rolled (step by step)",
    "other": "Other inputs",
}
"""Where an input sits in the calculator form (group -> the heading the reader sees), in
the order the form shows the groups. An option that names no group goes to "other"."""


@frozen
class Field:
    """One part of a text option written as a comma list (`--guardian 2,red,block,soresu`):
    the form can show one control per field. Positional fields come first, in order; then
    a bool field is its word (`soresu`), an int field `word=N` (`dodge=1`), in any order."""

    word: str
    label: str
    kind: Literal["int", "bool", "choice"]
    default: object
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    positional: bool = False


@frozen
class Option:
    """One input. `name` is the Python/JSON key; the CLI flag is `--name-with-dashes`."""

    name: str
    label: str
    kind: Kind
    default: object
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    """A choice's values; for a text list of dice faces (comma-separated, one per die),
    the faces one die may show."""
    help: str = ""
    repeatable: bool = False
    group: str = "other"
    """One of `GROUPS`: the folded section of the form this input sits in."""
    keywords: tuple[str, ...] = ()
    """Keywords this input is about: on those keywords' pages the form shows it first."""
    dice_from: tuple[str, ...] = ()
    """For a list of faces: the count inputs whose dice it lists, in this order (red, then
    black, then white); when one count changes, the page keeps every other die's face."""
    aliases: tuple[str, ...] = ()
    """More command-line flags for the same input (a keyword's full name in kebab case when
    the flag is shorter: `--soresu-mastery` for `--soresu`)."""
    spec_fields: tuple[Field, ...] = ()
    """For a text option written as a comma list: its parts, declared (`Field`)."""
    parts: tuple[Option, ...] = ()
    """For a text input that describes one thing in several fields (a guardian, a further
    pool): its fields, each an input of its own. The form draws a row of controls per item
    from them and writes the text the command line takes (see `joined`); the engine still
    parses that text, so adding a field here and to the parser is all a new field needs."""
    parts_from: tuple[str, ...] = ()
    """More fields: the names of other inputs of the same engine, after `parts` (a further
    pool has the dice and weapon keywords of the first pool)."""
    joined: Literal["", "commas", "words", "pairs"] = ""
    """How `parts` make the text: "commas", the number and choice fields in order, then the
    name (kebab case) of each switch that is on (`2,red,block,immune-pierce`); "words",
    NAME=VALUE for each field not at its default and NAME alone for a switch that is on,
    separated by spaces (`black=2 critical=1 blast`), a repeatable field once per item;
    "pairs", the same words separated by commas (`health=5,armor,parry=1`). The first field
    is always written, so an item at every default is still there."""
    unit: str = ""
    """What one item of a repeatable input is called ("guardian", "pool")."""
    first: int = 1
    """The number of the first item (further pools are numbered from 2)."""
    rulesets: tuple[str, ...] = ()
    """The rulesets whose rules take this input; empty: every ruleset. The form disables it
    under any other, saying which ruleset takes it."""
    numbered: bool = False
    """For a part of a repeatable input: a new item starts it at the item's number (within
    its maximum), not at `default` (pool 3's "Defender it attacks" starts at 3)."""

    def __post_init__(self) -> None:
        if self.group not in GROUPS:
            raise ValueError(f"option {self.name}: group {self.group!r} is not one of {', '.join(GROUPS)}")

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def allowed(self) -> str:
        if self.kind == "int":
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        return self.help or "text"

    def coerce(self, value: object) -> object:
        """One value of this option, typed; raises InputError if it is not allowed."""
        if self.kind == "int":
            return self._coerce_int(value)
        if self.kind == "bool":
            return _coerce_bool(value, self)
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise InputError(self.flag, self.allowed(), value)
            return value
        if not isinstance(value, str):
            raise InputError(self.flag, self.allowed(), value)
        return value

    def _coerce_int(self, value: object) -> int:
        if isinstance(value, bool):
            raise InputError(self.flag, self.allowed(), value)
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise InputError(self.flag, self.allowed(), value) from None
        if not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise InputError(self.flag, self.allowed(), value)
        lo, hi = self.minimum, self.maximum
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise InputError(self.flag, self.allowed(), value)
        return value

    def describe(self) -> dict[str, object]:
        """JSON-ready description, for the calculator form."""
        d = _as_dict(self)
        d["choices"] = list(self.choices)
        d["keywords"] = list(self.keywords)
        d["dice_from"] = list(self.dice_from)
        d["spec_fields"] = [{**_as_dict(f), "choices": list(f.choices)} for f in self.spec_fields]
        d["parts"] = [p.describe() for p in self.parts]
        d["parts_from"] = list(self.parts_from)
        d["rulesets"] = list(self.rulesets)
        d["flag"] = self.flag
        return d

    def fields(self, options: Sequence[Option]) -> tuple[Option, ...]:
        """Every field of an input made of parts: `parts`, then the `parts_from` inputs
        found among `options` (the engine's whole list)."""
        by_name = {o.name: o for o in options}
        return self.parts + tuple(by_name[n] for n in self.parts_from if n in by_name)


def _as_dict(described: Option | Field) -> dict[str, object]:
    """Each field by its name (what `describe` then makes JSON-ready)."""
    return {name: getattr(described, name) for name in fields(described)}


def _coerce_bool(value: object, option: Option) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "yes", "on", "false", "0", "no", "off", ""):
        return value.lower() in ("true", "1", "yes", "on")
    raise InputError(option.flag, option.allowed(), value)


def validate(options: Sequence[Option], values: Mapping[str, object]) -> dict[str, object]:
    """Typed values for every option (defaults filled in); unknown keys are refused."""
    by_name = {o.name: o for o in options}
    unknown = sorted(set(values) - set(by_name))
    if unknown:
        raise InputError(unknown[0], "one of the known inputs: " + ", ".join(sorted(by_name)))
    out: dict[str, object] = {}
    for option in options:
        raw = values.get(option.name, option.default)
        if option.repeatable:
            items = [] if raw is None else (list(raw) if isinstance(raw, (list, tuple)) else [raw])
            out[option.name] = tuple(option.coerce(v) for v in items)
        else:
            out[option.name] = None if raw is None else option.coerce(raw)
    return out


def typed(values: Mapping[str, object], name: str, kind: type[V]) -> V:
    """One of `validate`'s values as the type its option's kind gives it (`int` for int,
    `bool` for bool, `str` for choice and text, `tuple` for repeatable): the checked
    narrowing lets callers pass it on typed. A mismatch is a bug in the caller."""
    value = values[name]
    if not isinstance(value, kind):
        raise TypeError(f"option {name}: {value!r} is not {kind.__name__}")
    return value


def _terminal_columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` gives it ($COLUMNS, else the terminal
    on stdout, else 80), without importing shutil: it loads the bz2, lzma and zlib libraries
    for its archives, a tenth of the command's start."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad option as one line and exit status 2 (its own habit),
    saying what the option allows when argparse's own words do not."""

    def __init__(self, prog: str, options: Sequence[Option]) -> None:
        # argparse makes a formatter for each add_argument (to check it), and each would ask
        # the terminal for its width through shutil: ask once, here.
        width = _terminal_columns() - 2
        super().__init__(prog=prog, formatter_class=functools.partial(argparse.HelpFormatter, width=width))
        self._by_flag = {flag: o for o in options for flag in (o.flag, *o.aliases)}

    def error(self, message: str) -> NoReturn:
        flag = message.removeprefix("argument ").split(":", 1)[0].split("/")[0].strip()
        option = self._by_flag.get(flag)
        if option is not None and message.endswith("expected one argument"):
            # argparse takes a value that starts with "-" (a negative number, "-1,red,none")
            # for another option; say what is allowed and how to pass such a value.
            message = f"{flag}: needs a value: {option.allowed()} (write {flag}=VALUE for a value starting with -)"
        self.exit(2, f"{self.prog}: {message}\n")


def argument_parser(prog: str, options: Sequence[Option]) -> argparse.ArgumentParser:
    """A parser that collects raw strings; `validate` does the checking, so the CLI and
    the JSON entry point refuse the same inputs with the same words."""
    parser = _Parser(prog, options)
    for option in options:
        flags = (option.flag, *option.aliases)
        if option.kind == "bool":
            parser.add_argument(*flags, dest=option.name, action="store_true", default=None, help=option.help or option.label)
        elif option.repeatable:
            parser.add_argument(*flags, dest=option.name, action="append", default=None, help=option.help or option.label)
        else:
            parser.add_argument(*flags, dest=option.name, default=None, help=f"{option.label}: {option.allowed()}")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def given(namespace: argparse.Namespace, options: Sequence[Option]) -> dict[str, object]:
    """The options the user actually gave on the command line (None means not given)."""
    return {o.name: getattr(namespace, o.name) for o in options if getattr(namespace, o.name) is not None}

"""The calculator registry: which calculators exist, what they ask for and which pages
they belong on.

A calculator reuses its engine's declared `Option`s (one declaration serves the command
line, the JSON entry point and the form) and adds what only a page needs: the inputs shown
first, and a preset per keyword page that puts that keyword to work.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import TypeVar

from rulesengine.errors import UnknownNameError
from rulesengine.options import Option

Run = Callable[[Mapping[str, object]], dict[str, object]]
Probe = Callable[["Calculator", Mapping[str, object]], str]

V = TypeVar("V")


def _frozen(values: Mapping[str, V] | None = None) -> Mapping[str, V]:
    """A read-only mapping, so a registered calculator cannot be changed by a caller."""
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True)
class Preset:
    """Where a page's calculator starts: input values, and the inputs shown first."""

    values: Mapping[str, object] = field(default_factory=_frozen)
    featured: tuple[str, ...] = ()

    @staticmethod
    def of(featured: tuple[str, ...] = (), **values: object) -> Preset:
        return Preset(_frozen(values), featured)


@dataclass(frozen=True)
class Calculator:
    """One calculator: an engine entry point plus the description its form is made from."""

    name: str
    title: str
    game: str
    options: tuple[Option, ...]
    run: Run
    fields: tuple[str, ...]
    """Inputs always shown; the others sit under "More inputs"."""
    keywords: Mapping[str, Preset] = field(default_factory=_frozen)
    pages: Mapping[str, Preset] = field(default_factory=_frozen)
    """Non-keyword pages (vault paths) that carry this calculator."""
    labels: Mapping[str, str] = field(default_factory=_frozen)
    """Result path -> heading in the result; `[*]` stands for any list index; "" hides it."""
    quiet: tuple[str, ...] = ()
    """Result parts (path prefixes) shown only when something in them is not zero."""
    probes: Mapping[str, Probe] = field(default_factory=_frozen)
    """Derived facts an example block may expect (e.g. `hits-on`), computed with `run`."""
    rulesets: Callable[[Mapping[str, object]], tuple[str, ...]] | None = None
    """The rulesets whose rules take these inputs (a keyword's preset: where the keyword
    exists); None for a calculator of one ruleset."""

    def describe(self) -> dict[str, object]:
        """JSON-ready description: what the browser or a test needs to build the form."""
        return {
            "name": self.name,
            "title": self.title,
            "game": self.game,
            "options": [o.describe() for o in self.options],
            "fields": list(self.fields),
            "keywords": {k: _preset_json(p) for k, p in self.keywords.items()},
            "pages": {k: _preset_json(p) for k, p in self.pages.items()},
        }


def _preset_json(preset: Preset) -> dict[str, object]:
    return {"values": dict(preset.values), "featured": list(preset.featured)}


@lru_cache(maxsize=1)
def calculators() -> tuple[Calculator, ...]:
    """Every calculator, Legion first. Engines are imported here, not at module import,
    so that describing one game never needs the other's code to load."""
    from rulesengine.calculators.legion import legion_calculators
    from rulesengine.calculators.swtcg import swtcg_calculators

    return legion_calculators() + swtcg_calculators()


def calculator(name: str) -> Calculator:
    """The calculator called `name`; an unknown name lists the valid ones."""
    for calc in calculators():
        if calc.name == name:
            return calc
    raise UnknownNameError("calculator", name, [c.name for c in calculators()])


def for_keyword(game: str | None, keyword: str | None) -> tuple[Calculator, Preset] | None:
    """The calculator (and its preset) for a keyword page, or None if no calculator has it."""
    if keyword is None:
        return None
    wanted = keyword_key(keyword)
    games = [c for c in calculators() if game is None or c.game == game]
    for calc in games:
        for name, preset in calc.keywords.items():
            if keyword_key(name) == wanted:
                tagged = tuple(o.name for o in _tagged(calc, wanted))
                return calc, Preset(preset.values, tuple(dict.fromkeys(preset.featured + tagged)))
    # An input that declares the keyword (Option.keywords) gives its page a calculator
    # without a preset written here: that input first, set to a value that shows it at work.
    for calc in games:
        tagged_options = _tagged(calc, wanted)
        if tagged_options:
            values = {o.name: v for o in tagged_options if (v := showing_value(o)) is not None}
            return calc, Preset(_frozen(values), tuple(o.name for o in tagged_options))
    return None


def _tagged(calc: Calculator, wanted: str) -> tuple[Option, ...]:
    return tuple(o for o in calc.options if any(keyword_key(k) == wanted for k in o.keywords))


def showing_value(option: Option) -> object | None:
    """A value that makes a keyword's input do something: on for a switch, a small number
    else; None for a choice or text (its default is kept)."""
    if option.kind == "bool":
        return True
    if option.kind == "int":
        lo = option.minimum if option.minimum is not None else 0
        hi = option.maximum if option.maximum is not None else lo + 2
        return min(hi, max(lo, 2 if lo <= 0 else lo))
    return None


def keyword_key(keyword: str) -> str:
    """Keyword names compare without case or punctuation: "Immune: Pierce" is "immune pierce"."""
    return " ".join("".join(c if c.isalnum() else " " for c in keyword.casefold()).split())


def why_no_calculator(game: str | None, keyword: str | None) -> str | None:
    """The engine's reason a keyword has no calculator (Enhance: no number to compute), if any."""
    if game != "swtcg" or keyword is None:
        return None
    from rulesengine.swtcg.api import NO_NUMBER  # the registry stays importable without a game

    wanted = keyword_key(keyword)
    return next((why for name, why in NO_NUMBER.items() if keyword_key(name) == wanted), None)


def changes_no_die(game: str | None, keyword: str | None) -> bool:
    """A keyword the calculator takes although it changes no die (Legion's Cumbersome)."""
    if game != "legion" or keyword is None:
        return False
    from rulesengine.calculators.legion import CHANGES_NO_DIE  # the registry stays importable without a game

    return keyword_key(keyword) in {keyword_key(k) for k in CHANGES_NO_DIE}


def for_page(src_path: str, game: str | None, keyword: str | None) -> tuple[Calculator, Preset] | None:
    """The calculator a page carries: by its keyword first, else by its vault path."""
    found = for_keyword(game, keyword)
    if found is not None:
        return found
    for calc in calculators():
        if src_path in calc.pages:
            return calc, calc.pages[src_path]
    return None


def keyword_flags(calc: Calculator, keyword: str, preset: Preset) -> tuple[str, ...]:
    """The command-line flags that set a keyword: its own inputs' (aliases too), else the
    first input its preset shows."""
    tagged = _tagged(calc, keyword_key(keyword))
    if tagged:
        return tuple(flag for o in tagged for flag in (o.flag, *o.aliases))
    by_name = {o.name: o for o in calc.options}
    first = next((by_name[n] for n in preset.featured if n in by_name), None)
    return () if first is None else (first.flag, *first.aliases)

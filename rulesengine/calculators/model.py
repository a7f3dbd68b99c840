"""What a calculator is: the shared types of the registry and of each game's calculators.

`registry.py` lists the calculators and finds one for a page; `legion.py` and `swtcg.py`
declare theirs with these types. Both import this module, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from rulesengine.options import Option

Run = Callable[[Mapping[str, object]], dict[str, object]]
Probe = Callable[["Calculator", Mapping[str, object]], str]

V = TypeVar("V")


def frozen_mapping(values: Mapping[str, V] | None = None) -> Mapping[str, V]:
    """A read-only mapping, so a registered calculator cannot be changed by a caller."""
    return MappingProxyType(dict(values or {}))


@dataclass(frozen=True)
class Preset:
    """Where a page's calculator starts: input values, and the inputs shown first."""

    values: Mapping[str, object] = field(default_factory=frozen_mapping)
    featured: tuple[str, ...] = ()

    @staticmethod
    def of(featured: tuple[str, ...] = (), **values: object) -> Preset:
        return Preset(frozen_mapping(values), featured)


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
    keywords: Mapping[str, Preset] = field(default_factory=frozen_mapping)
    pages: Mapping[str, Preset] = field(default_factory=frozen_mapping)
    """Non-keyword pages (vault paths) that carry this calculator."""
    labels: Mapping[str, str] = field(default_factory=frozen_mapping)
    """Result path -> heading in the result; `[*]` stands for any list index; "" hides it."""
    quiet: tuple[str, ...] = ()
    """Result parts (path prefixes) shown only when something in them is not zero."""
    probes: Mapping[str, Probe] = field(default_factory=frozen_mapping)
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

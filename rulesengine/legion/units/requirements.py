"""An upgrade card's requirements, as Legion HQ 2 encodes them: a list whose first item may
be "AND", "OR" or "NOT" (none: AND), the rest terms; a term is a nested list or an object
whose every field must hold for the unit (`cardName`, `title`, `cardSubtype` (the unit's
type), `faction`, `rank`, `affiliation`, `keywords`, `upgradeBar`, `stats`, `forceAffinity`).

`Requirement.parse(raw)` reads one; `holds(unit)` checks it; `text` says it in the player's
words ("unit name Stormtroopers", "unit type clone trooper and rank corps").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Literal, Protocol

from rulesengine.records import frozen


class Named(Protocol):
    @property
    def name(self) -> str: ...


class Unit(Protocol):
    """What a requirement reads of a unit card (`cards.Unit` has it)."""

    @property
    def card_name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def faction(self) -> str: ...
    @property
    def rank(self) -> str: ...
    @property
    def affiliation(self) -> str: ...
    @property
    def keywords(self) -> Sequence[Named]: ...
    @property
    def upgrade_bar(self) -> Sequence[str]: ...
    @property
    def defense(self) -> str: ...

Op = Literal["AND", "OR", "NOT", "CARD"]

WORDS = {"cardName": "unit name", "title": "title", "cardSubtype": "unit type", "faction": "faction", "rank": "rank",
         "affiliation": "affiliation", "keywords": "keyword", "upgradeBar": "upgrade icon", "stats": "stat",
         "forceAffinity": "Force affinity"}
"""Each field's name in the player's words."""

FORCE_SIDES = {"rebels": "light side", "republic": "light side", "empire": "dark side", "separatists": "dark side"}
"""The Force affinity a faction's Force users have (the mercenaries have none fixed)."""

_DEFENSE = {"r": "red", "w": "white"}


@frozen
class Requirement:
    op: Op
    terms: tuple[Requirement, ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    """For a CARD term: (field, value as JSON text)."""

    @staticmethod
    def parse(raw: object) -> Requirement:
        if isinstance(raw, dict):
            return Requirement("CARD", fields=tuple((str(k), json.dumps(v, sort_keys=True)) for k, v in raw.items()))
        items = list(raw) if isinstance(raw, list) else []
        op: Op = "AND"
        if items and items[0] in ("AND", "OR", "NOT"):
            op = items.pop(0)
        return Requirement(op, tuple(Requirement.parse(i) for i in items))

    @property
    def empty(self) -> bool:
        return self.op == "AND" and not self.terms

    def holds(self, unit: Unit) -> bool:
        if self.op == "CARD":
            return all(_field_holds(name, json.loads(value), unit) for name, value in self.fields)
        if self.op == "OR":
            return any(t.holds(unit) for t in self.terms)
        if self.op == "NOT":
            return not any(t.holds(unit) for t in self.terms)
        return all(t.holds(unit) for t in self.terms)

    @property
    def text(self) -> str:
        if self.op == "CARD":
            return " and ".join(f"{WORDS.get(name, name)} {_value_text(json.loads(value))}" for name, value in self.fields)
        parts = [t.text if t.op == "CARD" or len(t.terms) < 2 else f"({t.text})" for t in self.terms]
        if self.op == "NOT":
            return "not " + " or ".join(parts)
        return (" or " if self.op == "OR" else " and ").join(parts) or "none"

    def card_names(self) -> tuple[str, ...]:
        """The unit names it mentions (for lookups that prefer the card made for the unit)."""
        if self.op == "CARD":
            return tuple(json.loads(v) for k, v in self.fields if k == "cardName")
        return tuple(n for t in self.terms for n in t.card_names())


def _value_text(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return ", ".join(f"{k} {_DEFENSE.get(str(v), v)}" for k, v in value.items())
    return str(value)


def _field_holds(name: str, value: object, unit: Unit) -> bool:
    keywords = {k.name.casefold() for k in unit.keywords}
    if name == "cardName":
        return unit.card_name == value
    if name == "title":
        return unit.title == value
    if name == "cardSubtype":
        return unit.kind == value
    if name == "faction":
        return unit.faction == value
    if name == "rank":
        return unit.rank == value
    if name == "affiliation":
        return unit.affiliation == value
    if name == "keywords":
        return isinstance(value, list) and all(str(v).casefold() in keywords for v in value)
    if name == "upgradeBar":
        return isinstance(value, list) and all(v in unit.upgrade_bar for v in value)
    if name == "stats":
        return isinstance(value, dict) and all(k == "defense" and unit.defense == _DEFENSE.get(str(v)) for k, v in value.items())
    if name == "forceAffinity":
        return "force" in unit.upgrade_bar and FORCE_SIDES.get(unit.faction) == value
    return False  # a field this reading does not know: never taken to hold

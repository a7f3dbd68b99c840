"""Which units may take an upgrade card, by the simplest check the card data allows: the
unit's upgrade bar has the card's slot, and the card's requirements hold as the data
encodes them.

A requirement is a list: `["AND", ...]`, `["OR", ...]`, `["NOT", ...]` or a plain list of
conditions that must all hold; a condition is a mapping of the unit's fields (`cardName`,
`title`, `cardSubtype`, `faction`, `rank`, `affiliation`) to the value they must have. The
engine's copy of the cards gives units no affiliation yet, so a condition on one is unknown
(None), neither met nor failed, and the pages say "if" with the requirement in words; once
`Unit` has an `affiliation`, it is checked like the other fields. Unique cards and the points
limits are not checked here (they are rules of the whole army, not of one unit).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rulesengine.legion.units import FACTIONS, Unit

UNIT_FIELDS = {"cardName": "card_name", "title": "title", "cardSubtype": "kind", "faction": "faction", "rank": "rank",
               "affiliation": "affiliation"}
"""Requirement fields of the card data, and the `Unit` attribute holding each (if it has it)."""


@dataclass(frozen=True)
class Requirements:
    """An upgrade card's requirements as the data encodes them, and its title."""

    title: str
    rule: object


@cache
def requirements() -> dict[str, Requirements]:
    """Each upgrade card's requirements, by the card's id (read from the shipped data)."""
    text = resources.files("rulesengine.legion.units").joinpath("data").joinpath("cards.json").read_text(encoding="utf-8")
    return {str(raw["id"]): Requirements(str(raw.get("title") or ""), raw.get("requirements") or [])
            for raw in json.loads(text)["upgrades"]}


def _all(results: list[bool | None]) -> bool | None:
    return False if False in results else None if None in results else True


def _any(results: list[bool | None]) -> bool | None:
    return True if True in results else None if None in results else False


def holds(rule: object, unit: Unit) -> bool | None:
    """Whether the unit meets the requirement: True, False, or None (the data cannot say)."""
    if isinstance(rule, dict):
        results: list[bool | None] = []
        for field, wanted in rule.items():
            value = getattr(unit, UNIT_FIELDS.get(str(field), ""), None)
            results.append(None if value is None else str(value) == str(wanted))
        return _all(results)
    if isinstance(rule, list):
        head, rest = (rule[0], rule[1:]) if rule and isinstance(rule[0], str) else ("AND", rule)
        results = [holds(item, unit) for item in rest]
        if head == "OR":
            return _any(results)
        if head == "NOT":
            met = _all(results)
            return None if met is None else not met
        return _all(results)
    return None


def may_take(unit: Unit, slot: str, rule: object) -> bool | None:
    """The unit's upgrade bar has the slot and the requirements hold (None: unknown)."""
    if slot not in unit.upgrade_bar:
        return False
    return holds(rule, unit)


def _condition_words(condition: dict[str, object]) -> str:
    name = condition.get("cardName")
    title = f" titled “{condition['title']}”" if "title" in condition else ""
    faction = FACTIONS.get(str(condition.get("faction", "")), "")
    rank = str(condition.get("rank", ""))
    if name:
        return f"{name}{title}" + (f" ({rank})" if rank else "")
    kind = str(condition.get("cardSubtype", ""))
    words = " ".join(w for w in (faction, rank, kind) if w)
    described = f"a {words} unit{title}" if words else f"a unit{title}"
    if "affiliation" in condition:
        described += f" of {condition['affiliation']}"
    return described


def in_words(rule: object) -> str:
    """The requirement as a reader says it: "Rebel Troopers or Rebel Veterans",
    "a clone trooper unit and (a corps unit or a special unit)"; "" for none."""
    if isinstance(rule, dict):
        return _condition_words(rule)
    if isinstance(rule, list):
        head, rest = (rule[0], rule[1:]) if rule and isinstance(rule[0], str) else ("AND", rule)
        parts = [in_words(item) for item in rest]
        parts = [f"({p})" if isinstance(item, list) and len(item) > 2 else p for p, item in zip(parts, rest) if p]
        if head == "NOT":
            return f"not {' and '.join(parts)}" if parts else ""
        return f" {head.lower()} ".join(parts) if head in ("AND", "OR") else " and ".join(parts)
    return ""

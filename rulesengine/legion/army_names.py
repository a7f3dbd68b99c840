"""Matching a pasted list's names to the cards: a unit as the export names it (its card
name, then a space and its title: "Darth Vader Dark Lord of the Sith"), an upgrade likewise
(its card name, then ", " and its title: "Echo, ARC Marksman").

Case, accents of quotes and punctuation do not matter. Where two released cards share the
name (AT-RT in two factions), the list's faction decides. An upgrade the engine's cards hold
(a weapon, a mini) joins the attack by its card name, the name the single-unit command
takes, so both find the same card; any other released upgrade (training, gear, comms...) is
matched and listed as changing no attack. A name matched by no card is a `Problem` with
the closest names, written as the export writes them.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

from rulesengine.errors import InputError
from rulesengine.legion.army_list import ArmyList, ListedUnit, Problem
from rulesengine.legion.army_upgrade_names import NAMES
from rulesengine.legion.units import FACTIONS, Cards, Unit, Upgrade, cards, find_upgrade
from rulesengine.records import frozen

CLOSEST = 3


@frozen
class Fielded:
    """A unit of the list matched to its card: `upgrades` the cards that change its attack
    (by the name the engine takes), `others` the list's names of those that do not."""

    listed: ListedUnit
    unit: Unit
    upgrades: tuple[Upgrade, ...]
    others: tuple[str, ...]


def folded(name: str) -> str:
    """A name as matching compares it: case, quote accents and punctuation ignored."""
    return " ".join(re.sub(r"[^0-9a-z]+", " ", name.casefold().replace("’", "").replace("'", "")).split())


def export_name(unit: Unit) -> str:
    """The unit as the export writes it: card name, then a space and its title."""
    return f"{unit.card_name} {unit.title}" if unit.title else unit.card_name


@frozen
class _Index:
    units: dict[str, tuple[Unit, ...]]
    unit_names: dict[str, tuple[str, ...]]
    """Export name -> its folded forms (with and without the title), for the closest names."""
    engine_upgrades: frozenset[str]
    other_upgrades: dict[str, str]
    """Folded export name (and card name alone) -> the export name."""
    upgrade_names: dict[str, tuple[str, ...]]


@cache
def _index(source: Cards) -> _Index:
    units: dict[str, list[Unit]] = {}
    for unit in source.released:
        for key in {folded(export_name(unit)), folded(unit.name)}:
            units.setdefault(key, []).append(unit)
    others: dict[str, str] = {}
    for name, _kind in NAMES:
        others.setdefault(folded(name), name)
        others.setdefault(folded(name.split(", ")[0]), name)
    unit_names: dict[str, tuple[str, ...]] = {export_name(u): (folded(export_name(u)), folded(u.card_name)) for u in source.released}
    upgrade_names: dict[str, tuple[str, ...]] = {name: (folded(name), folded(_card_name(name))) for name, _kind in NAMES}
    return _Index({k: tuple(v) for k, v in units.items()}, unit_names,
                  frozenset(folded(u.name) for u in source.upgrades if u.released), others, upgrade_names)


def _closest(name: str, names: dict[str, tuple[str, ...]]) -> str:
    """"; closest: A, B, C": the names most like it, each weighed by the closer of its forms
    (a misspelt card name is close to the name without its title)."""
    key = folded(name)

    def score(forms: tuple[str, ...]) -> float:
        return max(difflib.SequenceMatcher(None, key, form).ratio() for form in forms)

    ranked = sorted(((score(forms), shown) for shown, forms in names.items()), key=lambda p: (-p[0], p[1]))
    shown = [n for s, n in ranked[:CLOSEST] if s >= 0.5]
    return "; closest: " + ", ".join(shown) if shown else ""


def _of_faction(found: tuple[Unit, ...], faction: str) -> tuple[Unit, ...]:
    wanted = {folded(faction)} | {folded(v) for k, v in FACTIONS.items() if folded(k) == folded(faction)}
    return tuple(u for u in found if folded(u.faction) in wanted or folded(FACTIONS.get(u.faction, "")) in wanted)


def find_listed_unit(listed: ListedUnit, faction: str, source: Cards) -> Unit | Problem:
    index = _index(source)
    where = f"units[{listed.index}]"
    found = index.units.get(folded(listed.name), ())
    if len(found) > 1:
        found = _of_faction(found, faction) or found
    if len(found) == 1:
        return found[0]
    if found:
        return Problem(where, f"{listed.name!r} names several cards; the list's faction ({faction or 'none given'}) tells "
                       "none apart: " + ", ".join(u.name for u in found))
    if any(folded(listed.name) in {folded(export_name(u)), folded(u.name)} for u in source.units):
        return Problem(where, f"{listed.name!r} is not released yet")
    return Problem(where, f"no released unit named {listed.name!r}{_closest(listed.name, index.unit_names)}")


def _card_name(name: str) -> str:
    """An upgrade's card name: the export's name without ", " and its title."""
    return name.split(", ")[0].strip()


def find_listed_upgrade(name: str, unit: Unit, where: str, source: Cards) -> Upgrade | str | Problem:
    """The engine's upgrade card the name stands for; the export name of a released upgrade
    that changes no attack; or a `Problem` with the closest names."""
    index = _index(source)
    for candidate in (name, _card_name(name)):
        if folded(candidate) in index.engine_upgrades:
            try:
                return find_upgrade(candidate, unit, source=source)
            except InputError:  # pragma: no cover - the index holds only names find_upgrade finds
                break
    other = index.other_upgrades.get(folded(name)) or index.other_upgrades.get(folded(_card_name(name)))
    if other is not None:
        return other
    return Problem(where, f"no released upgrade named {name!r}{_closest(name, index.upgrade_names)}")


def match_list(army: ArmyList, source: Cards | None = None) -> tuple[tuple[Fielded, ...], tuple[Problem, ...]]:
    """Every unit of the list matched to its card, and a problem for each name matched by none
    (a unit with an unmatched upgrade is left out: its attack would not be the list's)."""
    source = source or cards()
    fielded: list[Fielded] = []
    problems: list[Problem] = []
    for listed in army.units:
        unit = find_listed_unit(listed, army.faction, source)
        if isinstance(unit, Problem):
            problems.append(unit)
            continue
        upgrades: list[Upgrade] = []
        others: list[str] = []
        bad = False
        for n, name in enumerate(listed.upgrades):
            found = find_listed_upgrade(name, unit, f"units[{listed.index}].upgrades[{n}]", source)
            if isinstance(found, Problem):
                problems.append(found)
                bad = True
            elif isinstance(found, str):
                others.append(name)
            else:
                upgrades.append(found)
        if not bad:
            fielded.append(Fielded(listed, unit, tuple(upgrades), tuple(others)))
    return tuple(fielded), tuple(problems)

"""An encounter block read as Initiative Tracker reads it: encounters between `---` lines,
each YAML with `name`, `creatures`, `players`, `party`, `hide` and `xp`.

A creature is written `Goblin`, `3: Goblin` (a count; a dice formula `1d4+1: Goblin` too),
`Goblin, 7, 15, 2, 50` (hit points, armour class, initiative modifier, XP: a value that is not
a number is left out, as the plugin does) or `[[Goblin]]` (a link). The same creature
written twice with the same numbers is one row whose counts add up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..statblock.yaml_block import StatBlockError, load_block, text

_COUNTED = re.compile(r"^(\d+)?:?\s?(.+)$", re.DOTALL)
_LINK = re.compile(r"^!?\[\[([^\[\]]+)\]\]$")


@dataclass(frozen=True)
class Creature:
    count: str  # "3", or a dice formula as written ("1d4+1")
    name: str  # as the plugin names it (a link's target without its label)
    link: str | None  # `[[...]]`'s inside, when written as a link
    hp: int | None = None
    ac: int | None = None
    modifier: int | None = None
    xp: int | None = None


@dataclass(frozen=True)
class Encounter:
    name: str
    creatures: tuple[Creature, ...]
    players: tuple[str, ...]  # names as written
    all_players: bool  # `players: true`: the whole party
    party: str
    hide: frozenset[str]  # "creatures", "players"
    xp: int | None


@dataclass(frozen=True)
class EncounterBlock:
    table: bool  # ```encounter-table
    encounters: tuple[Encounter, ...]
    source: str
    error: tuple[int, str] | None = None  # (line within the block, 1-based; why it is not drawn)


def read_block(source: str, table: bool) -> EncounterBlock:
    encounters: list[Encounter] = []
    start = 0
    lines = source.split("\n")
    parts: list[tuple[int, str]] = []
    for number, line in enumerate([*lines, "---"]):
        if line.strip() == "---":
            parts.append((start, "\n".join(lines[start:number])))
            start = number + 1
    for first, part in parts:
        if not part.strip():
            continue
        try:
            encounters.append(_encounter(load_block(part)))
        except StatBlockError as error:
            last = len(source.rstrip("\n").split("\n"))  # YAML may name the line after the end
            return EncounterBlock(table, (), source, (min(first + error.line, last), str(error)))
    if not encounters:
        return EncounterBlock(table, (), source, (1, "the block holds no encounter"))
    return EncounterBlock(table, tuple(encounters), source)


def _encounter(data: dict[str, Any]) -> Encounter:
    players = data.get("players")
    hide = data.get("hide")
    hidden = {hide} if isinstance(hide, str) else set(map(str, hide)) if isinstance(hide, list) else set()
    named = [text(player) for player in players] if isinstance(players, list) else \
        [players] if isinstance(players, str) and players != "none" else []
    return Encounter(
        name=text(data.get("name")) or "Encounter",
        creatures=_merged(_creature(raw) for raw in _listed(data.get("creatures"))),
        players=tuple(name for name in named if name),
        all_players=players is True,
        party=text(data.get("party")),
        hide=frozenset(hidden & {"creatures", "players"}),
        xp=_number(data.get("xp")),
    )


def _creature(raw: object) -> Creature | None:
    if isinstance(raw, dict) and raw:
        count_value, monster = next(iter(raw.items()))
        count = str(count_value).strip()
    elif isinstance(raw, (str, int, float, list)):
        written = _linked(raw) if isinstance(raw, list) else str(raw)
        found = _COUNTED.match(written.strip())
        if found is None:
            return None
        count, monster = found.group(1) or "1", found.group(2)
    else:
        return None
    written = _linked(monster) if isinstance(monster, list) else str(monster if monster is not None else "")
    name, *numbers = re.split(r",\s?", written)
    values = [_number(value.strip()) for value in numbers[:4]] + [None] * 4
    link_match = _LINK.match(name.strip())
    link = link_match.group(1) if link_match else None
    name = (link.split("|")[0].split("#")[0] if link else name).strip()
    if not name:
        return None
    if re.fullmatch(r"\d+", count) and int(count) < 1 or not count:
        count = "1"
    return Creature(count, name, link, values[0], values[1], values[2], values[3])


def _linked(value: list[Any]) -> str:
    """YAML reads `[[Goblin]]` as a list in a list: the link it was; other lists joined."""
    if len(value) == 1 and isinstance(value[0], list) and len(value[0]) == 1:
        return f"[[{value[0][0]}]]"
    return ", ".join(_linked(item) if isinstance(item, list) else text(item) for item in value)


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        number = float(str(value))
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def _merged(creatures: Iterable[Creature | None]) -> tuple[Creature, ...]:
    rows: list[Creature] = []
    for creature in creatures:
        if creature is None:
            continue
        same = next((i for i, row in enumerate(rows) if (row.name, row.hp, row.ac, row.modifier, row.xp)
                     == (creature.name, creature.hp, creature.ac, creature.modifier, creature.xp)), None)
        if same is None:
            rows.append(creature)
            continue
        before = rows[same]
        counts = (before.count, creature.count)
        total = str(int(counts[0]) + int(counts[1])) if all(c.isdigit() for c in counts) else " + ".join(counts)
        rows[same] = Creature(total, before.name, before.link or creature.link, before.hp, before.ac,
                              before.modifier, before.xp)
    return tuple(rows)

"""Reading a list as the list builders export it (Legion HQ, Tabletop Admiral): Tabletop
Simulator JSON, `{"author", "listname", "points", "armyFaction", "commandCards": [...],
"units": [{"name", "upgrades": [...]}], "battlefieldDeck": {...}}`.

Only what an attack needs is read: the faction (it tells apart cards of one name in two
factions) and each unit's name and upgrades, in the list's order; a unit fielded twice is
there twice. Whatever else the export holds is left alone. A text that is not such a list
raises `ListError` with every problem found, each saying where (`line 3, column 9` for JSON
that does not parse, `units[2].upgrades[0]` for a value of the wrong kind).
"""

from __future__ import annotations

import json

from rulesengine.errors import RulesError
from rulesengine.records import frozen

MAX_UNITS = 40
"""More units than any army holds (a standard army has at most 17): a bound on the work."""
MAX_TEXT = 200_000
"""Characters: a list export is about 1-3 KB; anything far larger is not one."""


@frozen
class Problem:
    """Something wrong with the pasted list: where in it, and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class ListError(RulesError):
    """The text is not a list export; `problems` says every reason, in order."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(map(str, problems)))


@frozen
class ListedUnit:
    """One unit as the list names it: its place in `units` (from 0), name and upgrades."""

    index: int
    name: str
    upgrades: tuple[str, ...]


@frozen
class ArmyList:
    name: str
    faction: str
    """`armyFaction` as exported ("empire", "rebels", ...), or ""."""
    units: tuple[ListedUnit, ...]


def _got(value: object) -> str:
    kind = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(type(value))
    return kind or "a number"


def _unit(raw: object, index: int, problems: list[Problem]) -> ListedUnit | None:
    where = f"units[{index}]"
    if not isinstance(raw, dict):
        problems.append(Problem(where, f'a unit {{"name": ..., "upgrades": [...]}} (got {_got(raw)})'))
        return None
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{where}.name", f"the unit's name as text (got {_got(name)})"))
        return None
    upgrades = raw.get("upgrades", [])
    if upgrades is None:
        upgrades = []
    if not isinstance(upgrades, list):
        problems.append(Problem(f"{where}.upgrades", f"a list of upgrade names (got {_got(upgrades)})"))
        return None
    names = []
    for n, upgrade in enumerate(upgrades):
        if isinstance(upgrade, str) and upgrade.strip():
            names.append(upgrade.strip())
        else:
            problems.append(Problem(f"{where}.upgrades[{n}]", f"an upgrade's name as text (got {_got(upgrade)})"))
    return ListedUnit(index, name.strip(), tuple(names))


def parse_list(text: str) -> ArmyList:
    """The list in an export's text, or `ListError` naming every problem."""
    if len(text) > MAX_TEXT:
        raise ListError((Problem("", f"a list export of at most {MAX_TEXT:,} characters (got {len(text):,})"),))
    if not text.strip():
        raise ListError((Problem("", "a list exported for Tabletop Simulator (JSON); the text is empty"),))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ListError((Problem(f"line {e.lineno}, column {e.colno}", f"not JSON: {e.msg}"),)) from None
    if not isinstance(data, dict):
        raise ListError((Problem("", f'a JSON object {{"units": [...], ...}} as the list builders export (got {_got(data)})'),))
    raw_units = data.get("units")
    if not isinstance(raw_units, list) or not raw_units:
        got = "none" if raw_units is None else _got(raw_units) if not isinstance(raw_units, list) else "an empty list"
        raise ListError((Problem("units", f"a list of the army's units (got {got})"),))
    if len(raw_units) > MAX_UNITS:
        raise ListError((Problem("units", f"at most {MAX_UNITS} units (got {len(raw_units)})"),))
    problems: list[Problem] = []
    units = tuple(u for i, raw in enumerate(raw_units) if (u := _unit(raw, i, problems)) is not None)
    if problems:
        raise ListError(tuple(problems))
    faction = data.get("armyFaction")
    name = data.get("listname")
    return ArmyList(str(name) if isinstance(name, str) else "", faction.strip() if isinstance(faction, str) else "", units)

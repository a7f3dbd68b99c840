"""A whole army against one target: for each unit of a pasted list, with its upgrades, the
default pool at each range 1-4 and in melee, resolved by the single-unit entry point
(`api.run`, the call the CLI and the calculators make) with the same values a reader would
give it: `attacker_unit`, `upgrade`, `range`, `defender_unit`, `cover`. The army's numbers
are the single-unit command's by construction; nothing here forms a pool.

`army_json(text, defender_unit, cover)` answers the whole table; `unit_json` one unit's row,
so that a page can show progress unit by unit. Probabilities are exact, `"p/q"`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import cast

from rulesengine.errors import InputError
from rulesengine.legion import api
from rulesengine.legion.army_list import ArmyList, ListError, Problem, parse_list
from rulesengine.legion.army_names import Fielded, export_name, match_list
from rulesengine.legion.inputs import OPTIONS
from rulesengine.legion.units import Unit, find_unit
from rulesengine.records import frozen

RANGES = ("1", "2", "3", "4", "melee")
"""Where the target may be: range 1 to 4, or engaged in melee."""
COVER = next(o for o in OPTIONS if o.name == "cover")

JSON = dict[str, object]


@frozen
class Target:
    """The defending unit and its cover, checked."""

    unit: Unit
    cover: str


def target(defender_unit: str, cover: str | None = None) -> Target:
    """The target, or an `InputError` naming the option (the closest names for a unit)."""
    if not defender_unit.strip():
        raise InputError("--defender-unit", "the name of the unit the army attacks, as on its card")
    unit = find_unit(defender_unit.strip(), "--defender-unit")
    return Target(unit, cover_of(cover))


def cover_of(cover: str | None) -> str:
    """The cover given (an `InputError` naming the choices), or the default."""
    return str(COVER.coerce(cover or str(COVER.default)))


def single_unit_values(fielded: Fielded, at: str, aim: Target) -> JSON:
    """The single-unit entry point's values for this unit at this range: the same as
    `rulesengine legion --attacker-unit ... --upgrade ... --range ... --defender-unit ...
    --cover ...`."""
    return {"attacker_unit": fielded.unit.name, "upgrade": [u.name for u in fielded.upgrades], "range": at,
            "defender_unit": aim.unit.name, "cover": aim.cover}


def _at_least_one(wounds: Mapping[str, object]) -> Fraction:
    return 1 - Fraction(str(wounds.get("0", "0")))


def at_range(result: Mapping[str, object]) -> JSON:
    """One cell of the table from the single-unit result: the exact expected wounds, the
    chance of at least one wound, the minis defeated, and the pool the engine formed."""
    defender = cast(Mapping[str, object], result["defender"])
    wounds = cast(Mapping[str, object], defender["wounds"])
    return {
        "expected_wounds": defender["expected_wounds"],
        "at_least_one_wound": str(_at_least_one(wounds)),
        "wounds": dict(wounds),
        "expected_minis_defeated": defender.get("expected_minis_defeated"),
        "minis_defeated": defender.get("minis_defeated"),
        "pool": result.get("pool"),
        "reason": None,
    }


def no_pool(reason: str) -> JSON:
    """A range where the unit forms no pool (no weapon reaches it): null, and why."""
    return {"expected_wounds": None, "at_least_one_wound": None, "wounds": None, "expected_minis_defeated": None,
            "minis_defeated": None, "pool": None, "reason": reason}


class Solver:
    """Resolves single-unit attacks, each set of values once (a unit fielded twice, or one
    whose pool is the same at two ranges, is computed once)."""

    def __init__(self) -> None:
        self._seen: dict[str, JSON] = {}

    def cell(self, values: JSON) -> JSON:
        key = repr(sorted(values.items()))
        if key not in self._seen:
            try:
                self._seen[key] = at_range(api.run(values))
            except InputError as e:
                if e.option != "--range":
                    raise
                self._seen[key] = no_pool(e.allowed)
        return self._seen[key]


def unit_json(fielded: Fielded, aim: Target, solver: Solver | None = None) -> JSON:
    """One row: the unit as listed and as matched, and its cell at each range. An input the
    single-unit command refuses (an illegal upgrade) is an `InputError` naming the unit."""
    solver = solver or Solver()
    cells: dict[str, JSON] = {}
    for at in RANGES:
        try:
            cells[at] = solver.cell(single_unit_values(fielded, at, aim))
        except InputError as e:
            raise InputError(f"units[{fielded.listed.index}]", f"{fielded.listed.name}: {e}") from None
    return {
        "index": fielded.listed.index,
        "name": fielded.listed.name,
        "unit": fielded.unit.name,
        "upgrades": list(fielded.listed.upgrades),
        "upgrades_in_attack": [u.name for u in fielded.upgrades],
        "upgrades_not_in_attack": list(fielded.others),
        "at_range": cells,
    }


def read(text: str) -> tuple[ArmyList, tuple[Fielded, ...], tuple[Problem, ...]]:
    """The list, its units matched to their cards, and a problem per name matched by none
    (`ListError` for a text that is no list)."""
    army = parse_list(text)
    fielded, problems = match_list(army)
    return army, fielded, problems


def heading_json(army: ArmyList, aim: Target, problems: Sequence[Problem]) -> JSON:
    defender = aim.unit
    return {
        "list": army.name,
        "faction": army.faction,
        "defender": {"unit": defender.name, "export_name": export_name(defender), "minis": defender.minis,
                     "wounds_per_mini": defender.wounds},
        "cover": aim.cover,
        "ranges": list(RANGES),
        "problems": [{"where": p.where, "message": p.message} for p in problems],
    }


def army_json(text: str, defender_unit: str, cover: str | None = None) -> JSON:
    """The whole table: `{"list", "faction", "defender", "cover", "ranges", "problems",
    "units": [row, ...]}`, a row per matched unit in the list's order. Raises `ListError`
    for a text that is no list, `InputError` for a bad target."""
    aim = target(defender_unit, cover)
    army, fielded, problems = read(text)
    solver = Solver()
    rows = []
    for f in fielded:
        try:
            rows.append(unit_json(f, aim, solver))
        except InputError as e:
            problems += (Problem(e.option, e.allowed),)
    return {**heading_json(army, aim, problems), "units": rows}


__all__ = ["COVER", "RANGES", "ListError", "Solver", "Target", "army_json", "at_range", "cover_of", "heading_json", "no_pool", "read",
           "single_unit_values", "target", "unit_json"]

"""The units named among loose input values (argv, a form, JSON): `Units` finds them, or
raises `InputError` naming the option.

`weapon` is a list of "NAME" or "NAME=N" (a string with ";" between items also does), and
`range` one of `forming.RANGES`, as the command line's `--weapon` and `--range` take them.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.errors import InputError
from rulesengine.legion.inputs import OPTIONS, REPEAT_SEPARATOR
from rulesengine.legion.units.forming import RANGES
from rulesengine.legion.units.legality import check_upgrades
from rulesengine.legion.units.lookup import find_unit, find_upgrade

WEAPON_FORMAT = "NAME or NAME=N: a weapon of the unit or of its upgrades, by its own name, and how many minis add it"


def _text(values: Mapping[str, object], name: str) -> str:
    value = values.get(name)
    return value.strip() if isinstance(value, str) else str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def _items(values: Mapping[str, object], name: str) -> list[str]:
    raw = values.get(name)
    items = raw if isinstance(raw, (list, tuple)) else ([] if raw in (None, "") else [raw])
    return [part.strip() for item in items for part in str(item).split(REPEAT_SEPARATOR) if part.strip()]


def weapon_items(values: Mapping[str, object]) -> list[tuple[str, int | None]]:
    """`weapon`'s items as (name, N or None)."""
    out: list[tuple[str, int | None]] = []
    for item in _items(values, "weapon"):
        name, eq, count = item.rpartition("=") if "=" in item else (item, "", "")
        name = name.strip()
        if eq:
            if not count.strip().isdigit() or int(count) < 1 or not name:
                raise InputError("--weapon", WEAPON_FORMAT + " (N a whole number from 1)", item)
            out.append((name, int(count)))
        else:
            out.append((name, None))
    return out


def range_of(values: Mapping[str, object]) -> str:
    """`range` as one of `RANGES`, or "" (none given)."""
    given = _text(values, "range").lower()
    if given and given not in RANGES:
        raise InputError("--range", "one of " + ", ".join(RANGES) + " (the range the defender is at)", values.get("range"))
    return given


def _minis(values: Mapping[str, object]) -> int | None:
    raw = values.get("minis")
    if raw in (None, "", 0, "0"):
        return None
    try:
        return int(str(raw).strip())
    except ValueError:
        raise InputError("--minis", "a whole number (0: the whole unit)", raw) from None


class Units:
    """The units named among input values, found: `attacker`, its `weapons` (name, N or
    None), `range` ("" none given), legal `upgrades`, `minis` (None: the whole unit),
    `defender`; `in_sight`: `spray` given beside an attacking unit (the defending minis in
    sight, for its Spray weapons), else None."""

    def __init__(self, values: Mapping[str, object]) -> None:
        attacker, defender = _text(values, "attacker_unit"), _text(values, "defender_unit")
        self.attacker = find_unit(attacker, "--attacker-unit") if attacker else None
        self.defender = find_unit(defender, "--defender-unit") if defender else None
        self.weapons = weapon_items(values)
        self.range = range_of(values)
        upgrades = _items(values, "upgrade")
        self.minis = _minis(values)
        if self.attacker is None:
            for name, given in (("--weapon", self.weapons), ("--upgrade", upgrades), ("--minis", self.minis),
                                ("--range", self.range)):
                if given:
                    raise InputError(name, "only with --attacker-unit (the unit whose weapons, upgrades, minis or range they are)",
                                     given)
        self.upgrades = tuple(find_upgrade(n, self.attacker) for n in upgrades)
        if self.attacker is not None:
            check_upgrades(self.attacker, self.upgrades)
        spray = values.get("spray")
        self.in_sight = int(str(spray)) if self.attacker is not None and str(spray or "").strip().isdigit() else None


def ruleset_of(values: Mapping[str, object]) -> str:
    """The ruleset the values name, else the engine's default (the keywords a ruleset lacks
    are not given to it)."""
    given = values.get("ruleset")
    return str(given) if given else str(next(o.default for o in OPTIONS if o.name == "ruleset"))

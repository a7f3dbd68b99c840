"""The units named among loose input values (argv, a form, JSON): `Units` finds them, or
raises `InputError` naming the option."""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.errors import InputError
from rulesengine.legion.inputs import OPTIONS, REPEAT_SEPARATOR
from rulesengine.legion.units.lookup import find_unit, find_upgrade, find_weapon


def _text(values: Mapping[str, object], name: str) -> str:
    value = values.get(name)
    return value.strip() if isinstance(value, str) else ""


def _upgrade_names(values: Mapping[str, object]) -> list[str]:
    raw = values.get("upgrade")
    items = raw if isinstance(raw, (list, tuple)) else ([] if raw in (None, "") else [raw])
    return [part.strip() for item in items for part in str(item).split(REPEAT_SEPARATOR) if part.strip()]


def _minis(values: Mapping[str, object]) -> int | None:
    raw = values.get("minis")
    if raw in (None, "", 0, "0"):
        return None
    try:
        return int(str(raw).strip())
    except ValueError:
        raise InputError("--minis", "a whole number (0: the whole unit)", raw) from None


class Units:
    """The units named among input values, found: `attacker`, its `weapon` and `upgrades`,
    `minis` (None: the whole unit), `defender`."""

    def __init__(self, values: Mapping[str, object]) -> None:
        attacker, defender = _text(values, "attacker_unit"), _text(values, "defender_unit")
        self.attacker = find_unit(attacker, "--attacker-unit") if attacker else None
        self.defender = find_unit(defender, "--defender-unit") if defender else None
        weapon, upgrades = _text(values, "weapon"), _upgrade_names(values)
        self.minis = _minis(values)
        if self.attacker is None:
            for name, given in (("--weapon", weapon), ("--upgrade", upgrades), ("--minis", self.minis)):
                if given:
                    raise InputError(name, "only with --attacker-unit (the unit whose weapon, upgrades or minis they are)", given)
        self.weapon = find_weapon(self.attacker, weapon) if self.attacker and weapon else None
        self.upgrades = tuple(find_upgrade(n, self.attacker) for n in upgrades)


def ruleset_of(values: Mapping[str, object]) -> str:
    """The ruleset the values name, else the engine's default (the keywords a ruleset lacks
    are not given to it)."""
    given = values.get("ruleset")
    return str(given) if given else str(next(o.default for o in OPTIONS if o.name == "ruleset"))

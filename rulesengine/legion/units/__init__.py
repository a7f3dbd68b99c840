"""The player's own units: Legion HQ 2's card data (shipped in `data/`, MIT, see
`data/SOURCE.md`) as frozen models, and their mapping to the engine's inputs.

- `cards()`: every unit and upgrade of the copy (`Cards`); `cards().released` the released units.
- `find_unit`, `find_weapon`, `find_upgrade`: by the name a reader types, or an `InputError`
  naming the option and the closest names.
- `attacker_values`, `defender_values`: a unit on its card -> the engine's input values
  (`Mapped`: values by option name, and notes on what was left out).
- `unit_values(values)`: the unit inputs of `inputs.UNIT_OPTIONS` among loose input values
  (`attacker_unit`, `weapon`, `minis`, `upgrade`, `defender_unit`) -> the option values they
  stand for, with the other values given laid over them (a value given beside a unit adds to
  it or overrides it).
- `minis_defeated(wounds, unit)`: the distribution of minis defeated from the wounds'.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion.inputs import REPEAT_SEPARATOR, UNIT_OPTIONS
from rulesengine.legion.units.cards import FACTIONS, Cards, Keyword, Quirk, Unit, Upgrade, Weapon, cards, parse
from rulesengine.legion.units.keywords import NOT_MODELLED, RULES, Rule, page_of
from rulesengine.legion.units.lookup import find_unit, find_upgrade, find_weapon, upgrades_for
from rulesengine.legion.units.mapping import Mapped, Note, attacker_values, default_weapon, defender_values, whole_unit

__all__ = ["FACTIONS", "NOT_MODELLED", "RULES", "UNIT_INPUTS", "Cards", "Keyword", "Mapped", "Note", "Quirk", "Rule", "Unit",
           "Upgrade", "Weapon", "attacker_values", "cards", "default_weapon", "defender_values", "find_unit", "find_upgrade",
           "find_weapon", "minis_defeated", "page_of", "parse", "unit_values", "upgrades_for", "whole_unit", "Units",
           "chosen_units"]

UNIT_INPUTS = tuple(o.name for o in UNIT_OPTIONS)
"""attacker_unit, weapon, minis, upgrade, defender_unit."""


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


def chosen_units(values: Mapping[str, object]) -> Units:
    """The units the values name (an `InputError` for a name not found)."""
    return Units(values)


def unit_values(values: Mapping[str, object], found: Units | None = None) -> dict[str, object]:
    """Loose input values with the units they name replaced by the inputs on their cards:
    every value given beside a unit (not None, not "") is laid over the unit's. `found`:
    the values' units if already found."""
    found = found or Units(values)
    ruleset = _text(values, "ruleset") or "notes"
    from_cards: dict[str, object] = {}
    if found.attacker is not None:
        from_cards.update(attacker_values(found.attacker, found.weapon, found.minis, found.upgrades, ruleset=ruleset,
                                          defender=found.defender).as_dict())
    if found.defender is not None:
        from_cards.update(defender_values(found.defender, ruleset=ruleset).as_dict())
    given = {k: v for k, v in values.items() if k not in UNIT_INPUTS and v is not None and v != ""}
    return {**from_cards, **given}


def minis_defeated(wounds: Distribution[int], unit: Unit) -> Distribution[int]:
    """Minis defeated: each mini has the card's wounds; no more than the unit's minis."""
    return wounds.map(lambda w: min(w // unit.wounds, unit.minis))

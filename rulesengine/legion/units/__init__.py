"""The player's own units: Legion HQ 2's card data (shipped in `data/`, MIT, see
`data/SOURCE.md`) as frozen models, and their mapping to the engine's inputs.

- `cards()`: every unit and upgrade of the copy (`Cards`); `cards().released` the released units.
- `find_unit`, `find_weapon`, `find_upgrade`: by the name a reader types, or an `InputError`
  naming the option and the closest names.
- `attacker_values`, `defender_values`: a unit on its card -> the engine's input values
  (`Mapped`: values by option name, and notes on what was left out).
- `unit_values(values)`: the unit inputs of `inputs.UNIT_OPTIONS` among loose input values
  (`attacker_unit`, `weapon` (list of NAME or NAME=N), `range` (1-4, melee), `minis`,
  `upgrade`, `defender_unit`) -> the option values they
  stand for, with the other values given laid over them (a value given beside a unit adds to
  it or overrides it).
- `minis_defeated(wounds, unit)`: the distribution of minis defeated from the wounds'.
- `catalogue_json()`, `fill_json(values)`: JSON for a unit picker (`picker.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rulesengine.distribution import Distribution
from rulesengine.legion.inputs import UNIT_OPTIONS
from rulesengine.legion.units.cards import FACTIONS, Cards, Keyword, Quirk, Unit, Upgrade, Weapon, cards, parse
from rulesengine.legion.units.keywords import NOT_MODELLED, RULES, Rule, page_of
from rulesengine.legion.units.chosen import Units, ruleset_of
from rulesengine.legion.units.lookup import find_unit, find_upgrade, find_weapon, upgrades_for
from rulesengine.legion.units.picker import catalogue_json, fill_json
from rulesengine.legion.units.corrections import CORRECTIONS
from rulesengine.legion.units.forming import RANGES
from rulesengine.legion.units.legality import legal_upgrades
from rulesengine.legion.units.mapping import Mapped, Note, attacker_values, default_weapon, defender_values, whole_unit

__all__ = ["FACTIONS", "NOT_MODELLED", "RULES", "UNIT_INPUTS", "Cards", "Keyword", "Mapped", "Note", "Quirk", "Rule", "Unit",
           "Upgrade", "Weapon", "attacker_values", "cards", "default_weapon", "defender_values", "find_unit", "find_upgrade",
           "find_weapon", "minis_defeated", "page_of", "parse", "unit_values", "upgrades_for", "whole_unit", "Units",
           "chosen_units", "catalogue_json", "fill_json", "attacker_mapped", "RANGES", "legal_upgrades", "CORRECTIONS"]

UNIT_INPUTS = tuple(o.name for o in UNIT_OPTIONS)
"""attacker_unit, weapon, minis, upgrade, defender_unit."""


def chosen_units(values: Mapping[str, object]) -> Units:
    """The units the values name (an `InputError` for a name not found)."""
    return Units(values)


def attacker_mapped(values: Mapping[str, object], found: Units | None = None) -> Mapped | None:
    """The attacking unit's values (None: no attacking unit named)."""
    found = found or Units(values)
    if found.attacker is None:
        return None
    return _attacker_mapped(found.attacker, found.minis, found.upgrades, ruleset_of(values), found.defender,
                            tuple(found.weapons), found.range, found.in_sight)


# The mappings are pure functions of the units found, asked for again and again: by one
# request (`run`, `unit_values`, each Assault choice) and by requests that differ elsewhere.
@lru_cache(maxsize=1024)
def _attacker_mapped(unit: Unit, minis: int | None, upgrades: tuple[Upgrade, ...], ruleset: str, defender: Unit | None,
                     assigned: tuple[tuple[str, int | None], ...], at: str, in_sight: int | None) -> Mapped:
    return attacker_values(unit, None, minis, upgrades, ruleset=ruleset, defender=defender, assigned=assigned, at=at,
                           in_sight=in_sight)


@lru_cache(maxsize=1024)
def _defender_mapped(unit: Unit, ruleset: str) -> Mapped:
    return defender_values(unit, ruleset=ruleset)


def unit_values(values: Mapping[str, object], found: Units | None = None) -> dict[str, object]:
    """Loose input values with the units they name replaced by the inputs on their cards:
    every value given beside a unit (not None, not "") is laid over the unit's; `spray`
    beside an attacking unit is the defending minis its Spray weapons see. `found`: the
    values' units if already found."""
    found = found or Units(values)
    ruleset = ruleset_of(values)
    from_cards: dict[str, object] = {}
    mapped = attacker_mapped(values, found)
    if mapped is not None:
        from_cards.update(mapped.as_dict())
    if found.defender is not None:
        from_cards.update(_defender_mapped(found.defender, ruleset).as_dict())
    taken = set(UNIT_INPUTS) | ({"spray"} if found.attacker is not None else set())
    given = {k: v for k, v in values.items() if k not in taken and v is not None and v != ""}
    return {**from_cards, **given}


def minis_defeated(wounds: Distribution[int], unit: Unit) -> Distribution[int]:
    """Minis defeated: each mini has the card's wounds; no more than the unit's minis."""
    return wounds.map(lambda w: min(w // unit.wounds, unit.minis))

"""JSON for a unit picker (the browser's, through Pyodide): the released units by faction,
and the inputs a choice of units fills in, with the notes on what they leave out."""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.legion.units.cards import FACTIONS, Unit, Weapon, cards
from rulesengine.legion.units.forming import RANGES
from rulesengine.legion.units.chosen import Units, ruleset_of
from rulesengine.legion.units.lookup import upgrades_for
from rulesengine.legion.units.mapping import Mapped, attacker_values, default_weapon, defender_values, whole_unit


def _weapon_json(weapon: Weapon) -> dict[str, object]:
    return {"name": weapon.name, "dice": weapon.dice_text, "range": weapon.range_text, "ranged": weapon.ranged,
            **({"refused": weapon.refusal} if weapon.refusal else {})}


def _unit_json(unit: Unit) -> dict[str, object]:
    return {
        "name": unit.name,
        "rank": unit.rank,
        "minis": unit.minis,
        "wounds": unit.wounds,
        "arsenal": unit.arsenal,
        "weapons": [_weapon_json(w) for w in unit.weapons],
        "default_weapon": default_weapon(unit).name if any(not w.refusal for w in unit.weapons) else None,
        "upgrades": [{"name": u.name, "kind": u.kind, "adds_mini": u.adds_mini, "weapons": [_weapon_json(w) for w in u.weapons]}
                     for u in upgrades_for(unit)],
    }


def catalogue_json() -> dict[str, object]:
    """`{"date", "ranges", "factions": [{"key", "name", "units": [...]}]}`: every released
    unit, by faction in `FACTIONS`' order, each with its weapons (range "1–∞" where it has no
    upper end; a weapon the engine refuses says why) and every upgrade it may legally take
    (`legality`), with that upgrade's weapons; `ranges`: what `range` takes."""
    source = cards()
    factions = [{"key": key, "name": name,
                 "units": [_unit_json(u) for u in sorted(source.released, key=lambda u: u.name.casefold()) if u.faction == key]}
                for key, name in FACTIONS.items()]
    return {"date": source.date, "ranges": list(RANGES), "factions": [f for f in factions if f["units"]]}


def _mapped_json(mapped: Mapped) -> dict[str, object]:
    return {"values": mapped.as_dict(), "notes": [{"keyword": n.keyword, "reason": n.reason} for n in mapped.notes]}


def fill_json(values: Mapping[str, object]) -> dict[str, object]:
    """The inputs the units named among `values` (`attacker_unit`, `weapon`, `minis`,
    `upgrade`, `defender_unit`, and `ruleset`) fill in: `{"attacker": {"values", "notes",
    "minis"}, "defender": {"values", "notes"}}`, each present when its unit is named. Raises
    `InputError` naming the option for a name not found."""
    found = Units(values)
    ruleset = ruleset_of(values)
    out: dict[str, object] = {}
    if found.attacker is not None:
        mapped = attacker_values(found.attacker, None, found.minis, found.upgrades, ruleset=ruleset, defender=found.defender,
                                 assigned=found.weapons, at=found.range, in_sight=found.in_sight)
        out["attacker"] = {**_mapped_json(mapped), "minis": found.minis or whole_unit(found.attacker, found.upgrades),
                           "pool": mapped.pool}
    if found.defender is not None:
        out["defender"] = _mapped_json(defender_values(found.defender, ruleset=ruleset))
    return out

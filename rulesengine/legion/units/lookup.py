"""Finding a released unit, a weapon or an upgrade by the name a reader types; a name not
found is an `InputError` naming the option and the closest names (difflib)."""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.units.cards import Cards, Unit, Upgrade, Weapon, _fold, cards
from rulesengine.legion.units.legality import legal_upgrades

CLOSEST = 5


def _unit_keys(unit: Unit) -> set[str]:
    """Every way a reader may name the unit: its unique name, the card's name with the
    title ("Stormtroopers Heavy Response Unit", "Stormtroopers: Heavy Response Unit")."""
    return {_fold(unit.name), _fold(f"{unit.card_name} {unit.title}")}


_INDEX: list[tuple[Cards, dict[str, tuple[Unit, ...]]]] = []
"""The index of the copy last looked in (one only: an index kept per copy would keep every
copy ever read alive)."""


def _unit_index(source: Cards) -> dict[str, tuple[Unit, ...]]:
    """Each way of naming a released unit -> the units it names (built once per copy)."""
    if _INDEX and _INDEX[0][0] is source:
        return _INDEX[0][1]
    index: dict[str, list[Unit]] = {}
    for unit in source.released:
        for key in _unit_keys(unit):
            index.setdefault(key, []).append(unit)
    built = {k: tuple(v) for k, v in index.items()}
    _INDEX[:] = [(source, built)]
    return built


def _not_found(option: str, what: str, name: str, names: list[str]) -> InputError:
    import difflib  # only a name not found needs it

    close = difflib.get_close_matches(name, names, n=CLOSEST, cutoff=0.4)
    if not close:
        folded = _fold(name)
        close = [n for n in names if folded and folded in _fold(n)][:CLOSEST]
    hint = "; closest: " + ", ".join(close) if close else ""
    return InputError(option, f"the name of a released {what} as on its card{hint}", name)


def find_unit(name: str, option: str = "--attacker-unit", source: Cards | None = None) -> Unit:
    """The released unit of that name (case and punctuation do not matter; the title may be
    given after the name, with or without brackets)."""
    source = source or cards()
    found = _unit_index(source).get(_fold(name)) or tuple(u for u in source.released if _fold(u.card_name) == _fold(name))
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise InputError(option, "one of the cards of that name: " + ", ".join(u.name for u in found), name)
    unreleased = [u.name for u in source.units if not u.released and _fold(name) in _unit_keys(u)]
    if unreleased:
        raise InputError(option, f"a released unit ({unreleased[0]} is not released yet)", name)
    raise _not_found(option, "unit", name, [u.name for u in source.released])


def find_weapon(unit: Unit, name: str, option: str = "--weapon") -> Weapon:
    weapon = unit.weapon(name)
    if weapon is None:
        choices = [w.name for w in unit.weapons]
        raise InputError(option, f"one of {unit.name}'s weapons: " + ", ".join(choices), name)
    return weapon


def find_upgrade(name: str, unit: Unit | None = None, option: str = "--upgrade", source: Cards | None = None) -> Upgrade:
    """The released upgrade of that name; where several cards share it, the one whose
    requirements name the unit."""
    source = source or cards()
    folded = _fold(name)
    found = [u for u in source.upgrades if u.released and _fold(u.name) == folded]
    if len(found) > 1 and unit is not None:
        found = [u for u in found if u.requirements.holds(unit) and u.kind in unit.upgrade_bar] or found
    if found:
        return found[0]
    names = sorted({u.name for u in source.upgrades if u.released and (unit is None or not u.for_units
                                                                        or unit.card_name in u.for_units)})
    raise _not_found(option, "heavy weapon, personnel or weapon upgrade", name, names)


def upgrades_for(unit: Unit, source: Cards | None = None) -> tuple[Upgrade, ...]:
    """The released upgrades the unit may take (`legality.legal_upgrades`: its upgrade bar
    and the cards' requirements), for a picker."""
    return legal_upgrades(unit, source)

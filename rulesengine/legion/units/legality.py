"""Which upgrades a unit may take (pure functions): the unit's upgrade bar limits the cards
of each kind; the card's requirements hold for the unit (unit name, unit type, faction,
rank, ...: `requirements.Requirement`); a unique card goes in once.

`legal_upgrades(unit)` lists every released upgrade of the copy the unit may take (one at a
time); `check_upgrades(unit, upgrades)` refuses an illegal set with an `InputError` on
`--upgrade` naming the rule and the requirement.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesengine.errors import InputError
from rulesengine.legion.units.cards import Cards, Unit, Upgrade, cards
from rulesengine.wording import plural


def why_not(unit: Unit, upgrade: Upgrade) -> str:
    """Why the unit may not take the card ("": it may), naming the rule."""
    if upgrade.kind not in unit.upgrade_bar:
        bar = ", ".join(unit.upgrade_bar) or "none"
        return f"upgrade bar: {unit.name}'s upgrade bar has no {upgrade.kind} slot (it has: {bar})"
    if not upgrade.requirements.holds(unit):
        return f"requirements: {upgrade.name} requires {upgrade.requirements.text}; {unit.name} is {_unit_text(unit)}"
    return ""


def _unit_text(unit: Unit) -> str:
    parts = [f"unit name {unit.card_name}", f"unit type {unit.kind}", f"faction {unit.faction}", f"rank {unit.rank}"]
    if unit.title:
        parts.insert(1, f"title {unit.title}")
    if unit.affiliation:
        parts.append(f"affiliation {unit.affiliation}")
    return ", ".join(parts)


def check_upgrades(unit: Unit, upgrades: Sequence[Upgrade]) -> None:
    """Refuse the first illegal card: one the unit may not take, one more of a kind than
    its upgrade bar has slots, a unique card twice."""
    for upgrade in upgrades:
        why = why_not(unit, upgrade)
        if why:
            raise InputError("--upgrade", f"an upgrade {unit.name} may take ({why})", upgrade.name)
    for kind in dict.fromkeys(u.kind for u in upgrades):
        taken = [u.name for u in upgrades if u.kind == kind]
        slots = unit.upgrade_bar.count(kind)
        if len(taken) > slots:
            raise InputError("--upgrade", f"at most {plural(slots, kind + ' upgrade')} (upgrade bar: {unit.name} has "
                             f"{plural(slots, kind + ' slot')})", "; ".join(taken))
    for upgrade in dict.fromkeys(upgrades):
        if upgrade.unique and upgrades.count(upgrade) > upgrade.unique:
            raise InputError("--upgrade", f"{upgrade.name} at most {plural(upgrade.unique, 'time')} (unique: a unique "
                             "card is fielded once)", upgrades.count(upgrade))


def legal_upgrades(unit: Unit, source: Cards | None = None) -> tuple[Upgrade, ...]:
    """Every released upgrade of the copy (those with a weapon or a miniature) the unit may
    take: its kind on the unit's upgrade bar, its requirements holding."""
    source = source or cards()
    return tuple(u for u in source.upgrades if u.released and not why_not(unit, u))

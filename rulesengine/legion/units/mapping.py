"""From a unit on its card to the engine's input values: pure functions.

`attacker_values(unit, weapon, minis, upgrades)` gives the attack pool (the weapon's dice
times the minis that fire it, plus one weapon per upgrade that brings one), the unit's
surge chart, every unit and weapon keyword the engine models, and melee or overrun from the
weapon's range. `defender_values(unit)` gives the defense die and surge chart, courage (a
trooper's; none for "—"), vehicle, and every defending keyword the engine models. Each
returns a `Mapped`: the values by option name, and `notes` for what it could not give
(a keyword not in the calculators, one that depends on the table, a quirk of the data).

Weapon keywords with X add up over every mini's weapon in the pool, as the rules make
them cumulative (two minis firing Impact 1 give the pool Impact 2); Blast, High Velocity and Spray are given only when every weapon
of the pool has them, since the engine applies them to the whole pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesengine.errors import InputError
from rulesengine.legion.inputs import OPTIONS
from rulesengine.legion.model import RULESETS
from rulesengine.legion.units.cards import Keyword, Unit, Upgrade, Weapon
from rulesengine.legion.units.keywords import ARC_DEPENDENT, NOT_MODELLED, RULES, Rule, Side
from rulesengine.options import Option

_BY_NAME = {o.name: o for o in OPTIONS}


@dataclass(frozen=True)
class Note:
    """What a mapping left out, and why: `keyword` as on the card ("Weak Point 1: Rear")."""

    keyword: str
    reason: str


@dataclass(frozen=True)
class Mapped:
    """Input values by option name (`dict(values)`), and the notes on what was left out."""

    values: tuple[tuple[str, object], ...]
    notes: tuple[Note, ...]

    def as_dict(self) -> dict[str, object]:
        return dict(self.values)


@dataclass(frozen=True)
class Pool:
    """The weapons of one attack: (weapon, how many minis fire it)."""

    weapons: tuple[tuple[Weapon, int], ...]
    melee: bool
    overrun: bool


def default_weapon(unit: Unit) -> Weapon:
    """The unit's first ranged weapon, else its first weapon."""
    if not unit.weapons:
        raise InputError("--attacker-unit", "a unit with a weapon on its card (the data lists none for it)", unit.name)
    return next((w for w in unit.weapons if w.ranged), unit.weapons[0])


def whole_unit(unit: Unit, upgrades: Sequence[Upgrade] = ()) -> int:
    """The minis that fire the unit's own weapon: the card's, plus one per upgrade that adds a
    mini with no weapon of its own (personnel)."""
    return unit.minis + sum(1 for u in upgrades if u.adds_mini and not u.weapons)


def _suits(weapon: Weapon, melee: bool) -> bool:
    return weapon.melee if melee else weapon.ranged


def pool(unit: Unit, weapon: Weapon | None = None, minis: int | None = None,
         upgrades: Sequence[Upgrade] = ()) -> tuple[Pool, tuple[Note, ...]]:
    """The weapons of the attack and the notes on how the upgrades joined it."""
    weapon = weapon or default_weapon(unit)
    most = whole_unit(unit, upgrades)
    if minis is not None and not 1 <= minis <= max(most, 1):
        raise InputError("--minis", f"a whole number from 1 to {most} (the minis of {unit.name} that fire {weapon.name})", minis)
    count = most if minis is None else minis
    notes: list[Note] = []
    melee = weapon.melee and not weapon.ranged
    overrun = weapon.range_min is None and weapon.keyword("Overrun") is not None
    if weapon.range_min is None and not overrun:
        notes.append(Note(weapon.name, "the data gives this weapon no range: taken as a ranged attack"))
    extra: list[tuple[Weapon, int]] = []
    for upgrade in upgrades:
        own = next((w for w in upgrade.weapons if _suits(w, melee)), None) if not overrun else None
        if own is not None:
            extra.append((own, 1))
        elif upgrade.adds_mini and upgrade.weapons:
            count += 1
            notes.append(Note(upgrade.name, f"its weapon cannot make this attack: its mini fires {weapon.name}"))
        elif upgrade.weapons:
            notes.append(Note(upgrade.name, "its weapon cannot make this attack: left out"))
    weapons = ((weapon, count),) if count else ()
    if not weapons and not extra:
        named = "; " + ", ".join(u.name for u in upgrades) + " cannot make this attack" if upgrades else ""
        raise InputError("--upgrade", f"the upgrades that bring {unit.name}'s minis (its card has none of its own): name "
                         f"them with --upgrade{named}", len(upgrades))
    return Pool((*weapons, *extra), melee, overrun), tuple(notes)


def _option(name: str, ruleset: str) -> tuple[Option | None, str]:
    option = _BY_NAME.get(name)
    if option is None:
        return None, NOT_MODELLED
    if option.rulesets and ruleset not in option.rulesets:
        return None, f"only under ruleset {' or '.join(option.rulesets)} in the calculators"
    return option, ""


def _set(values: dict[str, object], notes: list[Note], option: Option, label: str, value: object) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and option.maximum is not None and value > option.maximum:
        notes.append(Note(label, f"{value} is above what the calculators take ({option.maximum}): set to {option.maximum}"))
        value = option.maximum
    values[option.name] = value


def _x(keyword: Keyword, label: str, notes: list[Note]) -> int | None:
    if keyword.number is None:
        notes.append(Note(label, "no number on the card for its X: set it yourself" if keyword.value.strip().upper() in ("", "X")
                          else f"its value {keyword.value!r} is not a number: set it yourself"))
    return keyword.number


def _card_keywords(keywords: Sequence[Keyword], sides: tuple[Side, ...], ruleset: str, values: dict[str, object],
                   notes: list[Note], context: dict[str, bool]) -> None:
    for keyword in keywords:
        rules = [r for r in RULES if r.keyword.casefold() == keyword.name.casefold()]
        mine = [r for r in rules if r.side in sides]
        if keyword.name in ARC_DEPENDENT and "defender" in sides:
            notes.append(Note(keyword.label, f"depends on the arc the attacker is in: set --{ARC_DEPENDENT[keyword.name].replace('_', '-')} "
                              f"{keyword.number or 'X'} when it attacks from there"))
            continue
        if not mine:
            if not rules and keyword.name not in ARC_DEPENDENT:
                notes.append(Note(keyword.label, NOT_MODELLED))
            continue
        for rule in mine:
            _apply(rule, keyword, ruleset, values, notes, context)


def _apply(rule: Rule, keyword: Keyword, ruleset: str, values: dict[str, object], notes: list[Note],
           context: dict[str, bool]) -> None:
    option, why = _option(rule.option, ruleset)
    if option is None:
        notes.append(Note(keyword.label, why))
        return
    if rule.when == "force" and not context.get("force"):
        notes.append(Note(keyword.label, "only against a unit with a Force upgrade icon: tick it when the defender has one"))
        return
    if option.kind == "bool":
        _set(values, notes, option, keyword.label, True)
        return
    number = _x(keyword, keyword.label, notes)
    if number is not None:
        _set(values, notes, option, keyword.label, number)


def _weapon_keywords(attack: Pool, ruleset: str, values: dict[str, object], notes: list[Note],
                     context: dict[str, bool]) -> None:
    weapons = [w for w, _ in attack.weapons]
    names = {k.name.casefold(): k.name for w in weapons for k in w.keywords}
    for folded, name in sorted(names.items()):
        rules = [r for r in RULES if r.keyword.casefold() == folded and r.side == "weapon"]
        having = [w for w in weapons if any(k.name.casefold() == folded for k in w.keywords)]
        label = ", ".join(f"{w.name}: {next(k for k in w.keywords if k.name.casefold() == folded).label}" for w in having)
        if not rules:
            notes.append(Note(label, NOT_MODELLED))
            continue
        rule = rules[0]
        option, why = _option(rule.option, ruleset)
        if option is None:
            notes.append(Note(label, why))
        elif rule.how == "all" and len(having) < len(weapons):
            notes.append(Note(label, "not every weapon in the pool has it, and the calculators apply it to the whole pool: left out"))
        elif rule.when == "overrun":
            if not attack.overrun:
                notes.append(Note(label, "for an overrun attack: tick Overrun attack to make one"))
        elif rule.when == "spray" and not context.get("spray"):
            notes.append(Note(label, "the dice go in once per defending mini in sight: set Spray when the defender is known"))
        elif option.kind == "bool":
            _set(values, notes, option, label, True)
        else:
            numbers = [k.number for w, n in attack.weapons for k in w.keywords if k.name.casefold() == folded
                       for _ in range(n)]
            if any(n is None for n in numbers):
                notes.append(Note(label, "no number on the card for its X: left out"))
            else:
                _set(values, notes, option, label, sum(n for n in numbers if n is not None))


def attacker_values(unit: Unit, weapon: Weapon | None = None, minis: int | None = None, upgrades: Sequence[Upgrade] = (),
                    *, ruleset: str = RULESETS[0], defender: Unit | None = None) -> Mapped:
    """The attack's inputs from the attacking unit's card (the defender, if known, decides
    Jedi Hunter and Spray)."""
    attack, pool_notes = pool(unit, weapon, minis, upgrades)
    notes = list(pool_notes)
    values: dict[str, object] = {
        "red": sum(w.red * n for w, n in attack.weapons),
        "black": sum(w.black * n for w, n in attack.weapons),
        "white": sum(w.white * n for w, n in attack.weapons),
        "surge": unit.attack_surge,
    }
    if attack.melee:
        values["melee"] = True
    if attack.overrun:
        values["overrun"] = True
    context = {"force": defender is not None and "force" in defender.upgrade_bar}
    if defender is not None:
        context["spray"] = True
        values["spray"] = defender.minis
    _card_keywords(unit.keywords, ("attacker",), ruleset, values, notes, context)
    _weapon_keywords(attack, ruleset, values, notes, context)
    if "spray" in values and not any(w.keyword("Spray") for w, _ in attack.weapons):
        del values["spray"]
    notes += [Note(q.where, q.reason) for q in unit.quirks if q.where != "courage"]
    return Mapped(tuple(values.items()), tuple(notes))


def defender_values(unit: Unit, *, ruleset: str = RULESETS[0]) -> Mapped:
    """The defending unit's inputs from its card."""
    values: dict[str, object] = {"defense": unit.defense, "defense_surge": unit.defense_surge}
    notes: list[Note] = []
    if unit.vehicle:
        values["vehicle"] = True
    elif unit.courage is not None:
        _set(values, notes, _BY_NAME["courage"], "Courage", unit.courage)
    else:
        notes.append(Note("Courage", "—: the unit never gains suppression tokens (leave its suppression tokens at 0)"
                          if not any(q.where == "courage" for q in unit.quirks) else
                          next(q.reason for q in unit.quirks if q.where == "courage")))
    _card_keywords(unit.keywords, ("defender",), ruleset, values, notes, {})
    return Mapped(tuple(values.items()), tuple(notes))

"""From a unit on its card to the engine's input values: pure functions.

`attacker_values(unit, weapon, minis, upgrades, assigned=, at=)` forms the attack pool as
the rules form it (`forming`: the weapons named, else the default pool at the range) and
gives its dice (a Spray weapon's dice once per defending miniature, that weapon's only),
the unit's surge chart, every unit and weapon keyword the engine models, and melee or
overrun. `defender_values(unit)` gives the defense die and surge chart, courage (a
trooper's; none for "—"), vehicle, and every defending keyword the engine models. Each
returns a `Mapped`: the values by option name, `notes` for what it could not give (a
keyword not in the calculators, one that depends on the table, a quirk of the data), and
`pool`: which pool it is.

Weapon keywords with X add up over every weapon the pool holds, once per miniature that
adds it (two minis firing Impact 1 give Impact 2; an Overrun weapon goes in once); Blast,
Suppressive and the like count when any weapon has them, High Velocity and Sniper Team only
when every weapon has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rulesengine.errors import InputError
from rulesengine.legion.inputs import OPTIONS
from rulesengine.legion.model import RULESETS
from rulesengine.legion.units import forming
from rulesengine.legion.units.cards import Keyword, Unit, Upgrade, Weapon
from rulesengine.legion.units.forming import Formed
from rulesengine.legion.units.keywords import ARC_DEPENDENT, NOT_MODELLED, RULES, Rule, Side
from rulesengine.options import Option
from rulesengine.records import frozen

_BY_NAME = {o.name: o for o in OPTIONS}


@frozen
class Note:
    """What a mapping left out, and why: `keyword` as on the card ("Weak Point 1: Rear")."""

    keyword: str
    reason: str


@frozen
class Mapped:
    """Input values by option name (`dict(values)`), the notes on what was left out, and
    (attacker) which pool the values are."""

    values: tuple[tuple[str, object], ...]
    notes: tuple[Note, ...]
    pool: str = ""

    def as_dict(self) -> dict[str, object]:
        return dict(self.values)


def default_weapon(unit: Unit) -> Weapon:
    """The unit's first ranged weapon the engine can use, else its first usable weapon."""
    usable = [w for w in unit.weapons if not w.refusal]
    if not usable:
        raise InputError("--attacker-unit", "a unit with a weapon on its card the engine can use (the data lists none for it)",
                         unit.name)
    return next((w for w in usable if w.ranged), usable[0])


def whole_unit(unit: Unit, upgrades: Sequence[Upgrade] = ()) -> int:
    """The unit's miniatures: the card's, plus one per heavy weapon or personnel card."""
    return unit.minis + sum(1 for u in upgrades if u.adds_mini)


def pool(unit: Unit, weapon: Weapon | None = None, minis: int | None = None, upgrades: Sequence[Upgrade] = (),
         *, assigned: Sequence[tuple[str, int | None]] = (), at: str = "", spray: int = 1) -> Formed:
    """The attack pool: the weapons named (`assigned`, or `weapon` for every mini, within
    `minis`), else the default pool at range `at`."""
    most = whole_unit(unit, upgrades)
    if most < 1:
        raise InputError("--upgrade", f"the upgrades that bring {unit.name}'s minis (its card has none of its own): name "
                         "them with --upgrade", len(upgrades))
    if minis is not None and not 1 <= minis <= most:
        raise InputError("--minis", f"a whole number from 1 to {most} (the minis of {unit.name} that fire)", minis)
    if weapon is not None:
        assigned = [(weapon.name, None), *assigned]
    if assigned:
        return forming.given_pool(unit, upgrades, assigned, at, minis)
    return forming.default_pool(unit, upgrades, at, spray, minis)


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


@cache
def _rules_named(folded: str) -> tuple[Rule, ...]:
    """The rules of a keyword by its case-folded name, in `RULES`' order."""
    return tuple(r for r in RULES if r.keyword.casefold() == folded)


def _card_keywords(keywords: Sequence[Keyword], sides: tuple[Side, ...], ruleset: str, values: dict[str, object],
                   notes: list[Note], context: dict[str, bool]) -> None:
    for keyword in keywords:
        rules = _rules_named(keyword.name.casefold())
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


ALL_OF_THEM = ("high_velocity", "sniper_team")
"""Weapon keywords a pool has only when every weapon has them (the rest: when any has)."""


def _weapon_keywords(attack: Formed, ruleset: str, values: dict[str, object], notes: list[Note]) -> None:
    weapons = [f.armed.weapon for f in attack.fired]
    names = {k.name.casefold(): k.name for w in weapons for k in w.keywords}
    for folded, name in sorted(names.items()):
        rules = [r for r in _rules_named(folded) if r.side == "weapon"]
        having = [w for w in weapons if any(k.name.casefold() == folded for k in w.keywords)]
        label = ", ".join(f"{w.name}: {next(k for k in w.keywords if k.name.casefold() == folded).label}" for w in having)
        if not rules:
            notes.append(Note(label, NOT_MODELLED))
            continue
        rule = rules[0]
        option, why = _option(rule.option, ruleset)
        if rule.when == "spray":
            continue  # the weapon's own dice were multiplied as the pool was formed
        if option is None:
            notes.append(Note(label, why))
        elif rule.option in ALL_OF_THEM and len(having) < len(weapons):
            notes.append(Note(label, "not every weapon in the pool has it: the pool does not"))
        elif rule.when == "overrun":
            if not attack.overrun:
                notes.append(Note(label, "for an overrun attack: name only Overrun weapons with --weapon to make one"))
        elif option.kind == "bool":
            _set(values, notes, option, label, True)
        else:
            numbers = [k.number for f in attack.fired for k in f.armed.weapon.keywords if k.name.casefold() == folded
                       for _ in range(f.minis)]
            if any(n is None for n in numbers):
                notes.append(Note(label, "no number on the card for its X: left out"))
            else:
                _set(values, notes, option, label, sum(n for n in numbers if n is not None))


def attacker_values(unit: Unit, weapon: Weapon | None = None, minis: int | None = None, upgrades: Sequence[Upgrade] = (),
                    *, ruleset: str = RULESETS[0], defender: Unit | None = None,
                    assigned: Sequence[tuple[str, int | None]] = (), at: str = "", in_sight: int | None = None) -> Mapped:
    """The attack's inputs from the attacking unit's card and its upgrades (the defender,
    if known, decides Jedi Hunter and Spray; `in_sight`: the defending minis in sight, for
    Spray, if given)."""
    spray = in_sight if in_sight is not None else defender.minis if defender is not None and defender.minis > 0 else None
    attack = pool(unit, weapon, minis, upgrades, assigned=assigned, at=at, spray=spray or 1)
    notes: list[Note] = []
    dice = {"red": 0, "black": 0, "white": 0}
    for f in attack.fired:
        w = f.armed.weapon
        times = f.minis
        if w.keyword("Spray"):
            if spray is None:
                notes.append(Note(f"{w.name}: Spray", "its dice go in once per defending mini in sight: name the defending "
                                  "unit (or give --spray) to count them; taken once"))
            else:
                times *= max(spray, 1)
                notes.append(Note(f"{w.name}: Spray", f"its dice go in once per defending mini in sight: {spray} times each"))
        dice["red"] += w.red * times
        dice["black"] += w.black * times
        dice["white"] += w.white * times
    values: dict[str, object] = {**dice, "surge": unit.attack_surge}
    if attack.melee:
        values["melee"] = True
    if attack.overrun:
        values["overrun"] = True
    context = {"force": defender is not None and "force" in defender.upgrade_bar}
    _card_keywords(unit.keywords, ("attacker",), ruleset, values, notes, context)
    _weapon_keywords(attack, ruleset, values, notes)
    notes += [Note(q.where, q.reason) for q in unit.quirks if q.where != "courage"]
    return Mapped(tuple(values.items()), tuple(notes), attack.which)


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

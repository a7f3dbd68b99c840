"""Intercept, and Precision (formerly Elude), which forbids it.

Intercept is activated in the attack POP: another unit of the defender's side in the
same arena becomes the defender of the same attack (not a new attack). Any number of
units may intercept, each once: they are taken as a list, in the order they intercept,
so each one takes the attack from the unit defending before it and the last one ends up
defending. Every unit an attack passes through has been attacked and stays in the arena
(Deflect may choose it). An intercepting unit is described by a short spec, e.g.
`health=5,damage=1,armor,shields=1,parry=1,evade=2,deflect=1`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.errors import InputError
from rulesengine.swtcg.comma_list import comma_items
from rulesengine.swtcg.trace import Step, step
from rulesengine.swtcg.units import ATTACKED_UNIT, MAX_INTERCEPTORS, Unit, interceptor_name
from rulesengine.wording import agrees, plural

SPEC_LIMITS = {"health": (1, 30), "damage": (0, 29), "shields": (0, 30), "parry": (0, 20), "evade": (0, 20), "deflect": (0, 20)}
SPEC_HELP = (
    "comma-separated unit traits: health=N (1-30, required), damage=N, shields=N, "
    "parry=N, evade=N, deflect=N, armor; e.g. health=5,armor,parry=1"
)


def parse_intercepting_unit(spec: str, name: str = interceptor_name(1), flag: str = "--intercept-by") -> Unit:
    """The intercepting unit a spec describes; raises InputError naming `flag`."""
    numbers: dict[str, int] = {}
    armor = False
    for part in (item.lower() for item in comma_items(spec, flag, SPEC_HELP)):
        if part == "armor":
            armor = True
            continue
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in SPEC_LIMITS or key in numbers:
            raise InputError(flag, SPEC_HELP, spec)
        try:
            number = int(value.strip())
        except ValueError:
            raise InputError(flag, SPEC_HELP, spec) from None
        lo, hi = SPEC_LIMITS[key]
        if not lo <= number <= hi:
            raise InputError(flag, f"{key} from {lo} to {hi}", spec)
        numbers[key] = number
    if "health" not in numbers:
        raise InputError(flag, SPEC_HELP, spec)
    if numbers.get("damage", 0) >= numbers["health"]:
        raise InputError(flag, "damage less than health (a unit whose damage reaches its health is discarded)", spec)
    return Unit(name=name, armor=armor, **numbers)


def parse_intercepting_units(specs: tuple[str, ...], flag: str = "--intercept-by") -> tuple[Unit, ...]:
    """The intercepting units, in the order they intercept; at most MAX_INTERCEPTORS."""
    if len(specs) > MAX_INTERCEPTORS:
        raise InputError(flag, f"at most {MAX_INTERCEPTORS} intercepting units, one spec each", "; ".join(specs))
    return tuple(parse_intercepting_unit(spec, interceptor_name(n), flag) for n, spec in enumerate(specs, start=1))


@dataclass(frozen=True)
class Interception:
    """Who defends once the attack POP closes, and the other units the attack passed through."""

    defender: Unit
    passed: tuple[Unit, ...]
    """Units that were attacked and then intercepted (the attacked unit first), in order."""

    @property
    def intercepted(self) -> bool:
        return bool(self.passed)


def resolve_intercepts(attacked: Unit, interceptors: tuple[Unit, ...], precision: bool) -> tuple[Interception, tuple[Step, ...]]:
    """Each intercepting unit in turn takes the attack from the unit defending before it."""
    if not interceptors:
        return Interception(attacked, ()), ()
    if precision:
        return Interception(attacked, ()), (step(
            "attack", "precision",
            f"The attacker has Precision (Elude), so it cannot be intercepted: {plural(len(interceptors), 'intercepting unit')} "
            "cannot change the defender, which stays the attacked unit.",
            defender=attacked.name, intercepted=False,
        ),)
    steps: list[Step] = []
    defending = attacked
    passed: list[Unit] = []
    for unit in interceptors:
        passed.append(defending if defending is not attacked else _renamed(attacked))
        steps.append(step(
            "attack", "intercept",
            f"The {unit.name} intercepts the attack on the {passed[-1].name}: the same attack now targets it.",
            defender=unit.name, intercepted=True,
        ))
        defending = unit
    steps.append(step(
        "attack", "intercept",
        f"The {defending.name} ends up defending; {', '.join('the ' + u.name for u in passed)} "
        + agrees(len(passed), "was attacked before it and stays", "were attacked before it and stay") + " in the arena.",
        defender=defending.name, intercepted=True, attacked=[u.name for u in passed],
    ))
    return Interception(defending, tuple(passed)), tuple(steps)


def _renamed(attacked: Unit) -> Unit:
    """The first attacked unit, named as a unit that no longer defends."""
    return Unit(ATTACKED_UNIT, attacked.health, attacked.damage, attacked.armor, attacked.shields,
                attacked.parry, attacked.evade, attacked.deflect)

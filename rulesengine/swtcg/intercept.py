"""Intercept, and Precision (formerly Elude), which forbids it.

Intercept is activated in the attack POP: another unit of the defender's side in the
same arena becomes the defender of the same attack (not a new attack). The intercepting
unit is described by a short spec, e.g. `health=5,damage=1,armor,shields=1,parry=1,evade=2,deflect=1`.
"""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.swtcg.comma_list import comma_items
from rulesengine.swtcg.trace import Step, step
from rulesengine.swtcg.units import INTERCEPTOR, Unit

SPEC_LIMITS = {"health": (1, 30), "damage": (0, 29), "shields": (0, 30), "parry": (0, 20), "evade": (0, 20), "deflect": (0, 20)}
SPEC_HELP = (
    "comma-separated unit traits: health=N (1-30, required), damage=N, shields=N, "
    "parry=N, evade=N, deflect=N, armor; e.g. health=5,armor,parry=1"
)


def parse_intercepting_unit(spec: str, flag: str = "--intercept-by") -> Unit:
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
    return Unit(name=INTERCEPTOR, armor=armor, **numbers)


def resolve_intercept(defender: Unit, interceptor: Unit | None, precision: bool) -> tuple[Unit, Step | None]:
    """The unit that is the defender once the attack POP closes."""
    if interceptor is None:
        return defender, None
    if precision:
        return defender, step(
            "attack", "precision",
            "The attacker has Precision (Elude), so it cannot be intercepted: the defender stays the same.",
            defender=defender.name, intercepted=False,
        )
    return interceptor, step(
        "attack", "intercept",
        "Another unit intercepts: the same attack now targets it, and it becomes the defender.",
        defender=interceptor.name, intercepted=True,
    )

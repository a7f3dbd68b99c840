"""The units taking part in one attack, with the keywords the attack reads."""

from __future__ import annotations

from dataclasses import dataclass

ATTACKER = "attacker"
DEFENDER = "defender"
ATTACKED_UNIT = "attacked unit"
"""The unit first attacked, once an intercepting unit has taken its place as defender."""
SECOND_UNIT = "second unit"
MAX_INTERCEPTORS = 6
"""How many units one attack's list of intercepting units may hold (each intercepts once)."""


def interceptor_name(number: int) -> str:
    """The `number`th unit (from 1) in the list of intercepting units."""
    return f"intercepting unit {number}"


@dataclass(frozen=True)
class Unit:
    """One unit as the attack sees it. Numbers are keyword values (0 means absent).

    `health` is printed health and `damage` the damage already on the unit, so
    `remaining_health` is what Overkill and discarding read.
    """

    name: str
    health: int = 1
    damage: int = 0
    armor: bool = False
    shields: int = 0
    parry: int = 0
    evade: int = 0
    deflect: int = 0

    @property
    def remaining_health(self) -> int:
        return self.health - self.damage


@dataclass(frozen=True)
class Attacker:
    """The attacking unit: its power and the keywords that act on its own attack."""

    power: int = 0
    accuracy: int = 0
    critical_hit: int = 0
    overkill: bool = False
    precision: bool = False
    deflect: int = 0


@dataclass(frozen=True)
class AfterRoll:
    """Keywords a unit gains only after the attack dice are rolled.

    The glossary says Shields, Accuracy, Critical Hit and Parry gained after the roll
    come too late; Evade and Deflect are activated in the damage prevention POP, so a
    unit that gains them after the roll can still use them.
    """

    accuracy: int = 0
    critical_hit: int = 0
    shields: int = 0
    parry: int = 0
    evade: int = 0
    deflect: int = 0

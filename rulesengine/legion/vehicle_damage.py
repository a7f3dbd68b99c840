"""Vehicle damage.

Ruleset `notes` (the owner's notes, Legion before July 2024): when a vehicle has suffered
wounds equal to its resilience, its controller rolls a red defense die: a block leaves it
Damaged, a blank Disabled, a surge destroys a weapon. A Damaged vehicle rolls a white
defense die when it activates and loses an action on a blank.

Ruleset `2.6`: no red die; the vehicle gains a vehicle damage token (at most one, once per
game). A vehicle with that token rolls a white defense die when it activates and loses an
action on a blank.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.distribution import Distribution
from rulesengine.legion.dice import defense_die
from rulesengine.records import frozen

DAMAGE_DIE = "red"
ACTIVATION_DIE = "white"
EFFECTS = {"block": "damaged", "blank": "disabled", "surge": "weapon_destroyed"}


@frozen
class VehicleDamage:
    """The effect of reaching the vehicle's resilience (the red die's, or the token), and the
    chance that a damaged vehicle loses an action when it activates (a white die's blank)."""

    effect: Distribution[str]
    lose_action_when_damaged_activates: Fraction


def roll_for_damage(face: str | None = None) -> Distribution[str]:
    """The effect of the red die; `face` fixes the die for a trace."""
    if face is not None:
        return Distribution.certain(EFFECTS[face])
    die = defense_die(DAMAGE_DIE)
    return Distribution({EFFECTS[f]: n for f, n in die.faces})


def lose_action_chance() -> Fraction:
    die = defense_die(ACTIVATION_DIE)
    return Fraction(die.sides_showing("blank"), die.sides)


TOKEN = "vehicle_damage_token"
"""Ruleset 2.6's one effect."""


def vehicle_damage(face: str | None = None, ruleset: str = "notes") -> VehicleDamage:
    if ruleset != "notes":
        return VehicleDamage(Distribution.certain(TOKEN), lose_action_chance())
    return VehicleDamage(roll_for_damage(face), lose_action_chance())

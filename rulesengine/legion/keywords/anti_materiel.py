"""Anti-Materiel X (weapon keyword, rules update of November 2025): when the defending unit
is a vehicle, X of the weapon's attack dice are upgraded (see `dice_upgrades`). Against a
trooper it does nothing. Not in the rules the owner's notes describe."""

from __future__ import annotations

NAME = "Anti-Materiel"
RULESETS = ("2026", "2.6")


def upgrades(x: int, vehicle: bool) -> int:
    """How many dice X upgrades against this defender."""
    return x if vehicle else 0

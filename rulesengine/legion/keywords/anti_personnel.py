"""Anti-Personnel X (weapon keyword, rules update of November 2025): when the defending unit
is a trooper, X of the weapon's attack dice are upgraded (see `dice_upgrades`). Against a
vehicle it does nothing. Not in the rules the owner's notes describe."""

from __future__ import annotations

NAME = "Anti-Personnel"
RULESETS = ("2026", "2.6")


def upgrades(x: int, vehicle: bool) -> int:
    """How many dice X upgrades against this defender."""
    return x if not vehicle else 0

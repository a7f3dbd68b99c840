"""High Velocity (weapon keyword, step 5): while defending against an attack pool that has it,
the defender cannot spend dodge tokens."""

from __future__ import annotations

from rulesengine.legion.model import Weapons


def dodge_allowed(weapons: Weapons) -> bool:
    return not weapons.high_velocity

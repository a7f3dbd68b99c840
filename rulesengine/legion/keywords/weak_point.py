"""Weak Point X (unit keyword, step 6): while defending against an attacker whose unit leader
is inside the named arc of the defender, the attack pool gains Impact X. The input is the
X that applies (0 when the attacker is outside that arc)."""

from __future__ import annotations

from rulesengine.legion.model import Defender, Weapons


def pool_impact(weapons: Weapons, defender: Defender) -> int:
    """The attack pool's Impact X, the weapons' own plus what Weak Point gives it."""
    return weapons.impact + defender.weak_point

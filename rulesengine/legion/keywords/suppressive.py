"""Suppressive (weapon keyword, step 10): after the attack, the defender gains one more
suppression token, whatever the dice did. A vehicle gains none."""

from __future__ import annotations

from fractions import Fraction

from rulesengine.distribution import Distribution
from rulesengine.legion.model import Defender, Weapons


def suppression_tokens(p_gains: Fraction, weapons: Weapons, defender: Defender) -> Distribution[int]:
    """Tokens the defender gains from the pool: one with probability `p_gains` (a ranged
    pool that produced a hit or crit), plus one from Suppressive."""
    extra = 1 if weapons.suppressive and not defender.vehicle else 0
    return Distribution({extra: 1 - p_gains, extra + 1: p_gains})

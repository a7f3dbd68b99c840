"""Suppressive (weapon keyword, step 10): after the attack, the defender gains one more
suppression token, whatever the dice did, in the same step as the token a hit brings
(Assign Suppression Token to Defender). A vehicle gains none; a defender whose Shien
Mastery acts and that suffered no wound gains none either."""

from __future__ import annotations

from fractions import Fraction

from rulesengine.distribution import Distribution
from rulesengine.legion.model import Defender, Weapons


def tokens_gained(suppressed: bool, weapons: Weapons, defender: Defender, shien_applies: bool = False) -> int:
    """Tokens the defender gains from one pool: one when `suppressed` (a ranged pool that
    produced a hit or crit, and Shien Mastery did not stop it), one more from Suppressive,
    unless Shien Mastery stops that too (an unwounded defender; then `suppressed` is false)."""
    extra = weapons.suppressive and not defender.vehicle and not (shien_applies and not suppressed)
    return int(suppressed) + int(extra)


def suppression_tokens(p_gains: Fraction, weapons: Weapons, defender: Defender, shien_applies: bool = False) -> Distribution[int]:
    """Tokens the defender gains from the pool, `p_gains` the chance of the one a hit brings.
    With Shien Mastery acting, that token comes exactly when the defender is wounded, and so
    does Suppressive's."""
    return Distribution({tokens_gained(False, weapons, defender, shien_applies): 1 - p_gains,
                         tokens_gained(True, weapons, defender, shien_applies): p_gains})

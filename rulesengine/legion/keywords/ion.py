"""Ion X (weapon keyword): at the very start of the Modify Attack Dice step (step 6), before
any other effect, the defender must flip one of its active shield tokens for each hit or
critical result, up to X; flipped shields cancel nothing. After the attack, a vehicle or a
droid trooper that suffered wounds gains X ion tokens (they cost it actions later, not dice
in this attack, so the calculator leaves them out)."""

from __future__ import annotations


def shields_flipped(x: int, results: int, shields: int) -> int:
    """Active shield tokens Ion X flips: one per hit or crit, up to X and the tokens there are."""
    return min(x, results, shields)

"""Uncanny Luck X (unit keyword, step 7b, Reroll Defense Dice): while defending, the unit may
reroll up to X of its defense dice. The calculator rerolls dice that will not become blocks:
blanks, and surges that neither the surge chart nor a surge token will convert."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def rerolls(defender: Defender) -> int:
    return defender.uncanny_luck

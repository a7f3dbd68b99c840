"""Danger Sense X (unit keyword, step 7a): while defending, the unit rolls one more defense
die for each suppression token it has, up to X more dice."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def extra_defense_dice(defender: Defender) -> int:
    return min(defender.suppression, defender.danger_sense)

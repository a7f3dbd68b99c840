"""Armor and Armor X (step 6, Modify Attack Dice, the defender's part): Armor cancels every
hit, Armor X up to X hits; crits are never cancelled."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def has_armor(defender: Defender) -> bool:
    return defender.armor or defender.armor_x > 0


def hits_cancelled_by_armor(hits: int, defender: Defender) -> int:
    if defender.armor:
        return hits
    return min(hits, defender.armor_x)

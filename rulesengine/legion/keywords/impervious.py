"""Impervious (step 7a, Roll Defense Dice): the defender rolls extra defense dice equal to
the attack pool's Pierce X."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def extra_defense_dice(defender: Defender, pierce: int) -> int:
    return pierce if defender.impervious else 0

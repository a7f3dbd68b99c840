"""Impervious (step 7a, Roll Defense Dice): the defender rolls extra defense dice equal to
the attack pool's Pierce X. A defender that also has Immune: Pierce rolls none: the
attacker's Pierce cannot be used against it, so Impervious has nothing to answer."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def extra_defense_dice(defender: Defender, pierce: int) -> int:
    if not defender.impervious or defender.immune_pierce:
        return 0
    return pierce

"""Impervious (step 7a, Roll Defense Dice): the defender rolls extra defense dice equal to
the attack pool's Pierce X. A defender immune to Pierce in this attack (Immune: Pierce,
or Immune: Melee Pierce in a melee attack) rolls none: the attacker's Pierce cannot be
used against it, so Impervious has nothing to answer."""

from __future__ import annotations

from rulesengine.legion.keywords.pierce import pierce_usable
from rulesengine.legion.model import Defender


def extra_defense_dice(defender: Defender, pierce: int, melee: bool = False) -> int:
    if not defender.impervious or not pierce_usable(defender, melee):
        return 0
    return pierce

"""Spray (weapon keyword, step 2): the weapon's dice go into the attack pool once for each
miniature of the defending unit the attacker can see (line of sight not blocked). The
input is that number of miniatures; the pool given is the Spray weapon's dice."""

from __future__ import annotations

from rulesengine.legion.keywords.dice_upgrades import Dice
from rulesengine.wording import plural


def pool(dice: Dice, minis: int) -> Dice:
    """The dice once per miniature in sight (0: the weapon has no Spray)."""
    if minis <= 1:
        return dice
    red, black, white = dice
    return red * minis, black * minis, white * minis


def told(dice: Dice, minis: int) -> str:
    return f"Spray adds the weapon's {plural(sum(dice), 'die', 'dice')} once per defending miniature in sight ({minis} times)."

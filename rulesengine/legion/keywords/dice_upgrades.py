"""Upgrading and downgrading dice (rules update of November 2025): an upgraded attack die
leaves the pool and the die one colour up takes its place (white to black, black to red);
a red die cannot be upgraded. One effect upgrades a die at most once.

Which dice an effect upgrades is the attacker's choice; the calculator's choice is the
white dice first, then the black ones (each step turns two blank sides into hit sides,
so the choice changes how the hits spread, not how many are expected).
"""

from __future__ import annotations

from rulesengine.wording import plural

Dice = tuple[int, int, int]
"""(red, black, white) attack dice."""


def upgraded(dice: Dice, x: int) -> Dice:
    """The pool after upgrading up to X of its dice, whites first, each die once."""
    red, black, white = dice
    from_white = min(x, white)
    from_black = min(x - from_white, black)
    return red + from_black, black - from_black + from_white, white - from_white


def told(before: Dice, after: Dice, keyword: str) -> str:
    """One sentence for the trace: which dice the keyword upgraded."""
    from_black = after[0] - before[0]
    from_white = before[2] - after[2]
    parts = [f"{plural(n, 'die', 'dice')} {c}" for n, c in ((from_white, "white to black"), (from_black, "black to red")) if n]
    return f"{keyword} upgrades " + (" and ".join(parts) if parts else "no die (none left to upgrade)") + "."

"""Assault X (weapon keyword, April 2026 rulebook; ruleset `2026` only): "When a weapon with
the Assault X keyword is added to an Attack Pool, if the defending unit is within [Range 1]
of the attacking unit's unit leader, you may upgrade X of that weapon's attack dice." The
flag says the defender is in range; the calculator always upgrades (an upgrade never
lowers the wounds). Which X dice is the assault policy: `whites-first`, `blacks-first`, or
`most-wounds` (the default), which resolves the attack once per way to pick them
(`splits`) and keeps the one with the most expected wounds on the defenders."""

from __future__ import annotations

from rulesengine.legion.keywords.dice_upgrades import Dice, told

NAME = "Assault"
RULESETS = ("2026",)


def splits(dice: Dice, x: int) -> tuple[int, ...]:
    """Every count of white dice among the X upgraded, most whites first (X dice in all,
    or every die that can be upgraded when fewer)."""
    _, black, white = dice
    total = min(x, black + white)
    return tuple(range(min(total, white), max(0, total - black) - 1, -1))


def whites_for(dice: Dice, x: int, policy: str) -> int:
    """The white dice a fixed policy upgrades (`most-wounds` starts from whites-first)."""
    ways = splits(dice, x)
    return ways[-1] if policy == "blacks-first" else ways[0]


def upgraded(dice: Dice, x: int, whites: int) -> tuple[Dice, str]:
    """The pool after Assault X upgrades `whites` white dice and the rest of X black ones,
    and the sentence the trace gives."""
    red, black, white = dice
    blacks = min(x, black + white) - whites
    after = (red + blacks, black - blacks + whites, white - whites)
    return after, told(dice, after, f"{NAME} {x}")

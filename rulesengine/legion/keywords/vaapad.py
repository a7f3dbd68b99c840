"""Vaapad Mastery (unit keyword, April 2026 rulebook; ruleset `2026` only): while attacking,
the unit adds 1 white attack die to the attack pool for each wound token it has, to a
maximum of 3; while defending, 1 white defense die for each wound token, to a maximum of 3.
The attack dice join the pool after every weapon keyword has formed it (they are not a
weapon's dice, so no upgrade touches them); the defense dice are rolled in step 7a with the
others. The calculator rolls one colour of defense dice, so a defender's Vaapad dice are
taken with white defense dice only (`check`)."""

from __future__ import annotations

from rulesengine.errors import InputError

NAME = "Vaapad Mastery"
RULESETS = ("2026",)
VAAPAD_MAX = 3
"""The most dice Vaapad Mastery adds."""


def dice(wound_tokens: int) -> int:
    """White dice for this many wound tokens."""
    return min(wound_tokens, VAAPAD_MAX)


def told(added: int) -> str:
    return f"Vaapad Mastery adds {added} white {'die' if added == 1 else 'dice'} (1 per wound token, at most {VAAPAD_MAX})."


def check(defense: str, wound_tokens: int) -> None:
    """Refuse a defender's Vaapad dice beside red defense dice (one colour per roll)."""
    if wound_tokens and defense != "white":
        raise InputError("--defender-vaapad", "only with --defense white (the calculator rolls one colour of defense "
                         "dice, and Vaapad Mastery's are white)", wound_tokens)

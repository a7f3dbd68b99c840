"""Soresu Mastery (unit keyword, step 7b): while defending against a ranged attack, the unit
may reroll its defense dice. Ruleset `notes` (the reading kept from before): only once it
has spent a dodge token. Ruleset `2.6`: no dodge token is needed (two peer calculators, Just
Roll Crits and a French table companion, read the current text so).

The text says "reroll all of its defense dice", each die at most once. Two readings
(`readings.SORESU`, in both rulesets): `each-die` (the default) rerolls every die that will
not become a block, each once; `all-or-nothing` rerolls the whole roll or none of it, and
the defender rerolls when its blocks are fewer than a fresh roll's expected blocks."""

from __future__ import annotations

from rulesengine.legion.defense_dice import WHOLE_ROLL
from rulesengine.legion.model import Defender


def needs_dodge(ruleset: str) -> bool:
    return ruleset == "notes"


def rerolls_every_die(defender: Defender, dodge_spent: bool, ranged: bool, ruleset: str = "notes") -> bool:
    return defender.soresu and ranged and (dodge_spent or not needs_dodge(ruleset))


def rerolls(dice: int, reading: str) -> int:
    """The rerolls step 7b allows: every die that fails, or the whole roll (`WHOLE_ROLL`)."""
    return WHOLE_ROLL if reading == "all-or-nothing" else dice

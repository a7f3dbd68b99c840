"""Block (unit keyword, step 7): a defender that spent at least one dodge token during the
attack gains the surge chart "surge: block" for its defense dice."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def defense_surge_chart(defender: Defender, dodge_spent: bool) -> str:
    if defender.block and dodge_spent:
        return "block"
    return defender.surge


def wants_a_dodge_token(defender: Defender) -> bool:
    """A keyword that rewards spending a dodge token even when no hit is left to cancel."""
    return defender.block

"""Soresu Mastery (unit keyword, step 7b): while defending against a ranged attack, a unit that
spent a dodge token may reroll its defense dice. The calculator rerolls every die that will
not become a block, each once."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def rerolls_every_die(defender: Defender, dodge_spent: bool, ranged: bool) -> bool:
    return defender.soresu and dodge_spent and ranged

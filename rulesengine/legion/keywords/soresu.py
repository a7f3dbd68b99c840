"""Soresu Mastery (unit keyword, step 7b): while defending against a ranged attack, the unit
may reroll its defense dice. Ruleset `notes` (the reading kept from before): only once it
has spent a dodge token. Ruleset `2.6`: no dodge token is needed (two peer calculators, Just
Roll Crits and a French table companion, read the current text so). The calculator rerolls
every die that will not become a block, each once."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def needs_dodge(ruleset: str) -> bool:
    return ruleset == "notes"


def rerolls_every_die(defender: Defender, dodge_spent: bool, ranged: bool, ruleset: str = "notes") -> bool:
    return defender.soresu and ranged and (dodge_spent or not needs_dodge(ruleset))

"""Dug In (ruleset 2.6 only): the defender rolls red defense dice for its cover pool
(step 5) instead of white ones. It is a card effect, not a keyword of the Core Rulebook
(effective 24 November 2025, whose glossary has no Dug In); Legion Roller names it an
upgrade. The notes' rules have no cover roll, so no Dug In."""

from __future__ import annotations

from rulesengine.legion.model import Defender

COVER_DIE = "white"
DUG_IN_DIE = "red"
RULESETS = ("2026", "2.6")


def cover_die(defender: Defender) -> str:
    return DUG_IN_DIE if defender.dug_in else COVER_DIE

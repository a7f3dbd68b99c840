"""Jar'Kai Mastery (unit keyword): while making a melee attack, after its attack surges are
converted, the attacker may spend any number of its own dodge tokens; each changes a blank
to a hit or a hit to a critical (two change a blank to a critical). The input is the
attacker's dodge tokens; the calculator spends them as `result_changes` says."""

from __future__ import annotations

from rulesengine.legion.keywords import result_changes
from rulesengine.legion.model import Attacker, Defender


def changes(attacker: Attacker, defender: Defender, blanks: int, hits: int, melee: bool) -> tuple[int, int]:
    """(blanks made hits, hits made crits), one dodge token each."""
    if not (attacker.jar_kai and melee):
        return 0, 0
    return result_changes.changes(attacker.dodge, blanks, hits, defender.armor)

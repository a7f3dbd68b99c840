"""Djem So Mastery (unit keyword, defending): while defending against a melee attack, if the
attacker's dice show one or more blanks after its surges are converted, the attacker
suffers one wound."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def attacker_wounds(defender: Defender, blanks: int, melee: bool) -> int:
    return 1 if defender.djem_so and melee and blanks > 0 else 0

"""Duelist (unit keyword), in melee attacks only.

Attacking: if the unit spends at least one aim token, the attack pool gains Pierce 1; the
calculator spends one for it whenever the unit has one. Defending: if the unit spends at
least one dodge token, it gains Immune: Pierce for the attack; the calculator spends one
whenever it has one.
"""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender


def pierce_gained(attacker: Attacker, melee: bool) -> int:
    return 1 if attacker.duelist and melee and attacker.aim > 0 else 0


def immune_to_pierce(defender: Defender, dodge_spent: bool, melee: bool) -> bool:
    return defender.duelist and melee and dodge_spent

"""Impact X (step 6, Modify Attack Dice, the attacker's part): against a defender with
Armor or Armor X, up to X hits become crits (so the armor cannot cancel them)."""

from __future__ import annotations


def hits_to_crits(hits: int, impact: int, defender_has_armor: bool) -> int:
    return min(hits, impact) if defender_has_armor else 0

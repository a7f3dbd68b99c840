"""Lethal X (unit keyword, step 8, Modify Defense Dice): the attacker may spend up to X aim
tokens the rerolls left, each giving the pool Pierce 1. The calculator spends only as many
as there are blocks its Pierce does not already cancel, so the rest carry on."""

from __future__ import annotations

from rulesengine.legion.model import Attacker


def tokens_spent(attacker: Attacker, blocks: int, pierce: int, aims_left: int) -> int:
    return max(0, min(attacker.lethal, aims_left, blocks - pierce))

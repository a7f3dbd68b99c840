"""Observation tokens (placed by Observe X, step 4b): the attacker may spend observation
tokens on the defender, each rerolling one attack die. The calculator spends them after
its aim tokens, by the same aim policy (blanks, and surges it cannot convert); Precise
does not apply to them."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def rerolls(defender: Defender) -> int:
    return defender.observe

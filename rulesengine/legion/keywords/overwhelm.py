"""Overwhelm (weapon keyword, April 2026 rulebook; ruleset `2026` only): "if it spends at least
1 Aim token during the Reroll Dice step, the defending unit gains 1 Suppression token during
the Assign Suppression Token to Defender step." An aim token spent by Marksman or Lethal X
(after the rerolls) does not count. As with Suppressive's token, a vehicle gains none, and
a defender whose Shien Mastery acts and that suffered no wound gains none."""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender

NAME = "Overwhelm"
RULESETS = ("2026",)


def gains_token(attacker: Attacker, defender: Defender, aimed: bool, shien_quiet: bool) -> bool:
    """Step 10: whether Overwhelm gives the defender its token."""
    return attacker.overwhelm and aimed and not defender.vehicle and not shien_quiet

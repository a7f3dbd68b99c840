"""Keywords that give a unit a surge chart for one attack, over the one on its card.

Attacking: Jedi Hunter (against a unit with a Force upgrade icon) gives "surge: crit";
Hold the Line (while engaged, so in a melee attack) gives "surge: hit". Defending: Block
(after a dodge token), Deflect (after a dodge token, where it works) and Hold the Line
(melee) give "surge: block". A better chart already on the card stays.
"""

from __future__ import annotations

from rulesengine.legion.keywords import deflect
from rulesengine.legion.model import Attacker, Defender

ATTACK_ORDER = ("none", "hit", "crit")


def attack_chart(attacker: Attacker, melee: bool) -> str:
    charts = [attacker.surge]
    if attacker.jedi_hunter:
        charts.append("crit")
    if attacker.hold_the_line and melee:
        charts.append("hit")
    return max(charts, key=ATTACK_ORDER.index)


def defense_chart(defender: Defender, attacker: Attacker, dodge_spent: bool, ranged: bool, ruleset: str,
                  high_velocity: bool = False, melee: bool | None = None) -> str:
    """`melee`: the attack is a melee attack (default: not ranged; an overrun attack is neither)."""
    melee = not ranged if melee is None else melee
    gains = (defender.block and dodge_spent) or (defender.hold_the_line and melee)
    gains = gains or deflect.active(defender, attacker, dodge_spent, ranged, ruleset, high_velocity)
    return "block" if gains else defender.surge

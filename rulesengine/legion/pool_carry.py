"""What carries from one attack pool to the next (`pools.py`): the attacker's tokens left
and the wounds sent back to it. Each pool attacks its own defender (Attack, steps 2 and
3), so nothing of a defender carries: its wounds and the suppression it gained are final
when its pool ends (`Marks`)."""

from __future__ import annotations

from typing import NamedTuple

from rulesengine.legion.keywords import shien
from rulesengine.legion.keywords.suppressive import tokens_gained
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.state import PoolState


class Marks(NamedTuple):
    """What the attack did to one defender."""

    wounds: int = 0
    suppression: int = 0
    """Suppression tokens gained (step 10), Suppressive's included."""


class Carry(NamedTuple):
    """The state between two pools."""

    aims: int
    surge_tokens: int
    attacker_wounds: int = 0


def suppression_gained(attack: Attack, pool: AttackPool, suppressed: bool) -> int:
    """Step 10: one token for a ranged pool that produced a hit, one more for Suppressive
    (neither for an unwounded defender whose Shien Mastery acts)."""
    quiet = shien.applies(pool.defender, attack.attacker, attack.ranged, attack.ruleset, pool.weapons.high_velocity)
    return tokens_gained(suppressed, pool.weapons, pool.defender, quiet)


def marks(attack: Attack, pool: AttackPool, s: PoolState) -> Marks:
    """What pool `s` ended did to its defender (Overwhelm's token included)."""
    return Marks(s.wounds, suppression_gained(attack, pool, s.suppressed) + int(s.overwhelmed))


def after_pool(rest: Carry, s: PoolState) -> Carry:
    """The carried state after pool `s` ended from `rest`: the tokens it left, the wounds it
    sent back added."""
    return Carry(s.aims_left, s.surge_tokens_left, rest.attacker_wounds + s.attacker_wounds)

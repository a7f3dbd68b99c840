"""What carries from one attack pool to the next (`pools.py`): the attacker's tokens left,
what the pools so far did to each defender, the wounds sent back to the attacker."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from rulesengine.legion.keywords import shien
from rulesengine.legion.keywords.suppressive import tokens_gained
from rulesengine.legion.model import Attack, AttackPool, Defender
from rulesengine.legion.state import PoolState


class Marks(NamedTuple):
    """What the attack so far has done to one defender."""

    wounds: int = 0
    dodge: int = 0
    shields: int = 0
    surge_tokens: int = 0
    suppression: int = 0
    """Suppression tokens gained (step 10), Suppressive's included."""
    observations: int = 0
    """Observation tokens on it the attacker spent (step 4b)."""


class Carry(NamedTuple):
    """The state between two pools."""

    aims: int
    surge_tokens: int
    defenders: tuple[Marks, ...]
    """Indexed by defender number - 1."""
    attacker_wounds: int = 0


def marked(defender: Defender, marks: Marks) -> Defender:
    """The defender as a later pool finds it: spent tokens gone, gained suppression added."""
    if marks == Marks(wounds=marks.wounds):
        return defender
    return replace(defender, dodge=defender.dodge - marks.dodge, shields=defender.shields - marks.shields,
                   surge_tokens=defender.surge_tokens - marks.surge_tokens,
                   suppression=defender.suppression + marks.suppression, observe=defender.observe - marks.observations)


def suppression_gained(attack: Attack, pool: AttackPool, suppressed: bool) -> int:
    """Step 10: one token for a ranged pool that produced a hit, one more for Suppressive
    (neither for an unwounded defender whose Shien Mastery acts)."""
    quiet = shien.applies(pool.defender, attack.attacker, attack.ranged, attack.ruleset, pool.weapons.high_velocity)
    return tokens_gained(suppressed, pool.weapons, pool.defender, quiet)


def after_pool(attack: Attack, rest: Carry, m: Marks, d: int, pool: AttackPool, s: PoolState) -> Carry:
    """The carried state after pool `s` ended: `rest` holds the defender's wounds and the
    observation tokens spent on it so far, `m` the other tokens it had spent and the
    suppression it had gained."""
    dodge, shields, surges, observations = s.defender_spent
    before = rest.defenders[d]
    marks = Marks(before.wounds + s.wounds, m.dodge + dodge, m.shields + shields, m.surge_tokens + surges,
                  m.suppression + suppression_gained(attack, pool, s.suppressed), before.observations + observations)
    return Carry(s.aims_left, s.surge_tokens_left, set_marks(rest.defenders, d, marks), rest.attacker_wounds + s.attacker_wounds)


def set_marks(marks: tuple[Marks, ...], index: int, value: Marks) -> tuple[Marks, ...]:
    return marks[:index] + (value,) + marks[index + 1:]

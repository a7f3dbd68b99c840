"""The optimal aim policy over several pools: each reroll weighs the wounds of its own pool
and what the tokens it keeps (aim, surge, observation tokens on a defender attacked again)
are worth to the pools still to roll.

`value(index, carry)` is the best expected number of wounds the pools from `index` on
cause, over every defender together, from a carried state: pool `index` rolled with the
optimal policy, each of its final states valued by its wounds plus `value(index + 1, ...)`
of the state it carries on, backwards from the last pool (worth 0 after it). Wounds
already caused and wounds sent back to the attacker change no later choice, so carried
states that differ only in them share a value. Expected wounds add up over pools and
defenders, so the total is the sum of the parts; a chance of at least k wounds does not,
so `--target` is for one pool only.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.model import Attack
from rulesengine.legion.pool_carry import Carry, Marks, after_pool, marked, set_marks
from rulesengine.legion.resolve import Later, resolve_pool_from
from rulesengine.legion.state import PoolState


class ValueToGo:
    """The value of every carried state reached, computed once each."""

    def __init__(self, attack: Attack) -> None:
        self.attack = attack
        self.last = {p.defender_number: i for i, p in enumerate(attack.pools)}
        self.memo: dict[tuple[int, Carry], Fraction] = {}

    def carried(self, index: int, rest: Carry, marks: Marks, s: PoolState) -> Carry:
        """What pool `index` carries on from its final state `s` (as `pools.resolve_pools`)."""
        pool = self.attack.pools[index]
        d = pool.defender_number - 1
        c = after_pool(self.attack, rest, marks, d, pool, s)
        if self.last[pool.defender_number] == index:
            c = c._replace(defenders=set_marks(c.defenders, d, Marks()))
        return c

    def later(self, index: int, rests: list[Carry], marks: Marks) -> Later:
        """For pool `index`'s rerolls: a final state's worth to the pools after it (`rests`
        by the states' tags, `marks` what its defender had spent before it)."""
        if index == len(self.attack.pools) - 1:
            return None

        def worth(s: PoolState) -> Fraction:
            return self.value(index + 1, self.carried(index, rests[s.tag], marks, s))
        return worth

    def value(self, index: int, carry: Carry) -> Fraction:
        pools = self.attack.pools
        if index == len(pools):
            return Fraction(0)
        key = Carry(carry.aims, carry.surge_tokens, tuple(m._replace(wounds=0) for m in carry.defenders))
        known = self.memo.get((index, key))
        if known is not None:
            return known
        pool = pools[index]
        d = pool.defender_number - 1
        seen = key.defenders[d].observations
        marks = key.defenders[d]._replace(observations=0)
        rest = Carry(0, 0, set_marks(key.defenders, d, Marks(observations=seen)))
        ctx = PoolContext.of(self.attack, replace(pool, defender=marked(pool.defender, marks)), self.last[pool.defender_number] > index)
        start = (Fraction(1), key.aims, key.surge_tokens, 0, pool.defender.observe - seen)
        keep = index < len(pools) - 1
        later_dice = sum(p.weapons.size for p in pools[index + 1:])
        later = self.later(index, [rest], marks)
        outcome = resolve_pool_from(ctx, (start,), keep, later_dice, later=later)
        total = sum((p * (s.wounds + (later(s) if later else 0)) for s, p in outcome.states.items()), Fraction(0))
        self.memo[(index, key)] = total
        return total

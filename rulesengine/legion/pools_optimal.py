"""The optimal aim policy over several pools: each reroll weighs the wounds of its own pool
and what the tokens it keeps (aim and surge tokens) are worth to the pools still to roll.

`value(index, aims, surge_tokens)` is the best expected number of wounds the pools from
`index` on cause, over every defender together, from the attacker's tokens left: pool
`index` rolled with the optimal policy, each of its final states valued by its wounds plus
`value(index + 1, ...)` of the tokens it leaves, backwards from the last pool (worth 0 after
it). Each pool attacks its own defender, so nothing else of a pool reaches the next; wounds
already caused and wounds sent back to the attacker change no later choice. Expected wounds
add up over pools and defenders, so the total is the sum of the parts; a chance of at least
k wounds does not, so `--target` is for one pool only.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.legion.model import Attack
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.resolve import Later, resolve_pool_from
from rulesengine.legion.state import PoolState


class ValueToGo:
    """The value of every count of tokens reached, computed once each."""

    def __init__(self, attack: Attack) -> None:
        self.attack = attack
        self.memo: dict[tuple[int, int, int], Fraction] = {}

    def later(self, index: int) -> Later:
        """For pool `index`'s rerolls: a final state's worth to the pools after it."""
        if index == len(self.attack.pools) - 1:
            return None

        def worth(s: PoolState) -> Fraction:
            return self.value(index + 1, s.aims_left, s.surge_tokens_left)
        return worth

    def value(self, index: int, aims: int, surge_tokens: int) -> Fraction:
        pools = self.attack.pools
        if index == len(pools):
            return Fraction(0)
        known = self.memo.get((index, aims, surge_tokens))
        if known is not None:
            return known
        pool = pools[index]
        ctx = PoolContext.of(self.attack, pool)
        start = (Fraction(1), aims, surge_tokens, 0, pool.defender.observe)
        later = self.later(index)
        later_dice = sum(p.weapons.size for p in pools[index + 1:])
        outcome = resolve_pool_from(ctx, (start,), index < len(pools) - 1, later_dice, later=later)
        total = sum((p * (s.wounds + (later(s) if later else 0)) for s, p in outcome.states.items()), Fraction(0))
        self.memo[(index, aims, surge_tokens)] = total
        return total

"""The wounds Deflect sends back to the attacker, counted on their own.

With Shien Mastery (or under ruleset `notes`) every defense surge wounds the attacker, so
a defense roll of n dice ends in about n * n / 2 pairs of (blocks, wounds back), and each
would be a state of its own through steps 7c to 10. When only the distribution of those
wounds is needed, not their joint with the defender's (`PoolContext.back_apart`: one pool),
and no later step reads them, the roll counts its blocks only, and this module adds up the
wounds back of every state that rolls, weighted as it enters step 7a (none is sent back
before): the same distribution, with about n times fewer states after the roll.
"""

from __future__ import annotations

from collections.abc import Callable
from math import lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.defense_steps import backs_apart, defense_roll
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.defense_dice import reflected_backs
from rulesengine.legion.keywords import deflect
from rulesengine.legion.state import PoolState


def wounds_back(ctx: PoolContext, weights: dict[PoolState, int], total: Callable[[int], int]) -> Distribution[int] | None:
    """The distribution of the wounds the defense rolls of `weights` (the states entering
    step 7a; `total` reads a state's weight) send back, when the rolls leave them out of
    the states (`backs_apart`); else None (the states keep them)."""
    if not backs_apart(ctx):
        return None
    defender = ctx.pool.defender
    each = deflect.wound_per_surge(defender, ctx.attack.ruleset)
    rolls: list[tuple[int, dict[int, int], int]] = []
    for s, w in weights.items():
        if s.sniped:  # Sniper Team cancelled the pool: no defense roll
            rolls.append((total(w), {0: 1}, 1))
            continue
        r = defense_roll(ctx, s)
        backs, sides = reflected_backs(defender.defense, r.dice, r.rerolls, each) if r.reflects else ({0: 1}, 1)
        rolls.append((total(w), backs, sides))
    scale = lcm(*(sides for *_, sides in rolls))
    out: dict[int, int] = {}
    for w, backs, sides in rolls:
        factor = w * (scale // sides)
        for back, v in backs.items():
            out[back] = out.get(back, 0) + factor * v
    return Distribution(out)

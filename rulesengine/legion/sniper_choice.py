"""Sniper Team's choice right after step 4c, by the sniper policy (`keywords/sniper_team.py`
has the rule): `most-wounds` values resolving the pool exactly (steps 5 to 10, `Valuation`)
and cancels when the sure wound of a cancelled crit is worth more."""

from __future__ import annotations

from functools import lru_cache

from rulesengine.legion.keywords.sniper_team import cancel_wounds, cancelled
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.state import PoolState
from rulesengine.legion.valuation import Valuation


@lru_cache(maxsize=4)
def _valuation(ctx: PoolContext) -> Valuation:
    """Expected wounds on the defender from a state before step 5 (one per pool context)."""
    return Valuation(ctx, lambda t: t.wounds, False)


def chosen(ctx: PoolContext, s: PoolState) -> PoolState:
    """The state as the sniper policy leaves it: cancelled, or as it was."""
    policy = ctx.attack.policies.sniper
    if not ctx.pool.weapons.sniper_team or policy == "never" or s.sniped:
        return s
    if policy == "crit-shown":
        cancel = s.crits > 0
    else:
        cancel = cancel_wounds(s.crits) > _valuation(ctx).value(s)
    return cancelled(s, s.crits) if cancel else s

"""One attack step lifted over every state at once, in whole-number weights (`resolve.py`
runs the steps of a pool with it)."""

from __future__ import annotations

from math import lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.pool_context import PoolContext, Step
from rulesengine.legion.state import PoolState

Weights = dict[PoolState, int]
"""States with whole-number weights over a common denominator (their sum)."""


def advance(step: Step, ctx: PoolContext, weights: Weights) -> Weights:
    """Apply one step to every state, mixing the distributions a rolling step returns."""
    out: Weights = {}
    if not step.rolls:
        for s, w in weights.items():
            t = step.apply(ctx, s)
            if isinstance(t, Distribution):  # a step that rolls must say so (rolls=True)
                raise TypeError(f"step {step.id} rolled dice but is not marked rolls=True")
            out[t] = out.get(t, 0) + w
        return out
    inner = [(w, as_distribution(step.apply(ctx, s))) for s, w in weights.items()]
    scale = lcm(*(p.denominator for _, d in inner for _, p in d.items()))
    for w, d in inner:
        for t, p in d.items():
            out[t] = out.get(t, 0) + w * p.numerator * (scale // p.denominator)
    return out


def as_distribution(x: PoolState | Distribution[PoolState]) -> Distribution[PoolState]:
    return x if isinstance(x, Distribution) else Distribution.certain(x)

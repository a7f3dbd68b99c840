"""The guardians of one pool, one after another, over every state at once (no trace).

Each guardian's two bullets (cancel hits and roll, then Pierce against its blocks) run as
one step, and its wounds are set aside as it finishes: no later step reads them, so the
states forget them and merge. The guardians' wounds are never enumerated jointly; each
guardian's distribution is taken from the states as they stand when it acts (they resolve
one after another, so this is its exact distribution), with the chance it acted at all.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from math import lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.attack import PoolContext, guardian_cancels, guardian_pierce_offered, guardian_roll
from rulesengine.legion.defense_dice import _reroll_weights
from rulesengine.legion.keywords.pierce import blocks_cancelled
from rulesengine.legion.state import PoolState

Weights = dict[PoolState, int]


def guard(ctx: PoolContext, weights: Weights, index: int,
          total: Callable[[int], int]) -> tuple[Distribution[int], Fraction, Weights]:
    """Guardian `index` acts on every state: (its wounds' distribution, the chance it
    cancelled at least one hit, the states after it). `total`: a (packed) weight's sum
    over its slots."""
    plans: list[tuple[PoolState, int, int, dict[int, int], int]] = []
    for s, w in weights.items():
        cancelled = guardian_cancels(ctx, s, index)
        rolled, sides = _blocks(*guardian_roll(ctx, index, cancelled)) if cancelled else ({0: 1}, 1)
        plans.append((s, w, cancelled, rolled, sides))
    scale = lcm(*(sides for *_, sides in plans))
    wounds: dict[int, int] = {}
    out: Weights = {}
    acted = everything = 0
    for s, w, cancelled, rolled, sides in plans:
        lifted = w * (scale // sides)
        everything += total(lifted) * sides
        if not cancelled:
            out[s] = out.get(s, 0) + lifted
            wounds[0] = wounds.get(0, 0) + total(lifted)
            continue
        acted += total(lifted) * sides
        offered = guardian_pierce_offered(ctx, s, index)
        for blocks, v in rolled.items():
            pierced = blocks_cancelled(blocks, offered)
            t = s._replace(hits=s.hits - cancelled, pierce=s.pierce - pierced)
            weight = lifted * v
            out[t] = out.get(t, 0) + weight
            hurt = cancelled - blocks + pierced
            wounds[hurt] = wounds.get(hurt, 0) + total(weight)
    return Distribution(wounds), Fraction(acted, everything), out


def chance_acted(ctx: PoolContext, weights: Weights, index: int) -> Fraction:
    """The chance guardian `index` cancels at least one hit, from the states before it."""
    acted = sum(w for s, w in weights.items() if guardian_cancels(ctx, s, index))
    return Fraction(acted, sum(weights.values()))


@lru_cache(maxsize=4096)
def _blocks(colour: str, dice: int, chart: str, tokens: int, rerolls: int) -> tuple[dict[int, int], int]:
    """The guardian's blocks after converting (chart, then its surge tokens) and its
    rerolls, in whole-number weights, and their sum."""
    out: dict[int, int] = {}
    for (b, s), w in _reroll_weights(colour, dice, chart, tokens, rerolls).items():
        out[b + s] = out.get(b + s, 0) + w
    return out, sum(out.values())

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
from rulesengine.legion.guardian_steps import guardian_cancels, guardian_pierce_offered, guardian_pierced, guardian_roll
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.defense_dice import _reroll_weights
from rulesengine.legion.state import PoolState

Weights = dict[PoolState, int]


def guard(ctx: PoolContext, weights: Weights, index: int,
          total: Callable[[int], int]) -> tuple[Distribution[int], Fraction, Weights]:
    """Guardian `index` acts on every state: (its wounds' distribution, the chance it
    cancelled at least one hit, the states after it). `total`: a (packed) weight's sum
    over its slots."""
    rolls: dict[int, tuple[dict[int, int], int]] = {0: ({0: 1}, 1)}
    plans: list[tuple[PoolState, int, int]] = []
    for s, w in weights.items():
        cancelled = guardian_cancels(ctx, s, index)
        if cancelled not in rolls:
            rolls[cancelled] = _blocks(*guardian_roll(ctx, index, cancelled))
        plans.append((s, w, cancelled))
    scale = lcm(*(sides for _, sides in rolls.values()))
    # What a guardian's roll leaves, per (hits cancelled, Pierce offered): (blocks Pierce
    # cancelled, wounds, weight) for each count of blocks it rolled.
    outcomes: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    wounds: dict[int, int] = {}
    out: Weights = {}
    acted = everything = 0
    for s, w, cancelled in plans:
        lifted = w * (scale // rolls[cancelled][1])
        mass = total(lifted) * rolls[cancelled][1]
        everything += mass
        if not cancelled:
            out[s] = out.get(s, 0) + lifted
            wounds[0] = wounds.get(0, 0) + mass
            continue
        acted += mass
        offered = guardian_pierce_offered(ctx, s, index)
        key = (cancelled, offered)
        each = outcomes.get(key)
        if each is None:
            each = outcomes[key] = [(guardian_pierced(ctx, index, b, offered), cancelled - b + guardian_pierced(ctx, index, b, offered), v)
                                    for b, v in rolls[cancelled][0].items()]
        hits, pierce = s.hits - cancelled, s.pierce
        for pierced, hurt, v in each:
            # A NamedTuple built from its parts: `_replace` costs several times as much here.
            t = tuple.__new__(PoolState, (s[0], hits, s[2], pierce - pierced) + s[4:])
            weight = lifted * v
            out[t] = out.get(t, 0) + weight
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

"""Lifting the attack steps over whole distributions, for one pool (`pools.py` runs them in turn).

Between steps the states carry whole-number weights over a common denominator, so the
inner loop adds and multiplies integers; `Distribution` normalises once per pool.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import TypeVar

from rulesengine.distribution import Distribution
from rulesengine.legion.attack import attack_conversion, attack_pool_weights, after_surges, attack_dice_steps, roll_attack_pool
from rulesengine.legion.defense_steps import defense_dice_steps, defense_view
from rulesengine.legion.pool_context import PoolContext, Step
from rulesengine.legion.attack_dice import AttackResults, token_budgets
from rulesengine.legion.optimal import roll_optimally
from rulesengine.legion.keywords.aim_tokens import left_for_later
from rulesengine.legion.keywords.pierce import pool_pierce
from rulesengine.legion.packed_tokens import Packing, pack
from rulesengine.legion.state import PoolState
from rulesengine.legion.trace import attack_roll_steps, record
from rulesengine.legion.stepping import Weights, advance as _advance
from rulesengine.legion.valuation import FinalValue, Valuation
from rulesengine.legion.guardians import chance_acted, guard
from rulesengine.legion import sniper_choice
from rulesengine.legion.wounds_back import wounds_back
from rulesengine.records import frozen, replace

T = TypeVar("T")


@frozen
class PoolResult:
    """What one pool did: marginal distributions and, when every die is known, a trace."""

    wounds: Distribution[int]
    guardian_wounds: tuple[Distribution[int], ...]
    suppression: Fraction
    steps: tuple[dict[str, object], ...]
    attacker_wounds: Distribution[int] = Distribution.certain(0)
    """Wounds the attacker suffers from this pool (Deflect)."""
    guardians_acted: tuple[Fraction, ...] = ()
    """The chance each guardian cancelled at least one hit."""
    suppression_tokens: Distribution[int] = Distribution.certain(0)
    """The suppression tokens the defender gains from this pool (Suppressive's and
    Overwhelm's included)."""
    sniper_cancelled: Fraction = Fraction(0)
    """The chance the attacker cancelled the pool by Sniper Team."""


def _weights(d: Distribution[T]) -> dict[T, int]:
    scale = lcm(*(p.denominator for _, p in d.items()))
    return {s: p.numerator * (scale // p.denominator) for s, p in d.items()}


@frozen
class PoolOutcome:
    """The final states of one pool, each guardian's wounds, and the trace."""

    states: Distribution[PoolState]
    guardian_wounds: tuple[Distribution[int], ...]
    trace: tuple[dict[str, object], ...]
    tokens: Distribution[tuple[int, int, int]] | None = None
    """With `apart`: the (aim tokens, surge tokens, tag) the pool leaves, on their own."""
    attacker_wounds: Distribution[int] | None = None
    """With `PoolContext.back_apart`: the wounds sent back to the attacker, on their own
    (the states then carry none)."""
    guardians_acted: tuple[Fraction, ...] = ()
    """The chance each guardian cancelled at least one hit (ruleset 2.6: it gains a
    suppression token)."""


def resolve_pool(ctx: PoolContext, aims: int, surge_tokens: int, keep_tokens: bool) -> PoolOutcome:
    """Steps 4 to 10 for one pool; the trace lists each step while the state is certain."""
    return resolve_pool_from(ctx, ((Fraction(1), aims, surge_tokens, 0, ctx.pool.defender.observe),), keep_tokens)


Later = Callable[[PoolState], Fraction] | None
"""What the pools still to roll make of one final state of a pool (`pools_optimal`)."""

Start = tuple[Fraction, int, int, int, int]
"""(probability, aim tokens, surge tokens, tag, observation tokens on the defender) the
attacker may start the pool with."""


def _observing(ctx: PoolContext, observations: int) -> PoolContext:
    """The pool with `observations` observation tokens left on its defender (step 4b)."""
    defender = ctx.pool.defender
    if defender.observe == observations:
        return ctx
    return replace(ctx, pool=replace(ctx.pool, defender=replace(defender, observe=observations)))


def resolve_pool_from(ctx: PoolContext, starts: tuple[Start, ...], keep_tokens: bool,
                      surge_cap: int | None = None, apart: bool = False, later: Later = None) -> PoolOutcome:
    """Steps 4 to 10 from several starting token counts at once (a pool after another):
    each is rolled apart in step 4, then steps 5 to 10 run once over all of them, states
    marked with their start's tag so that what only the caller knows stays apart.
    `surge_cap`: surge tokens beyond it change nothing later (the dice of the pools still to
    roll), so states keep at most that many and merge.
    `apart`: steps 5 to 10 neither read the tokens left nor send anything the caller needs
    with them (`pools.tokens_apart`), so the tokens the roll leaves are split off after
    step 4 (`PoolOutcome.tokens`) and the dice's states merge whatever tokens they left.
    `later`: under the optimal aim policy, what the pools still to roll make of a final
    state (`pools_optimal`), added to its wounds when a reroll is chosen."""

    pierce = pool_pierce(ctx.pool.weapons, ctx.attack.attacker, ctx.pool.defender, ctx.attack.melee)
    guardian_wounds = (0,) * len(ctx.pool.guardians)
    count_aims = keep_tokens or left_for_later(ctx.attack.attacker)
    cap = ctx.attack.attacker.surge_tokens if surge_cap is None else surge_cap
    lethal = ctx.attack.attacker.lethal

    def begin(crits: int, hits: int, aims_left: int, surge_tokens_left: int, tag: int, aimed: bool = False) -> PoolState:
        s = after_surges(ctx, PoolState(crits=crits, hits=hits, produced_hit=crits + hits > 0, pierce=pierce,
                                        guardian_wounds=guardian_wounds, aims_left=aims_left,
                                        surge_tokens_left=surge_tokens_left, tag=tag, aimed=aimed))
        # With no later pool, only Lethal X still reads the aim tokens left: more than X merge.
        s = s if keep_tokens or s.aims_left <= lethal else s._replace(aims_left=lethal)
        # Sniper Team: the attacker may cancel the pool here, at the end of step 4c.
        return sniper_choice.chosen(ctx, s)

    overwhelm = ctx.attack.attacker.overwhelm

    def left(aims: int, surge_tokens: int, r: AttackResults) -> tuple[int, int]:
        """The aim and surge tokens a roll leaves that later steps or pools need (0 otherwise)."""
        return (aims - r.aims_spent if count_aims else 0,
                min(surge_tokens - r.surge_tokens_spent, cap) if keep_tokens else 0)

    def starter(aims: int, surge_tokens: int, tag: int) -> Callable[[AttackResults], PoolState]:
        def start(r: AttackResults) -> PoolState:
            return begin(r.crits, r.hits, *left(aims, surge_tokens, r), tag, overwhelm and r.aims_spent > 0)
        return start

    if len(starts) == 1:
        _, aims, surge_tokens, tag, observations = starts[0]
        start = starter(aims, surge_tokens, tag)
        rolled = _roll(_observing(ctx, observations), aims, surge_tokens, keep_tokens, start, later).map(start)
        trace = attack_roll_steps(ctx, rolled) if ctx.pool.faces.given else []
        tracing = ctx.pool.faces.given and len(rolled) == 1
        weights = _weights(rolled)
    else:
        weights, trace, tracing = _mixed_starts(ctx, starts, keep_tokens, starter, left, begin, later, overwhelm), [], False

    settled: dict[int, Distribution[int]] = {}
    acted: dict[int, Fraction] = {}

    def run(steps: tuple[Step, ...]) -> None:
        nonlocal weights, tracing
        for step in steps:
            if step.guardian is not None and not tracing and not ctx.pool.faces.given:
                if step.id == "guardian":
                    settled[step.guardian], acted[step.guardian], weights = guard(ctx, weights, step.guardian, _identity)
                continue
            if step.id == "guardian" and step.guardian is not None:
                acted[step.guardian] = chance_acted(ctx, weights, step.guardian)
            before = weights
            weights = _advance(step, ctx, weights)
            if tracing and len(weights) == 1:
                trace.append(record(step, ctx, next(iter(before)), next(iter(weights))))
                continue
            tracing = False

    tokens = None
    if apart:
        tokens, weights = _split_tokens(weights)
    elif not tracing:
        for headroom in HEADROOMS:
            packing = pack(weights, ctx.attack.attacker.lethal > 0, headroom)
            if packing is None:
                break
            done = _steps_packed(ctx, *packing)
            if done is not None:
                return PoolOutcome(Distribution(done[0]), done[1], (), attacker_wounds=done[2], guardians_acted=done[3])
        else:
            raise RuntimeError(f"packed weights overflowed {len(HEADROOMS)} times")
    run(attack_dice_steps(ctx))
    # The guardians are done: nothing later changes their wounds, so set their
    # distributions aside and let the defender's states merge (unless tracing).
    final = Distribution(weights)
    guardians = tuple(settled[i] if i in settled else _guardian_wounds(final, i) for i in range(len(ctx.pool.guardians)))
    if not tracing:
        weights = _weights(final.map(defense_view))
    back = wounds_back(ctx, weights, lambda w: w)
    run(defense_dice_steps(ctx))
    used = tuple(acted.get(i, Fraction(0)) for i in range(len(ctx.pool.guardians)))
    return PoolOutcome(Distribution(weights), guardians, tuple(trace), tokens, back, used)


HEADROOMS = (512, 4096)
"""Bits above the weights' sum after step 4 for the factors steps 5 to 10 multiply them by
(a d6 roll of n dice: at most 6 ** n); a second, wider try if the first overflowed."""


def _steps_packed(ctx: PoolContext, packing: Packing,
                  weights: Weights) -> tuple[Weights, tuple[Distribution[int], ...], Distribution[int] | None,
                                             tuple[Fraction, ...]] | None:
    """Steps 5 to 10 over packed weights (`packed_tokens`): the final states, each guardian's
    wounds and the wounds back counted apart (`wounds_back`); None if a slot overflowed."""
    settled: list[Distribution[int]] = []
    acted: list[Fraction] = []
    for step in attack_dice_steps(ctx):
        if step.id == "6" and ctx.attack.attacker.lethal:
            spent = packing.spend_aims(weights, lambda s: _as_state(step.apply(ctx, s)))
            if spent is None:
                return None
            weights = spent
        elif step.guardian is not None:
            if step.id == "guardian":
                wounds, used, weights = guard(ctx, weights, step.guardian, packing.total)
                settled.append(wounds)
                acted.append(used)
        else:
            weights = _advance(step, ctx, weights)
    guardians = tuple(settled)
    merged: Weights = {}
    for s, w in weights.items():
        t = defense_view(s)
        merged[t] = merged.get(t, 0) + w
    weights = merged
    back = wounds_back(ctx, weights, packing.total)
    for step in defense_dice_steps(ctx):
        weights = _advance(step, ctx, weights)
    final = packing.unpack(weights)
    return None if final is None else (final, guardians, back, tuple(acted))


def _identity(w: int) -> int:
    return w


def _split_tokens(weights: Weights) -> tuple[Distribution[tuple[int, int, int]], Weights]:
    """The tokens left (with their tag) and the dice's states, each on its own."""
    tokens: dict[tuple[int, int, int], int] = {}
    dice: Weights = {}
    for s, w in weights.items():
        key = (s.aims_left, s.surge_tokens_left, s.tag)
        tokens[key] = tokens.get(key, 0) + w
        bare = s._replace(aims_left=0, surge_tokens_left=0, tag=0)
        dice[bare] = dice.get(bare, 0) + w
    return Distribution(tokens), dice


def _mixed_starts(ctx: PoolContext, starts: tuple[Start, ...], keep_tokens: bool,
                  starter: Callable[[int, int, int], Callable[[AttackResults], PoolState]],
                  left: Callable[[int, int, AttackResults], tuple[int, int]],
                  begin: Callable[[int, int, int, int, int, bool], PoolState], later: Later, overwhelm: bool) -> Weights:
    """Step 4 from every start, as whole-number weights over one denominator. Rolls that
    leave the same dice and tokens meet before the steps after the roll see them."""
    rolls = []
    memo: dict[tuple[int, int, int], dict[AttackResults, int]] = {}
    for p, aims, surge_tokens, tag, observations in starts:
        # The tag (the wounds sent back before) changes no value: the pools after read only the
        # attacker's tokens left (`pools_optimal`), so starts that differ there share a roll.
        known = (aims, surge_tokens, observations)
        rolled = memo.get(known)
        if rolled is None:
            observed = _observing(ctx, observations)
            if ctx.attack.policies.aim == "optimal":
                rolled = _weights(_roll(observed, aims, surge_tokens, keep_tokens, starter(aims, surge_tokens, tag), later))
            else:
                rolled = attack_pool_weights(observed, aims, surge_tokens, keep_tokens)
            memo[known] = rolled
        rolls.append((p, aims, surge_tokens, tag, rolled, sum(rolled.values())))
    scale = lcm(*(p.denominator for p, *_ in rolls))
    total = lcm(*(t for *_, t in rolls))
    met: dict[tuple[int, int, int, int, int, bool], int] = {}
    for p, aims, surge_tokens, tag, rolled, t in rolls:
        factor = p.numerator * (scale // p.denominator) * (total // t)
        for r, w in rolled.items():
            key = (r.crits, r.hits, *left(aims, surge_tokens, r), tag, overwhelm and r.aims_spent > 0)
            met[key] = met.get(key, 0) + w * factor
    out: Weights = {}
    for key, w in met.items():
        s = begin(*key)
        out[s] = out.get(s, 0) + w
    return out


def _roll(ctx: PoolContext, aims: int, surge_tokens: int, keep_tokens: bool,
          start: Callable[[AttackResults], PoolState], later: Later = None) -> Distribution[AttackResults]:
    """Step 4; under the optimal aim policy each roll is valued by the steps after it."""
    observations = ctx.pool.defender.observe
    if ctx.attack.policies.aim != "optimal" or ctx.pool.faces.given or not (aims or observations):
        return roll_attack_pool(ctx, aims, surge_tokens, keep_tokens)
    w = ctx.pool.weapons
    count = keep_tokens or left_for_later(ctx.attack.attacker)
    budgets = token_budgets(aims, ctx.attack.attacker.precise, count, observations)
    # The value reads no wound sent back: the defense rolls count their blocks only.
    valuation = Valuation(replace(ctx, back_apart=True), _final_value(ctx.attack.policies.target, later), later is not None)
    values: dict[PoolState, Fraction] = {}

    def value(r: AttackResults) -> Fraction:
        s = start(r)
        if s not in values:
            values[s] = Fraction(valuation.value(s))
        return values[s]

    return roll_optimally((w.red, w.black, w.white), attack_conversion(ctx, surge_tokens), budgets, value)


def _final_value(target: int, later: Later) -> FinalValue:
    """What a final state is worth to the optimal policy: with a target k, 1 when it has at
    least k wounds; with `later`, its wounds plus what the pools still to roll make of it
    (expected wounds over every defender); else its wounds."""
    if target:
        return lambda t: 1 if t.wounds >= target else 0
    if later:
        return lambda t: t.wounds + later(t)
    return lambda t: t.wounds


def _guardian_wounds(states: Distribution[PoolState], index: int) -> Distribution[int]:
    """The wounds guardian `index` took, whatever else the states differ in."""
    return states.map(lambda s: s.guardian_wounds[index])


def _as_state(x: PoolState | Distribution[PoolState]) -> PoolState:
    if isinstance(x, Distribution):
        raise TypeError("a step that spends aim tokens rolled dice")
    return x


def mix(parts: list[tuple[Fraction, Distribution[T]]]) -> Distribution[T]:
    weights: dict[T, Fraction] = {}
    for p, d in parts:
        for outcome, q in d.items():
            weights[outcome] = weights.get(outcome, Fraction(0)) + p * q
    return Distribution(weights)

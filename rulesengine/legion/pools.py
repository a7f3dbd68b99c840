"""Several attack pools, each against its own defender, resolved in turn (steps 3 and 10/11).

What carries from one pool to the next, as the rules say:
- the attacker's aim and surge tokens: a token one pool spent (on a reroll, a surge,
  Marksman or Lethal) is gone for the next;
- the wounds Deflect or Djem So Mastery send back to the attacker add up.

Each pool attacks a defender no other pool attacks (Attack, steps 2 and 3: a pool holds
every die rolled against its defender, and a further pool is formed against another one),
so a defender's wounds and gained suppression are final when its pool ends, and its own
tokens serve that pool only. The carried state is one exact joint distribution of the
attacker's tokens left, with the wounds sent back beside it.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from rulesengine.distribution import Distribution
from rulesengine.legion.keywords.surge_charts import attack_chart
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.pool_carry import Carry, Marks, marks
from rulesengine.legion.pools_optimal import ValueToGo
from rulesengine.legion.resolve import PoolOutcome, PoolResult, resolve_pool_from
from rulesengine.records import frozen


@frozen
class DefenderResult:
    """One defender after every pool formed against it."""

    number: int
    pools: tuple[int, ...]
    """The pools (numbered from 1) that attacked it, in the order they were resolved."""
    wounds: Distribution[int]
    suppression_tokens: Distribution[int]


@frozen
class AttackOutcome:
    """What a whole attack gives: each pool's result, each defender's, and the wounds the
    attacker suffers (Deflect, Djem So and the like)."""

    pools: tuple[PoolResult, ...]
    defenders: tuple[DefenderResult, ...]
    attacker_wounds: Distribution[int]


def runs_bound(attack: Attack, index: int) -> int:
    """At most how many times pool `index` rolls step 4: once per count of aim and surge
    tokens the pools before may leave it (each pool attacks its own defender, so nothing
    else of the pools before reaches it). A pool spends a surge token only on a surge that
    neither its chart nor Critical X converts, so at most its dice less X, none with a chart
    result; and the counts left are capped at the dice still to roll (`resolve_pool_from`)."""
    if index == 0:
        return 1
    attacker, pools = attack.attacker, attack.pools
    charted = attack_chart(attacker, attack.melee) != "none"
    spent = 0 if charted else sum(max(0, p.weapons.size - p.weapons.critical) for p in pools[:index])
    surge_counts = min(attacker.surge_tokens, spent, sum(p.weapons.size for p in pools[index:])) + 1
    return (attacker.aim + 1) * surge_counts


def tokens_apart(attack: Attack, index: int) -> bool:
    """Whether pool `index`'s dice, after step 4, are independent of what it carries on:
    Lethal X reads no aim token left in step 6, and no wound goes back to the attacker
    (Deflect, Djem So Mastery add up over pools). Then the tokens the roll leaves are split
    off and its dice's states merge."""
    pool = attack.pools[index]
    return not attack.attacker.lethal and not (pool.defender.deflect or pool.defender.djem_so)


Backs = dict[int, int]
"""Wounds sent back to the attacker so far -> whole-number weight, for one carried state
(their joint): nothing a pool does reads them, so they ride beside the carried state instead
of in it, and a pool sees one start per carried state rather than one per count of wounds."""
Sent = tuple[tuple[int, Fraction], ...]
"""The wounds sent back so far given a carried state (their distribution, for a tag)."""


def resolve_pools(attack: Attack) -> AttackOutcome:
    pools = attack.pools
    numbers = [p.defender_number for p in pools]
    if len(set(numbers)) < len(numbers):
        raise ValueError("two pools attack one defender: the rules form each pool against its own (Attack, steps 2 and 3)")
    # The carried states with their wounds sent back, in whole numbers over `denominator`.
    carry: dict[Carry, Backs] = {Carry(attack.attacker.aim, attack.attacker.surge_tokens): {0: 1}}
    denominator = 1
    results: list[PoolResult] = []
    finished: dict[int, Distribution[Marks]] = {}
    # With no aim or observation token anywhere there is no reroll to value ahead.
    rerolls = attack.attacker.aim > 0 or any(p.defender.observe > 0 for p in pools)
    ahead = ValueToGo(attack) if attack.policies.aim == "optimal" and rerolls else None
    for index, pool in enumerate(pools):
        # One run of the pool: the attacker's token counts are its starts, the wounds sent
        # back so far (given the carried state) its tags.
        sent_ids: dict[Sent, int] = {}
        sent_weights: list[tuple[Backs, int]] = []
        group: dict[tuple[int, int, int], Fraction] = {}
        for c, entries in _sent(carry).items():
            for sent, backs, mass in entries:
                if sent not in sent_ids:
                    sent_ids[sent] = len(sent_weights)
                    sent_weights.append((backs, mass))
                key = (c.aims, c.surge_tokens, sent_ids[sent])
                group[key] = group.get(key, Fraction(0)) + Fraction(mass, denominator)
        starts = tuple((p, aims, tokens, tag, pool.defender.observe) for (aims, tokens, tag), p in group.items())
        later_dice = sum(p.weapons.size for p in pools[index + 1:])
        ctx = PoolContext.of(attack, pool, back_apart=len(pools) == 1)
        later = ahead.later(index) if ahead else None
        outcome = resolve_pool_from(ctx, starts, index < len(pools) - 1, later_dice, tokens_apart(attack, index), later)
        results.append(_pool_result(outcome, attack, pool))
        finished[pool.defender_number] = outcome.states.map(lambda s: marks(attack, pool, s))
        landed: list[tuple[Carry, int, int, Fraction]] = []
        """(carried state, which wounds sent back before it, more from this pool, probability)."""
        if outcome.tokens is not None:
            landed = [(Carry(aims, tokens), tag, 0, q) for (aims, tokens, tag), q in outcome.tokens.items()]
        else:
            landed = [(Carry(s.aims_left, s.surge_tokens_left), s.tag, s.attacker_wounds, q) for s, q in outcome.states.items()]
        carry, denominator = _carried(landed, sent_weights)
    defenders = tuple(DefenderResult(n, (numbers.index(n) + 1,), finished[n].map(lambda m: m.wounds),
                                     finished[n].map(lambda m: m.suppression)) for n in sorted(finished))
    # One pool: its own result has the wounds sent back (counted apart from its states).
    sent_back: dict[int, int] = {}
    for backs in carry.values():
        for w, b in backs.items():
            sent_back[w] = sent_back.get(w, 0) + b
    back = results[0].attacker_wounds if len(pools) == 1 else Distribution(sent_back)
    return AttackOutcome(tuple(results), defenders, back)


def _sent(carry: dict[Carry, Backs]) -> dict[Carry, list[tuple[Sent, Backs, int]]]:
    """How each carried state's wounds sent back so far reach the pool's starts and tags:
    one per count of wounds (few when a pool sends back one wound at most: the counts are
    shared by many states), or, when the states spread over more than two counts each on
    average (one wound per surge), their distribution given the state, one start per state."""
    if sum(len(backs) for backs in carry.values()) <= 2 * len(carry):
        return {c: [(((w, Fraction(1)),), {w: b}, b) for w, b in backs.items()] for c, backs in carry.items()}
    out: dict[Carry, list[tuple[Sent, Backs, int]]] = {}
    for c, backs in carry.items():
        mass = sum(backs.values())
        out[c] = [(tuple(sorted((w, Fraction(b, mass)) for w, b in backs.items())), backs, mass)]
    return out


def _carried(landed: list[tuple[Carry, int, int, Fraction]],
             sent_weights: list[tuple[Backs, int]]) -> tuple[dict[Carry, Backs], int]:
    """The carried states after a pool, in whole numbers over one denominator: each landed
    state's probability times the weights of the wounds sent back before it (shifted by the
    pool's own), over their sum."""
    scale = lcm(*(p.denominator for *_, p in landed))
    common = lcm(*(mass for _, mass in sent_weights))
    carry: dict[Carry, Backs] = {}
    for c, sent, more, p in landed:
        backs, mass = sent_weights[sent]
        factor = p.numerator * (scale // p.denominator) * (common // mass)
        into = carry.setdefault(c, {})
        for w, b in backs.items():
            into[w + more] = into.get(w + more, 0) + factor * b
    return carry, scale * common


def _pool_result(o: PoolOutcome, attack: Attack, pool: AttackPool) -> PoolResult:
    return PoolResult(
        suppression_tokens=o.states.map(lambda s: marks(attack, pool, s).suppression),
        sniper_cancelled=o.states.probability(lambda s: s.sniped > 0),
        wounds=o.states.map(lambda s: s.wounds),
        guardian_wounds=o.guardian_wounds,
        suppression=o.states.probability(lambda s: s.suppressed),
        steps=o.trace,
        attacker_wounds=o.states.map(lambda s: s.attacker_wounds) if o.attacker_wounds is None else o.attacker_wounds,
        guardians_acted=o.guardians_acted,
    )


def resolve_attack(attack: Attack) -> tuple[PoolResult, ...]:
    """Every pool in turn, each pool's own result (its wounds on its defender)."""
    return resolve_pools(attack).pools

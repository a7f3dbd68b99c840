"""Several attack pools, each against its defender, resolved in turn (steps 3 and 10/11).

What carries from one pool to the next, as the rules say:
- the attacker's aim and surge tokens: a token one pool spent (on a reroll, a surge,
  Marksman or Lethal) is gone for the next;
- a defender attacked by a later pool keeps what the earlier pool did to it: the dodge,
  shield and defense surge tokens it spent are gone, and the suppression tokens it gained
  count (cover, Danger Sense) when the later pool rolls; its wounds add up;
- the wounds Deflect or Djem So Mastery send back to the attacker add up.

The carried state is one exact joint distribution; a defender no later pool attacks is
taken out of it (its wounds' distribution is final), so states that can no longer
change an outcome merge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm
from typing import TypeVar

from rulesengine.distribution import Distribution
from rulesengine.legion.pool_context import PoolContext
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.pool_carry import Carry, Marks, after_pool, marked, set_marks
from rulesengine.legion.pools_optimal import ValueToGo
from rulesengine.legion.resolve import PoolOutcome, PoolResult, mix, resolve_pool_from

T = TypeVar("T")


@dataclass(frozen=True)
class DefenderResult:
    """One defender after every pool formed against it."""

    number: int
    pools: tuple[int, ...]
    """The pools (numbered from 1) that attacked it, in the order they were resolved."""
    wounds: Distribution[int]
    suppression_tokens: Distribution[int]


@dataclass(frozen=True)
class AttackOutcome:
    pools: tuple[PoolResult, ...]
    defenders: tuple[DefenderResult, ...]
    attacker_wounds: Distribution[int]


def runs_bound(attack: Attack, index: int) -> int:
    """At most how many times pool `index` rolls step 4: once per count of aim and surge
    tokens the pools before may leave it (each pool attacks its own defender, so nothing
    else of the pools before reaches it)."""
    if index == 0:
        return 1
    attacker = attack.attacker
    return (attacker.aim + 1) * (attacker.surge_tokens + 1)


def tokens_apart(attack: Attack, index: int) -> bool:
    """Whether pool `index`'s dice, after step 4, are independent of what it carries on:
    Lethal X reads no aim token left in step 6, and no wound goes back to the attacker
    (Deflect, Djem So Mastery add up over pools). Then the tokens the roll leaves are split
    off and its dice's states merge."""
    pool = attack.pools[index]
    return not attack.attacker.lethal and not (pool.defender.deflect or pool.defender.djem_so)


def defender_numbers(attack: Attack) -> tuple[int, ...]:
    return tuple(sorted({p.defender_number for p in attack.pools}))


Backs = dict[int, int]
"""Wounds sent back to the attacker so far -> whole-number weight, for one carried state
(their joint): nothing a pool does reads them, so they ride beside the carried state instead
of in it, and a pool sees one start per carried state rather than one per count of wounds."""
Sent = tuple[tuple[int, Fraction], ...]
"""The wounds sent back so far given a carried state (their distribution, for a tag)."""


def resolve_pools(attack: Attack) -> AttackOutcome:
    pools = attack.pools
    for each in pools:
        first = next(q for q in pools if q.defender_number == each.defender_number)
        if (each.defender, each.guardians) != (first.defender, first.guardians):
            raise ValueError(f"pools against defender {each.defender_number} describe it differently")
    count = max(defender_numbers(attack))
    last = {p.defender_number: i for i, p in enumerate(pools)}
    # The carried states with their wounds sent back, in whole numbers over `denominator`.
    carry: dict[Carry, Backs] = {Carry(attack.attacker.aim, attack.attacker.surge_tokens, (Marks(),) * count): {0: 1}}
    denominator = 1
    results: list[PoolResult] = []
    finished: dict[int, Distribution[Marks]] = {}
    # With no aim or observation token anywhere there is no reroll to value ahead.
    rerolls = attack.attacker.aim > 0 or any(p.defender.observe > 0 for p in pools)
    ahead = ValueToGo(attack) if attack.policies.aim == "optimal" and rerolls else None
    for index, pool in enumerate(pools):
        d = pool.defender_number - 1
        again = last[pool.defender_number] > index
        keep = index < len(pools) - 1

        # One run of the pool per state of its defender in steps 5 to 10 (the tokens it
        # has left, the suppression it has): the attacker's token counts, the observation
        # tokens left on the defender (read in step 4 only) and the rest of the carried
        # state (its wounds sent back so far beside it) ride along as the run's starts and tags.
        groups: dict[Marks, dict[tuple[int, int, Carry, Sent], Fraction]] = {}
        sent_ids: dict[Sent, int] = {}
        sent_weights: list[tuple[Backs, int]] = []
        rests: dict[Carry, Carry] = {}
        for c in carry:
            marks = c.defenders[d]
            rests[c] = Carry(0, 0, set_marks(c.defenders, d, Marks(wounds=marks.wounds, observations=marks.observations)))
        for c, entries in _sent(carry).items():
            group = groups.setdefault(c.defenders[d]._replace(wounds=0, observations=0), {})
            for sent, backs, mass in entries:
                if sent not in sent_ids:
                    sent_ids[sent] = len(sent_weights)
                    sent_weights.append((backs, mass))
                key = (c.aims, c.surge_tokens, rests[c], sent)
                group[key] = group.get(key, Fraction(0)) + Fraction(mass, denominator)
        parts: list[tuple[Fraction, PoolOutcome]] = []
        landed: list[tuple[Carry, int, int, Fraction]] = []
        """(carried state, which wounds sent back before it, more from this pool, probability)."""
        for marks, group in groups.items():
            total = sum(group.values(), Fraction(0))
            tags: dict[tuple[Carry, Sent], int] = {}
            for _, _, rest, sent in group:
                tags.setdefault((rest, sent), len(tags))
            tagged = [rest for rest, _ in tags]
            sents = [sent_ids[sent] for _, sent in tags]
            starts = tuple((p / total, aims, tokens, tags[(rest, sent)], pool.defender.observe - rest.defenders[d].observations)
                           for (aims, tokens, rest, sent), p in group.items())
            this = replace(pool, defender=marked(pool.defender, marks))
            later_dice = sum(p.weapons.size for p in pools[index + 1:])
            alone = tokens_apart(attack, index)
            later = ahead.later(index, tagged, marks) if ahead else None
            ctx = PoolContext.of(attack, this, again, back_apart=len(pools) == 1)
            outcome = resolve_pool_from(ctx, starts, keep, later_dice, alone, later)
            parts.append((total, outcome))
            if outcome.tokens is not None:
                for (aims, tokens, tag), q in outcome.tokens.items():
                    landed.append((tagged[tag]._replace(aims=aims, surge_tokens=tokens), sents[tag], 0, total * q))
                finished[d] = outcome.states.map(lambda s: after_pool(attack, Carry(0, 0, (Marks(),) * count), marks, d, pool, s).defenders[d])
                continue
            for s, q in outcome.states.items():
                c = after_pool(attack, tagged[s.tag], marks, d, pool, s)
                landed.append((c._replace(attacker_wounds=0), sents[s.tag], c.attacker_wounds, total * q))
        results.append(_pool_result(pool, parts))
        carry, denominator = _carried(landed, sent_weights)
        if not again and d not in finished:
            finished[d] = Distribution(_masses(carry, lambda c: c.defenders[d]))
            cleared: dict[Carry, Backs] = {}
            for c, backs in carry.items():
                into = cleared.setdefault(c._replace(defenders=set_marks(c.defenders, d, Marks())), {})
                for w, b in backs.items():
                    into[w] = into.get(w, 0) + b
            carry = cleared
    defenders = tuple(
        DefenderResult(n + 1, tuple(i + 1 for i, p in enumerate(pools) if p.defender_number == n + 1),
                       finished[n].map(lambda m: m.wounds), finished[n].map(lambda m: m.suppression))
        for n in sorted(finished)
    )
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


def _masses(carry: dict[Carry, Backs], key: Callable[[Carry], T]) -> dict[T, int]:
    out: dict[T, int] = {}
    for c, backs in carry.items():
        k = key(c)
        out[k] = out.get(k, 0) + sum(backs.values())
    return out


def _pool_result(pool: AttackPool, outcomes: list[tuple[Fraction, PoolOutcome]]) -> PoolResult:
    """Each outcome's marginals, mixed (the same as the marginals of the mixed states)."""
    return PoolResult(
        wounds=mix([(p, o.states.map(lambda s: s.wounds)) for p, o in outcomes]),
        guardian_wounds=tuple(mix([(p, o.guardian_wounds[i]) for p, o in outcomes]) for i in range(len(pool.guardians))),
        suppression=sum((p * o.states.probability(lambda s: s.suppressed) for p, o in outcomes), Fraction(0)),
        steps=outcomes[0][1].trace if len(outcomes) == 1 else (),
        attacker_wounds=mix([(p, o.states.map(lambda s: s.attacker_wounds) if o.attacker_wounds is None else o.attacker_wounds)
                             for p, o in outcomes]),
        guardians_acted=tuple(sum((p * o.guardians_acted[i] for p, o in outcomes), Fraction(0)) for i in range(len(pool.guardians))),
    )


def resolve_attack(attack: Attack) -> tuple[PoolResult, ...]:
    """Every pool in turn, each pool's own result (its wounds on its defender)."""
    return resolve_pools(attack).pools

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

from dataclasses import dataclass, replace
from fractions import Fraction

from rulesengine.distribution import Distribution
from rulesengine.legion.attack import PoolContext
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.pool_carry import Carry, Marks, after_pool, marked, set_marks
from rulesengine.legion.pools_optimal import ValueToGo
from rulesengine.legion.resolve import PoolOutcome, PoolResult, mix, resolve_pool_from


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
    tokens the pools before may leave it, times the states of its defender (tokens spent,
    suppression gained) when a pool before attacked the same defender."""
    if index == 0:
        return 1
    pool, attacker = attack.pools[index], attack.attacker
    runs = (attacker.aim + 1) * (attacker.surge_tokens + 1)
    before = sum(p.defender_number == pool.defender_number for p in attack.pools[:index])
    if before:
        d = pool.defender
        runs *= (d.dodge + 1) * (d.shields + 1) * (d.surge_tokens + 1) * (d.observe + 1) * (2 * before + 1)
    return runs


def tokens_apart(attack: Attack, index: int) -> bool:
    """Whether pool `index`'s dice, after step 4, are independent of what it carries on: its
    defender meets no other pool (nothing of it carries), Lethal X reads no aim token left
    in step 6, and no wound goes back to the attacker (Deflect, Djem So Mastery add up over
    pools). Then the tokens the roll leaves are split off and its dice's states merge."""
    pool = attack.pools[index]
    alone = sum(p.defender_number == pool.defender_number for p in attack.pools) == 1
    return alone and not attack.attacker.lethal and not (pool.defender.deflect or pool.defender.djem_so)


def defender_numbers(attack: Attack) -> tuple[int, ...]:
    return tuple(sorted({p.defender_number for p in attack.pools}))


def resolve_pools(attack: Attack) -> AttackOutcome:
    pools = attack.pools
    for each in pools:
        first = next(q for q in pools if q.defender_number == each.defender_number)
        if (each.defender, each.guardians) != (first.defender, first.guardians):
            raise ValueError(f"pools against defender {each.defender_number} describe it differently")
    count = max(defender_numbers(attack))
    last = {p.defender_number: i for i, p in enumerate(pools)}
    carry: Distribution[Carry] = Distribution.certain(
        Carry(attack.attacker.aim, attack.attacker.surge_tokens, (Marks(),) * count))
    results: list[PoolResult] = []
    finished: dict[int, Distribution[Marks]] = {}
    ahead = ValueToGo(attack) if attack.policies.aim == "optimal" else None
    for index, pool in enumerate(pools):
        d = pool.defender_number - 1
        again = last[pool.defender_number] > index
        keep = index < len(pools) - 1

        # One run of the pool per state of its defender in steps 5 to 10 (the tokens it
        # has left, the suppression it has): the attacker's token counts, the observation
        # tokens left on the defender (read in step 4 only) and the rest of the carried
        # state ride along as the run's starts and tags.
        groups: dict[Marks, dict[tuple[int, int, Carry], Fraction]] = {}
        for c, p in carry.items():
            marks = c.defenders[d]
            rest = Carry(0, 0, set_marks(c.defenders, d, Marks(wounds=marks.wounds, observations=marks.observations)), c.attacker_wounds)
            group = groups.setdefault(marks._replace(wounds=0, observations=0), {})
            group[(c.aims, c.surge_tokens, rest)] = group.get((c.aims, c.surge_tokens, rest), Fraction(0)) + p
        parts: list[tuple[Fraction, PoolOutcome]] = []
        after: dict[Carry, Fraction] = {}
        for marks, group in groups.items():
            total = sum(group.values(), Fraction(0))
            tags: dict[Carry, int] = {}
            for _, _, rest in group:
                tags.setdefault(rest, len(tags))
            rests = list(tags)
            starts = tuple((p / total, aims, tokens, tags[rest], pool.defender.observe - rest.defenders[d].observations)
                           for (aims, tokens, rest), p in group.items())
            this = replace(pool, defender=marked(pool.defender, marks))
            later_dice = sum(p.weapons.size for p in pools[index + 1:])
            alone = tokens_apart(attack, index)
            later = ahead.later(index, rests, marks) if ahead else None
            ctx = PoolContext.of(attack, this, again, back_apart=len(pools) == 1)
            outcome = resolve_pool_from(ctx, starts, keep, later_dice, alone, later)
            parts.append((total, outcome))
            if outcome.tokens is not None:
                for (aims, tokens, tag), q in outcome.tokens.items():
                    c = rests[tag]._replace(aims=aims, surge_tokens=tokens)
                    after[c] = after.get(c, Fraction(0)) + total * q
                finished[d] = outcome.states.map(lambda s: after_pool(attack, Carry(0, 0, (Marks(),) * count), marks, d, pool, s).defenders[d])
                continue
            for s, q in outcome.states.items():
                c = after_pool(attack, rests[s.tag], marks, d, pool, s)
                after[c] = after.get(c, Fraction(0)) + total * q
        results.append(_pool_result(pool, parts))
        carry = Distribution(after)
        if not again and d not in finished:
            finished[d] = carry.map(lambda c: c.defenders[d])
            carry = carry.map(lambda c: c._replace(defenders=set_marks(c.defenders, d, Marks())))
    defenders = tuple(
        DefenderResult(n + 1, tuple(i + 1 for i, p in enumerate(pools) if p.defender_number == n + 1),
                       finished[n].map(lambda m: m.wounds), finished[n].map(lambda m: m.suppression))
        for n in sorted(finished)
    )
    # One pool: its own result has the wounds sent back (counted apart from its states).
    back = results[0].attacker_wounds if len(pools) == 1 else carry.map(lambda c: c.attacker_wounds)
    return AttackOutcome(tuple(results), defenders, back)


def _pool_result(pool: AttackPool, outcomes: list[tuple[Fraction, PoolOutcome]]) -> PoolResult:
    states = mix([(p, o.states) for p, o in outcomes])
    return PoolResult(
        wounds=states.map(lambda s: s.wounds),
        guardian_wounds=tuple(mix([(p, o.guardian_wounds[i]) for p, o in outcomes]) for i in range(len(pool.guardians))),
        suppression=states.probability(lambda s: s.suppressed),
        steps=outcomes[0][1].trace if len(outcomes) == 1 else (),
        attacker_wounds=mix([(p, o.states.map(lambda s: s.attacker_wounds) if o.attacker_wounds is None else o.attacker_wounds)
                             for p, o in outcomes]),
    )


def resolve_attack(attack: Attack) -> tuple[PoolResult, ...]:
    """Every pool in turn, each pool's own result (its wounds on its defender)."""
    return resolve_pools(attack).pools

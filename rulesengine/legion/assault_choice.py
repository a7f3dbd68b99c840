"""Assault X's dice chosen by outcome (the assault policy `most-wounds`): the attack is
resolved once per way to pick the X dice (`Weapons.assault_ways`), and the way with the
most expected wounds on the defenders is kept (the whites-first way on a tie).

That multiplies the work by the ways, so it is done where the declared cost fits
(`cost`: ways times attack dice, twice with Sniper Team, whose choice values every roll;
at most `MAX_COST`); beyond it the whites-first way is taken and the result says so, as the
default aim policy does for `optimal`. Nothing is refused."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction


from rulesengine.legion.model import Attack
from rulesengine.legion.pools import AttackOutcome, resolve_pools
from rulesengine.records import replace


MAX_COST = 40
"""The declared bound on `cost` (measured with scripts/bench/legion_search.py: every input
admitted by it answers within 0.3 s CPU)."""


def cost(attack: Attack) -> int:
    """Ways to pick Assault X's dice, times the attack dice, twice with Sniper Team."""
    weapons = attack.pools[0].weapons
    dice = sum(p.weapons.size for p in attack.pools)
    return len(weapons.assault_ways) * dice * (2 if weapons.sniper_team else 1)


def resolved(attack: Attack, build: Callable[[int], Attack]) -> tuple[Attack, AttackOutcome]:
    """The attack and its outcome: as built, or, under the policy most-wounds, the way to
    pick Assault X's dice with the most expected wounds on the defenders."""
    ways = attack.pools[0].weapons.assault_ways if attack.policies.assault == "most-wounds" else ()
    if len(ways) <= 1:
        return attack, resolve_pools(attack)
    if cost(attack) > MAX_COST:
        why = (f"too costly to try all {len(ways)} ways here (declared cost {cost(attack)} above {MAX_COST}): "
               "whites first taken")
        return replace(attack, policies=replace(attack.policies, assault_why=why)), resolve_pools(attack)
    best: tuple[Attack, AttackOutcome] | None = None
    best_value = None
    for whites in ways:
        candidate = build(whites)
        outcome = resolve_pools(candidate)
        value = sum((d.wounds.expected() for d in outcome.defenders), Fraction(0))
        if best_value is None or value > best_value:
            best, best_value = (candidate, outcome), value
    assert best is not None
    return best

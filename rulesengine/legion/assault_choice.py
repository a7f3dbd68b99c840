"""Assault X's dice chosen by outcome (the assault policy `most-wounds`): the attack is
resolved once per way to pick the X dice (`Weapons.assault_ways`), and the way with the
most expected wounds on the defenders is kept (the whites-first way on a tie)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rulesengine.legion.model import Attack
from rulesengine.legion.pools import AttackOutcome, resolve_pools


def resolved(attack: Attack, build: Callable[[int], Attack]) -> tuple[Attack, AttackOutcome]:
    """The attack and its outcome: as built, or, under the policy most-wounds, the way to
    pick Assault X's dice with the most expected wounds on the defenders."""
    ways = attack.pools[0].weapons.assault_ways if attack.policies.assault == "most-wounds" else ()
    if len(ways) <= 1:
        return attack, resolve_pools(attack)
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

"""The Pierce split policies that choose by the outcome, against a search over every split.

The search is written apart from the engine: with the attack faces given, each guardian
in turn rolls one die per hit it cancels, then the attacker chooses how many of its blocks
to cancel (any number its Pierce allows), the choice that maximises the expected objective
of what follows; the defender rolls last (Impervious: one more die per Pierce of the
weapons, whatever the guardians took)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import pytest

from tests.rulesengine.legion.notes_rules import run

SIDES = {"red": ("block",) * 3 + ("surge",) + ("blank",) * 2, "white": ("block", "surge") + ("blank",) * 4}


def _blocks(die: str, chart: str, n: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for faces in itertools.product(SIDES[die], repeat=n):
        b = sum(1 for f in faces if f == "block" or (f == "surge" and chart == "block"))
        out[b] = out.get(b, Fraction(0)) + Fraction(1, 6 ** n)
    return out


def best(crits: int, hits: int, pierce: int, guardians: tuple[tuple[int, str, str], ...], defense: str,
         impervious: bool, objective: str) -> Fraction:
    """The largest expected objective ("all": every unit's wounds; "defender") over every split."""

    start = pierce

    @lru_cache(maxsize=None)
    def value(i: int, hits: int, pierce: int) -> Fraction:
        if i == len(guardians):
            dice = crits + hits + (start if impervious else 0)
            total = Fraction(0)
            for b, p in _blocks(defense, "none", dice).items():
                total += p * max(0, crits + hits - (b - min(b, pierce)))
            return total
        x, die, chart = guardians[i]
        cancel = min(hits, x)
        total = Fraction(0)
        for b, p in _blocks(die, chart, cancel).items():
            options = []
            for k in range(min(b, pierce) + 1):
                own = (cancel - b + k) if objective == "all" else 0
                options.append(own + value(i + 1, hits - cancel, pierce - k))
            total += p * max(options)
        return total

    return value(0, hits, pierce)


CASES = [
    (0, 3, 2, (("2", "red", "none"),), "red", False),
    (1, 3, 3, (("2", "red", "block"), ("1", "white", "none")), "white", False),
    (0, 4, 2, (("2", "red", "none"),), "red", True),
    (1, 2, 1, (("1", "white", "block"), ("1", "red", "none")), "red", True),
    (0, 3, 4, (("3", "red", "block"),), "white", True),
]


@pytest.mark.parametrize(("crits", "hits", "pierce", "guardians", "defense", "impervious"), CASES)
def test_the_outcome_policies_reach_the_best_split(crits: int, hits: int, pierce: int, guardians: tuple[tuple[str, str, str], ...],
                                                   defense: str, impervious: bool) -> None:
    values = {"red": crits + hits, "attack_faces": ",".join(["crit"] * crits + ["hit"] * hits), "pierce": pierce,
              "guardian": [",".join(g) for g in guardians], "defense": defense, "impervious": impervious}
    typed = tuple((int(x), die, chart) for x, die, chart in guardians)
    everyone = run({**values, "pierce_policy": "most-wounds-in-all"})
    total = Fraction(everyone["defender"]["expected_wounds"]) + sum(Fraction(g["expected_wounds"]) for g in everyone["guardians"])
    assert total == best(crits, hits, pierce, typed, defense, impervious, "all")
    defender = run({**values, "pierce_policy": "most-wounds-on-defender"})
    assert Fraction(defender["defender"]["expected_wounds"]) == best(crits, hits, pierce, typed, defense, impervious, "defender")


def test_the_two_objectives_choose_differently() -> None:
    """The issue's point: guardian first leaves the defender fewer wounds than keeping Pierce."""
    values = {"red": 3, "attack_faces": "hit,hit,hit", "pierce": 2, "guardian": ["2,red,none"], "defense": "red"}
    everyone = run({**values, "pierce_policy": "most-wounds-in-all"})
    defender = run({**values, "pierce_policy": "most-wounds-on-defender"})
    assert Fraction(defender["defender"]["expected_wounds"]) > Fraction(everyone["defender"]["expected_wounds"])
    assert everyone["policies"]["pierce"] == "most-wounds-in-all"

"""Several attack pools against several defenders, resolved in turn: the attacker's aim
and surge tokens carry from one pool to the next."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import run, run_pools
from rulesengine.legion.pools import resolve_attack
from rulesengine.legion.model import Attack, Attacker, AttackPool, Defender, Weapons
from tests.rulesengine.legion import oracle


def _wounds(joint: oracle.Dist) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for o, p in joint.items():
        out[o[0]] = out.get(o[0], Fraction(0)) + p
    return out


def test_tokens_left_by_the_first_pool_serve_the_second() -> None:
    attack = Attack(
        Attacker(surge="none", aim=1, surge_tokens=1),
        (
            AttackPool(Weapons(black=1), Defender(defense="white")),
            AttackPool(Weapons(red=1, white=1), Defender(defense="red"), defender_number=2),
        ),
    )
    first, second = resolve_attack(attack)

    pool1 = oracle.resolve({"black": 1, "aim": 1, "surge_tokens": 1})
    assert dict(first.wounds.items()) == _wounds(pool1)

    tokens_left: dict[tuple[int, int], Fraction] = {}
    for o, p in pool1.items():
        tokens_left[(o[3], o[4])] = tokens_left.get((o[3], o[4]), Fraction(0)) + p
    want: dict[int, Fraction] = {}
    for (aims, surge_tokens), p in tokens_left.items():
        for w, q in _wounds(oracle.resolve({"red": 1, "white": 1, "defense": "red"}, aims, surge_tokens)).items():
            want[w] = want.get(w, Fraction(0)) + p * q
    assert dict(second.wounds.items()) == want
    assert len(tokens_left) > 1  # the first pool really does change what the second may spend


def test_each_pool_suppresses_its_own_defender() -> None:
    attack = Attack(Attacker(), (AttackPool(Weapons(red=1)), AttackPool(Weapons(white=1), defender_number=2)))
    first, second = resolve_attack(attack)
    assert (first.suppression, second.suppression) == (Fraction(6, 8), Fraction(2, 8))


def test_run_pools_matches_the_engine_and_refuses_attacker_inputs_in_later_pools() -> None:
    result = run_pools([{"black": 1, "aim": 1, "surge_tokens": 1}, {"red": 1, "white": 1, "defense": "red"}])
    assert [p["defender"]["wounds"] for p in result["pools"]][0] == run({"black": 1, "aim": 1, "surge_tokens": 1})["defender"]["wounds"]
    assert result["ruleset"] == "2026" and len(result["pools"]) == 2
    with pytest.raises(InputError, match=r"pools\[2\]\.aim"):
        run_pools([{"red": 1}, {"red": 1, "aim": 1}])

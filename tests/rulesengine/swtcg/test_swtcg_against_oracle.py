"""The engine's exact distributions against brute force over every roll.

Every keyword alone, every pair of keywords, every policy on a busy attack, and the
trace of single rolls: all must agree with the oracle exactly.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulesengine.options import validate
from rulesengine.swtcg.api import OPTIONS, _attack
from rulesengine.swtcg.policies import DEFLECT_POLICIES, EVADE_POLICIES, OVERKILL_POLICIES
from rulesengine.swtcg.sequence import resolve
from tests.rulesengine.swtcg.swtcg_oracle import DEFAULTS, brute_force, dice_count, outcome_of_faces, run

CASES: dict[str, dict[str, object]] = json.loads((Path(__file__).parent / "keyword_cases.json").read_text())


def engine_distribution(config: Mapping[str, object]) -> dict[tuple[int, bool, int, bool, int], Fraction]:
    attack = _attack(validate(OPTIONS, config))
    return {
        (o.defender_damage, o.defender_discarded, o.second_damage, o.second_discarded, o.deflected_damage): p
        for o, p in resolve(attack).items()
    }


def merged(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """Two keyword cases together; where both set an input, the larger value wins."""
    out = dict(a)
    for key, value in b.items():
        out[key] = value if key not in out else max(out[key], value)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_keyword_alone(name: str) -> None:
    assert engine_distribution(CASES[name]) == brute_force(CASES[name])


PAIRS = list(itertools.combinations(sorted(CASES), 2))


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=[f"{a}+{b}" for a, b in PAIRS])
def test_keywords_in_pairs(first: str, second: str) -> None:
    config = merged(CASES[first], CASES[second])
    assert dice_count({**DEFAULTS, **config}) <= 5, "keep the oracle small"
    assert engine_distribution(config) == brute_force(config)


BUSY = {"power": 4, "critical_hit": 1, "parry": 1, "evade": 1, "deflect": 1, "attacker_deflect": 1,
        "overkill": True, "health": 2, "second_health": 1, "second_evade": 1}
WITHOUT_INTERCEPT = ("attacker", "itself", "second-unit", "nobody")
POLICIES = list(itertools.product(EVADE_POLICIES, OVERKILL_POLICIES, WITHOUT_INTERCEPT))


@pytest.mark.parametrize(("evade", "overkill", "deflect"), POLICIES)
def test_every_policy(evade: str, overkill: str, deflect: str) -> None:
    config = {**BUSY, "evade_policy": evade, "overkill_policy": overkill, "deflect_policy": deflect, "evade": 2}
    assert engine_distribution(config) == brute_force(config)


def test_json_summary_matches_the_oracle() -> None:
    config = {"power": 5, "critical_hit": 1, "armor": True, "accuracy": 1, "parry": 1, "health": 3}
    oracle = brute_force(config)
    result = run(config)
    by_damage: dict[str, Fraction] = {}
    for key, p in oracle.items():
        by_damage[str(key[0])] = by_damage.get(str(key[0]), Fraction(0)) + p
    assert result["damage"] == {k: str(v) for k, v in sorted(by_damage.items(), key=lambda kv: int(kv[0]))}
    assert Fraction(str(result["expected_damage"])) == sum(k[0] * p for k, p in oracle.items())
    assert Fraction(str(result["defeated"])) == sum(p for k, p in oracle.items() if k[1])


@pytest.mark.parametrize("name", sorted(CASES))
def test_trace_of_single_rolls(name: str) -> None:
    config = {**BUSY, **CASES[name]}
    n = dice_count({**DEFAULTS, **config})
    rng = random.Random(name)
    for _ in range(20):
        faces = [rng.randint(1, 6) for _ in range(n)]
        result = run({**config, "faces": ",".join(map(str, faces))})
        expected = outcome_of_faces(config, faces)
        assert result["damage"] == {str(expected[0]): "1"}
        assert result["defeated"] == ("1" if expected[1] else "0")
        assert result["second"]["damage"] == {str(expected[2]): "1"}
        assert result["deflected"]["damage"] == {str(expected[4]): "1"}


# Deflect may pick any unit in the arena: three intercepting units leave the attacked unit
# and two of them beside the defender (the third), each with a Deflect of its own.
ARENA = {**BUSY, "deflect": 2, "attacker_deflect": 1, "power": 4, "health": 3,
         "intercept_by": ["health=3,deflect=1", "health=2", "health=4,deflect=2,evade=1"]}
TARGETS = [t for t in DEFLECT_POLICIES if not t.startswith("intercepting-unit-") or int(t.rsplit("-", 1)[1]) <= 3]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("evade", sorted(EVADE_POLICIES))
def test_deflect_picks_any_unit_in_the_arena(target: str, evade: str) -> None:
    config = {**ARENA, "deflect_policy": target, "evade_policy": evade}
    assert engine_distribution(config) == brute_force(config)


@pytest.mark.parametrize("target", ["itself", "second-unit", "nobody", "attacker"])
def test_deflect_targets_without_intercept(target: str) -> None:
    config = {"power": 3, "deflect": 2, "attacker_deflect": 1, "health": 4, "second_health": 2, "deflect_policy": target}
    assert engine_distribution(config) == brute_force(config)
    assert engine_distribution({**config, "overkill": True, "health": 1}) == brute_force({**config, "overkill": True, "health": 1})


@pytest.mark.parametrize("target", ["attacked-unit", "intercepting-unit-1", "intercepting-unit-4"])
def test_a_deflect_target_outside_the_arena_is_refused(target: str) -> None:
    from rulesengine.errors import InputError

    config = {"deflect": 1, "deflect_policy": target, "intercept_by": ["health=2"] if target == "intercepting-unit-4" else []}
    with pytest.raises(InputError) as error:
        run(config)
    assert error.value.option == "--deflect-policy"
    assert "attacker, itself, second-unit, nobody" in str(error.value)


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("precision", [False, True])
def test_intercepting_units_in_order(count: int, precision: bool) -> None:
    specs = ["health=2,shields=1", "health=3,armor", "health=2,parry=1,evade=1"][:count]
    config = {"power": 3, "intercept_by": specs, "precision": precision, "parry": 1}
    assert engine_distribution(config) == brute_force(config)
    result = run(config)
    assert result["attack"]["defender"] == ("defender" if precision else f"intercepting unit {count}")
    assert result["attack"]["attacked"] == ([] if precision else ["attacked unit"] + [f"intercepting unit {n}" for n in range(1, count)])
    traced = run({**config, "faces": ",".join("6" * int(result["attack"]["dice"]))})
    intercepts = [s for s in traced["steps"] if s["rule"] == "intercept"]
    assert len(intercepts) == (0 if precision else count + 1)
    if not precision:
        assert intercepts[-1]["state"]["defender"] == f"intercepting unit {count}"


def test_intercepting_units_in_one_box_separated_by_semicolons() -> None:
    assert run({"intercept_by": "health=2; health=5,armor"})["attack"]["defender"] == "intercepting unit 2"

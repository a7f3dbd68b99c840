"""`--pool` and `--defender`: several pools against several defenders, each defender's
wounds checked against brute force (`pools_oracle`), and the words refused."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run
from tests.rulesengine.legion import pools_oracle

Case = tuple[dict[str, Any], list[tuple[dict[str, Any], int]], list[dict[str, Any]]]
"""(attack-wide values, [(pool's dice and weapon keywords, defender index)], defenders)."""

CASES: dict[str, Case] = {
    "two defenders share the attacker's aim and surge tokens": (
        {"aim": 1, "surge_tokens": 1}, [({"black": 1}, 0), ({"red": 1, "white": 1}, 1)], [{}, {"defense": "red"}]),
    "each defender spends its own dodge token": (
        {}, [({"red": 1}, 0), ({"black": 1}, 1)], [{"dodge": 1}, {"dodge": 1}]),
    "each defender flips its own shield token": (
        {}, [({"red": 1}, 0), ({"red": 1}, 1)], [{"shields": 1}, {"shields": 1, "defense": "red"}]),
    "each defender spends its own defense surge tokens": (
        {}, [({"red": 1}, 0), ({"red": 1}, 1)], [{"defense_surge_tokens": 1, "defense": "red"}, {"defense_surge_tokens": 1}]),
    "notes: pool 1's suppression token gives defender 2 no cover": (
        {}, [({"red": 1}, 0), ({"black": 2}, 1)], [{}, {"defense": "red"}]),
    "2.6: Suppressive on pool 1 leaves defender 2's cover as it was": (
        {"ruleset": "2.6"}, [({"red": 1, "suppressive": True}, 0), ({"red": 2}, 1)],
        [{"courage": 2, "cover": "light"}, {"courage": 2, "cover": "light", "suppression": 1}]),
    "Danger Sense counts the defender's own tokens": (
        {}, [({"red": 1}, 0), ({"red": 1}, 1)], [{"danger_sense": 2}, {"danger_sense": 2, "suppression": 1}]),
    "three pools, three defenders, aim carried to the last": (
        {"aim": 1, "surge": "hit"}, [({"white": 1}, 0), ({"white": 1}, 1), ({"black": 1}, 2)],
        [{"dodge": 1}, {"defense": "red", "cover": "light"}, {"shields": 1}]),
    "a melee attack at two defenders, each with a dodge token": (
        {"melee": True}, [({"red": 1}, 0), ({"red": 1}, 1)], [{"dodge": 1}, {"dodge": 1}]),
    "the Attack page's worked example": (
        {"aim": 1}, [({"black": 4}, 0), ({"red": 1, "impact": 1}, 1)],
        [{"cover": "light"}, {"defense": "red", "armor": True, "vehicle": True}]),
    "observation tokens after the aim tokens, the surge token carried": (
        {"aim": 1, "surge_tokens": 1}, [({"black": 1, "white": 1}, 0), ({"red": 1, "black": 1}, 1)], [{"observe": 3}, {"observe": 1}]),
    "observation tokens on two defenders, each attacked once": (
        {"aim": 1}, [({"white": 2}, 0), ({"black": 1}, 1)], [{"observe": 1}, {"observe": 2, "defense": "red"}]),
    "Lethal X at two defenders, with surge tokens carried": (
        {"aim": 2, "lethal": 2, "surge_tokens": 1}, [({"red": 1, "white": 1}, 0), ({"black": 1}, 1)],
        [{"defense": "red", "dodge": 1}, {"dodge": 1}]),
    "Marksman and Lethal spend the aim tokens the pools share": (
        {"aim": 1, "marksman": True, "lethal": 1}, [({"white": 1}, 0), ({"red": 1}, 1)], [{}, {"defense": "red"}]),
}


def _words(values: Mapping[str, Any]) -> str:
    return " ".join(k.replace("_", "-") if v is True else f"{k.replace('_', '-')}={v}" for k, v in values.items())


def run_values(case: Case) -> dict[str, Any]:
    attacker, pools, defenders = case
    (first, at), *later = pools
    assert at == 0
    # The brute force follows the heuristic blanks-and-useless-surges: the engine is given it too.
    return {"aim_policy": "blanks-and-useless-surges", **attacker, **first, **defenders[0], "pool": [_words({**p, "defender": d + 1}) for p, d in later],
            "defender": [_words(d) for d in defenders[1:]]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_defenders_wounds_match_brute_force(name: str) -> None:
    attacker, pools, defenders = CASES[name]
    result = run(run_values(CASES[name]))
    want = pools_oracle.resolve(attacker, pools, defenders)
    got = [{int(k): Fraction(v) for k, v in d["wounds"].items()} for d in result["defenders"]]
    assert got == [{k: p for k, p in w.items() if p} for w in want]
    assert [p["defender"] for p in result["pools"]] == [d + 1 for _, d in pools]
    for n, d in enumerate(result["defenders"]):
        assert d["pools"].split(" ", 1)[1].replace(" and ", ", ").split(", ") == [str(i + 1) for i, (_, t) in enumerate(pools) if t == n]


def test_a_defenders_own_tokens_serve_only_the_pool_against_it() -> None:
    """In melee (no suppression) with no attacker token, each pool does what it would alone:
    defender 1's dodge and observation tokens do not reach pool 2's defender."""
    values = {"white": 2, "observe": 2, "dodge": 1, "melee": True, "pool": ["red=1"], "defender": ["dodge=1 defense=red"]}
    first, second = (Fraction(d["expected_wounds"]) for d in run(values)["defenders"])
    assert first == Fraction(run({"white": 2, "observe": 2, "dodge": 1, "melee": True})["defender"]["expected_wounds"])
    assert second == Fraction(run({"red": 1, "dodge": 1, "defense": "red", "melee": True})["defender"]["expected_wounds"])


@pytest.mark.parametrize("values, flag, words", [
    ({"red": 1, "pool": ["green=2"]}, "--pool", "pool 2: 'green' is not one of red, black"),
    ({"red": 1, "pool": ["red=1 defender=2"]}, "--pool",
     "pool 2 attacks defender 2, which --defender does not describe (it describes no defender)"),
    ({"red": 1, "pool": ["red=1"]}, "--pool", "pool 2 attacks defender 2 (a pool that names no defender attacks the one of its own number), which --defender"),
    ({"red": 1, "pool": ["red=1", "red=1 defender=4"], "defender": ["dodge=1"]}, "--pool",
     "pool 3 attacks defender 4, which --defender does not describe (it describes defender 2 only): describe defender 4"),
    ({"red": 1, "pool": ["red=1 defender=5"]}, "--pool", "pool 2: defender=N with N a whole number from 2 to 4"),
    ({"red": 1, "pool": ["red=1"], "defender": ["defense=red", "defense=white"]}, "--defender", "defender 3 has no pool"),
    ({"red": 1, "pool": ["red=31"], "defender": ["defense=red"]}, "--pool", "pool 2: red: a whole number from 0 to 30"),
    ({"red": 10, "pool": ["black=10", "white=11"], "defender": ["defense=red", "defense=white"]}, "--pool",
     "at most 30 attack dice in all pools together (10 + 10 + 11)"),
    ({"red": 1, "pool": ["red=1 defender=2"], "defender": ["dodge=x"]}, "--defender", "defender 2: dodge: a whole number"),
    ({"red": 1, "pool": ["red=1", "red=1", "red=1", "red=1"]}, "--pool", "at most 4 attack pools"),
    ({"red": 1, "pool": ["red=1 red=2"]}, "--pool", "red given twice"),
    ({"red": 1, "pool": ["aim=1"]}, "--pool", "'aim' is not one of"),
    ({"red": 9, "pool": ["red=8 defender=2"], "defender": ["defense=white deflect shien-mastery"], "ruleset": "2.6"}, "--pool",
     "at most 16 attack dice in all pools together when a defender's Deflect wounds the attacker for each defense surge"),
    ({"red": 9, "pool": ["red=8 defender=2"], "defender": ["defense=white deflect dodge=1"], "deflect": True, "dodge": 1}, "--pool",
     "at most 16 attack dice in all pools together when a defender's Deflect wounds the attacker for each defense surge"),
    ({"red": 6, "aim": 3, "surge_tokens": 3, "aim_policy": "optimal", "pool": ["red=6", "red=6"], "dodge": 3,
      "defender": ["dodge=3", "dodge=1"]}, "--aim-policy", "optimal: too costly for these pools"),
])
def test_bad_words_are_refused_naming_the_input(values: dict[str, Any], flag: str, words: str) -> None:
    with pytest.raises(InputError) as error:
        run(values)
    assert error.value.option == flag and words in str(error.value)


@pytest.mark.parametrize("values, first, again", [
    ({"red": 2, "pool": ["black=1 defender=1"]}, 2, 1),
    ({"red": 2, "pool": ["black=1", "white=3 defender=2"], "defender": ["defense=red", "dodge=1"]}, 3, 2),
])
def test_two_pools_at_one_defender_are_a_rules_error(values: dict[str, Any], first: int, again: int) -> None:
    """The rules form each further pool against a defender no other pool attacks (Attack,
    steps 2 and 3): two pools at one defender are refused beside Further attack pools, in
    the form's words, naming both pools and the defender and saying what to do."""
    with pytest.raises(InputError) as error:
        run(values)
    assert error.value.option == "--pool"
    shown = values["pool"][first - 2]
    assert str(error.value) == (
        f"--pool: pool {first} attacks defender {again}, which pool {again} attacks already: an attack forms each further "
        f"pool against a defender no other pool attacks (Attack, steps 2 and 3). Put these dice in pool {again}, or give "
        f"pool {first} its own defender (defender=N and that defender in --defender) (got {shown!r})")
    answer = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": values})))
    assert not answer["ok"] and answer["option"] == "pool"
    assert answer["error"].startswith(f"Further attack pools: pool {first} attacks defender {again}, which pool {again} attacks")
    assert "that defender in Further defenders" in answer["error"]


def test_one_pool_keeps_the_single_pool_answer() -> None:
    assert "defender" in run({"red": 1}) and "defenders" not in run({"red": 1})


def test_optimal_runs_on_small_pools_and_is_not_below_the_default() -> None:
    values = {"red": 2, "aim": 1, "pool": ["red=2 defender=2"], "defender": ["defense=red dodge=1"]}
    best = run({**values, "aim_policy": "optimal"})["defenders"]
    default = run(values)["defenders"]
    assert Fraction(best[0]["expected_wounds"]) >= Fraction(default[0]["expected_wounds"])


def test_every_input_belongs_to_the_attack_a_pool_or_a_defender() -> None:
    """A new keyword's input must say where it goes, or --pool and --defender cannot take it."""
    from rulesengine.legion.api import ATTACKER_OPTIONS, OPTIONS
    from rulesengine.legion.pool_specs import DEFENDER_INPUTS, POOL_INPUTS

    trace_and_pools = {"attack_faces", "guardian_faces", "defense_faces", "pool", "defender"}
    units = {"attacker_unit", "weapon", "range", "minis", "upgrade", "defender_unit"}  # issues 34, 42: they stand for pool 1's and defender 1's inputs
    groups = [set(ATTACKER_OPTIONS), set(POOL_INPUTS), set(DEFENDER_INPUTS), trace_and_pools, units]
    names = [o.name for o in OPTIONS]
    assert sorted(names) == sorted(n for g in groups for n in g)

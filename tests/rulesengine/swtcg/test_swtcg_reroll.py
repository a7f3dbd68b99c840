"""The re-roll window against brute force: every first roll, every face of every re-rolled
die, for each player and each policy; and traces of single rolls."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.reroll import REROLL_POLICIES
from tests.rulesengine.swtcg.swtcg_oracle import brute_force, outcome_of_faces, rerolled_positions, run
from tests.rulesengine.swtcg.test_swtcg_against_oracle import engine_distribution

# Critical Hit and Parry both read the roll after re-rolls; Accuracy -1 against Armor makes
# a natural 6 a hit and lets Accuracy +3 make a natural 1 hit, so every kind of die occurs.
ATTACKS = {
    "critical hit and parry": {"power": 3, "critical_hit": 2, "parry": 1, "health": 9},
    "armor, accuracy -1": {"power": 3, "critical_hit": 1, "parry": 2, "armor": True, "accuracy": -1, "health": 9},
    "accuracy 3": {"power": 3, "critical_hit": 1, "parry": 1, "accuracy": 3, "health": 2},
    "overkill and deflect": {"power": 3, "critical_hit": 1, "parry": 1, "deflect": 1, "overkill": True, "health": 2},
}
PLAYS = list(itertools.product(("attacker", "defender"), sorted(REROLL_POLICIES), (1, 2, 4)))


@pytest.mark.parametrize("attack", sorted(ATTACKS))
@pytest.mark.parametrize(("by", "policy", "dice"), PLAYS, ids=[f"{b}-{p}-{d}" for b, p, d in PLAYS])
def test_rerolls_against_the_oracle(attack: str, by: str, policy: str, dice: int) -> None:
    config = {**ATTACKS[attack], "reroll_by": by, "reroll_policy": policy, "reroll_dice": dice}
    assert engine_distribution(config) == brute_force(config)


def test_no_reroll_effect_changes_nothing() -> None:
    config = ATTACKS["critical hit and parry"]
    assert engine_distribution({**config, "reroll_dice": 0, "reroll_by": "attacker"}) == brute_force(config)
    assert run({**config, "reroll_by": "nobody"})["damage"] == run(config)["damage"]


def test_rerolling_moves_critical_hit_and_parry() -> None:
    config = {"power": 2, "critical_hit": 3, "parry": 3, "health": 9}
    plain = run(config)
    against_six = run({**config, "reroll_by": "defender", "reroll_policy": "sixes"})
    against_one = run({**config, "reroll_by": "attacker", "reroll_policy": "ones"})
    assert Fraction(against_six["expected_damage"]) < Fraction(plain["expected_damage"]) < Fraction(against_one["expected_damage"])
    assert against_six["policies"]["reroll_policy"] == "sixes"
    assert "6" in against_six["policy_text"]["reroll_policy"]


@pytest.mark.parametrize(("by", "policy"), [("attacker", "usual"), ("defender", "usual"), ("attacker", "ones"), ("defender", "sixes")])
def test_trace_of_single_rolls_with_rerolls(by: str, policy: str) -> None:
    config = {**ATTACKS["critical hit and parry"], "reroll_by": by, "reroll_policy": policy, "reroll_dice": 2}
    rng = random.Random(by + policy)
    for _ in range(30):
        faces = [rng.randint(1, 6) for _ in range(3)]
        again = rerolled_positions(config, faces)
        new = [rng.randint(1, 6) for _ in again]
        used = list(faces)
        for i, face in zip(again, new):
            used[i] = face
        result = run({**config, "faces": ",".join(map(str, faces)), "reroll_faces": ",".join(map(str, new))})
        assert result["damage"] == {str(outcome_of_faces(config, used)[0]): "1"}
        window = next(s for s in result["steps"] if s["step"] == "reroll")
        assert window["state"]["rerolled"] == [i + 1 for i in again]
        assert window["state"]["faces"] == used


@pytest.mark.parametrize(("values", "flag"), [
    ({"power": 2, "faces": "1,1", "reroll_by": "attacker", "reroll_faces": "5,5"}, "--reroll-faces"),
    ({"power": 2, "reroll_faces": "5", "reroll_by": "attacker"}, "--reroll-faces"),
    ({"power": 2, "faces": "1,1", "reroll_faces": "5,5"}, "--reroll-faces"),
    ({"reroll_by": "opponent"}, "--reroll-by"),
    ({"reroll_policy": "best"}, "--reroll-policy"),
    ({"reroll_dice": 11}, "--reroll-dice"),
])
def test_bad_reroll_input_is_refused_naming_the_option(values: dict[str, object], flag: str) -> None:
    with pytest.raises(InputError) as error:
        run(values)
    assert error.value.option == flag

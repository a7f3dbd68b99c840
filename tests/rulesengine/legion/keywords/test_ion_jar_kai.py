"""Ion X and Jar'Kai Mastery against cases worked out by hand from their rule text."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rulesengine.legion.api import run

TWO_HITS = {"red": 2, "attack_faces": "hit,hit", "defense_faces": "blank"}


@pytest.mark.parametrize(("values", "wounds"), [
    # Two hits, two shields: without Ion both are cancelled; Ion 1 flips one first.
    ({**TWO_HITS, "shields": 2, "defense_faces": ""}, {"0": "1"}),
    ({**TWO_HITS, "shields": 2, "ion": 1}, {"1": "1"}),
    # Ion counts the results at the start of step 6: the dodge token has already cancelled a
    # hit, so Ion 2 flips one shield and the other cancels the last hit.
    ({**TWO_HITS, "shields": 2, "ion": 2, "dodge": 1, "defense_faces": ""}, {"0": "1"}),
    # No shield tokens: Ion changes nothing in the attack.
    ({**TWO_HITS, "defense_faces": "blank,blank", "ion": 3}, {"2": "1"}),
])
def test_ion_flips_shield_tokens_before_they_cancel(values: dict[str, Any], wounds: dict[str, str]) -> None:
    assert run(values)["defender"]["wounds"] == wounds


def test_ion_expected_wounds() -> None:
    # Three red dice, results n ~ Bin(3, 3/4); two shields. Without Ion: E[max(0, n - 2)] = 27/64.
    # Ion 2: one result flips one shield and the other cancels it; two or three flip both.
    # E = 2 * 27/64 + 3 * 27/64 = 135/64; a white defense die fails 5/6 of the time.
    assert run({"red": 3, "shields": 2})["defender"]["expected_wounds"] == "45/128"
    assert run({"red": 3, "shields": 2, "ion": 2})["defender"]["expected_wounds"] == "225/128"


@pytest.mark.parametrize(("values", "expected"), [
    # One black die in melee, one dodge token: a blank becomes a hit, a hit a crit: always a result.
    ({"black": 1, "melee": True, "jar_kai_mastery": True, "attacker_dodge": 1}, "5/6"),
    # Not a melee attack: no change (4 sides in 8 hit or crit).
    ({"black": 1, "jar_kai_mastery": True, "attacker_dodge": 1}, "5/12"),
    # No dodge token: nothing to spend.
    ({"black": 1, "melee": True, "jar_kai_mastery": True}, "5/12"),
    # Against Armor the hit becomes a crit Armor cannot cancel (crit 1/8 + hit 3/8).
    ({"black": 1, "melee": True, "armor": True, "jar_kai_mastery": True, "attacker_dodge": 1}, "5/12"),
    ({"black": 1, "melee": True, "armor": True}, "5/48"),
])
def test_jar_kai_spends_the_attackers_dodge_tokens(values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


def test_jar_kai_two_tokens_make_a_blank_a_crit() -> None:
    values = {"red": 1, "melee": True, "attack_faces": "blank", "jar_kai_mastery": True, "attacker_dodge": 2,
              "armor": True, "defense_faces": "blank"}
    steps = run(values)["steps"]
    assert next(s for s in steps if s["step"] == "4c")["state"]["crits"] == 1
    assert run(values)["defender"]["wounds"] == {"1": "1"}


def test_jar_kai_is_refused_with_several_pools() -> None:
    from rulesengine.errors import InputError

    with pytest.raises(InputError) as error:
        run({"black": 1, "melee": True, "jar_kai_mastery": True, "attacker_dodge": 1, "pool": ["red=1"],
             "defender": ["defense=white"]})
    assert error.value.option == "--jar-kai-mastery"


def test_a_further_pool_takes_the_new_weapon_keywords() -> None:
    # Pool 2: one white die with Anti-Personnel 1 against a second trooper (2.6): it rolls black,
    # so it does better than a plain white die after the same first pool.
    def second(words: str) -> Fraction:
        return Fraction(str(run({"ruleset": "2.6", "red": 1, "pool": [words], "defender": ["defense=white"]})["pools"][1]["expected_wounds"]))

    assert second("white=1 anti-personnel=1") > second("white=1")
    assert second("black=1") == second("white=1 anti-personnel=1")

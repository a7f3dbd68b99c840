"""Ruleset 2026 against cases worked out by hand from the rule texts
(docs/legion/keywords/Impervious.md, Guardian X.md, Assault X.md, Sniper Team.md,
Overwhelm.md, Vaapad Mastery.md quote them): the default ruleset, Impervious's Pierce −1,
its guardian readings, the guardian's suppression token and the April 2026 keywords."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import run


def _hits(n: int, colour: str = "red") -> dict[str, Any]:
    return {colour: n, "attack_faces": ",".join(["hit"] * n)}


# The hand table of the rules file: hits already past cover and dodge, no surge.
IMPERVIOUS = [
    # (case, values, no Impervious, 2.6 (extra dice), 2026 (Pierce -1))
    ("1 hit, Pierce 1, white", {**_hits(1), "pierce": 1, "defense": "white"}, "1", "35/36", "5/6"),
    ("2 hits, Pierce 2, red", {**_hits(2), "pierce": 2, "defense": "red"}, "2", "13/8", "7/4"),
    ("3 hits, Pierce 3, red", {**_hits(3), "pierce": 3, "defense": "red"}, "3", "81/32", "23/8"),
    ("4 hits, Pierce 1, red", {**_hits(4), "pierce": 1, "defense": "red"}, "47/16", "79/32", "2"),
]


@pytest.mark.parametrize(("case", "values", "plain", "old", "now"), IMPERVIOUS, ids=[c[0] for c in IMPERVIOUS])
def test_impervious_hand_table(case: str, values: dict[str, Any], plain: str, old: str, now: str) -> None:
    def wounds(**more: Any) -> str:
        return str(run({**values, **more})["defender"]["expected_wounds"])

    assert wounds() == plain
    assert wounds(impervious=True, ruleset="2.6") == old
    assert wounds(impervious=True, ruleset="2026") == now
    assert wounds(impervious=True) == now  # 2026 is the default


def test_the_default_ruleset_is_2026_named_with_its_dates() -> None:
    result = run({"red": 1})
    assert result["ruleset"] == "2026"
    assert "29 May 2026" in str(result["rulebook"]) and "17 June 2026" in str(result["rulebook"])


# Pierce 2 against a guardian's two blocks (both pierced in full under the default), then the
# defender with Impervious and one red die for one hit.
GUARDED = {"red": 3, "attack_faces": "hit,hit,hit", "pierce": 2, "guardian": ["2,red,none"], "guardian_faces": "block,block",
           "defense": "red", "impervious": True}


def test_impervious_and_guardians_reading() -> None:
    default = run(GUARDED)
    # start-of-step-8: both guardian blocks pierced (2 wounds), 0 Pierce left, lowered to 0.
    assert default["readings"] == {"impervious_guardian": "start-of-step-8"}
    assert default["guardians"][0]["wounds"] == {"2": "1"}
    assert default["defender"]["expected_wounds"] == "1/2"
    # whole-pool: Pierce 1 from step 6 on: one guardian block pierced.
    whole = run({**GUARDED, "impervious_guardian_reading": "whole-pool"})
    assert whole["guardians"][0]["wounds"] == {"1": "1"}
    assert whole["defender"]["expected_wounds"] == "1/2"


def test_guardian_with_impervious_reading() -> None:
    guard = {**GUARDED, "impervious": False, "guardian": ["2,red,none,impervious"]}
    default = run(guard)
    assert default["readings"] == {"guard_impervious": "defender-only"}
    assert default["guardians"][0]["wounds"] == {"2": "1"}
    # one-fewer (the text of 29 May): one block cancelled, the Pierce left (1) cancels the defender's block.
    fewer = run({**guard, "guard_impervious_reading": "one-fewer"})
    assert fewer["guardians"][0]["wounds"] == {"1": "1"}
    assert fewer["defender"]["expected_wounds"] == "1"
    with pytest.raises(InputError, match="--guardian.*2026"):
        run({**guard, "ruleset": "2.6"})


def test_guardian_gains_a_suppression_token_and_a_suppressed_one_cannot_guard() -> None:
    values = {"red": 2, "attack_faces": "hit,hit", "guardian": ["2,red,none"], "guardian_faces": "blank,blank", "defense": "red"}
    result = run(values)
    assert result["guardians"][0]["suppression"] == "1" and result["guardians"][0]["wounds"] == {"2": "1"}
    assert result["suppression"] == "1"
    suppressed = run({**values, "guardian": ["2,red,none,suppressed"], "guardian_faces": ""})
    assert suppressed["guardians"][0]["suppression"] == "0" and suppressed["defender"]["expected_wounds"] == "1"
    steps = {s["step"]: s["text"] for s in run(values)["steps"]}
    assert "Guardian 1" in steps["guardian"]


def test_assault_upgrades_the_dice_the_policy_names() -> None:
    # One white die, Assault 1: black, hits or crits 4 sides in 8; a white defense die fails 5 in 6.
    assert run({"white": 1, "assault": 1})["defender"]["expected_wounds"] == "5/12"
    traced = run({"white": 2, "black": 1, "assault": 2, "assault_policy": "blacks-first", "attack_faces": "hit,hit,hit"})
    assert "Assault 2 upgrades 1 die white to black and 1 die black to red." in str(traced["steps"][0]["text"])
    assert traced["defender"]["expected_wounds"] == "5/2"


def test_assault_most_wounds_is_the_best_fixed_way() -> None:
    values = {"white": 2, "black": 2, "assault": 2, "defense": "red", "dodge": 1, "surge": "crit", "impact": 1, "armor": True}
    each = {p: Fraction(str(run({**values, "assault_policy": p})["defender"]["expected_wounds"])) for p in
            ("most-wounds", "whites-first", "blacks-first")}
    assert each["whites-first"] != each["blacks-first"]
    assert each["most-wounds"] == max(each["whites-first"], each["blacks-first"])
    assert run(values)["policies"]["assault"] == "most-wounds"


SNIPER = {"black": 2, "sniper_team": True, "cover": "heavy", "dodge": 2, "defense": "red"}


def test_sniper_team_cancels_a_crit_for_a_sure_wound() -> None:
    # The dice become red; a crit and a blank: resolving gives 1/2 (a red die blocks half the time).
    cancelled = run({**SNIPER, "attack_faces": "crit,blank"})
    assert cancelled["defender"]["wounds"] == {"1": "1"} and cancelled["sniper_team"] == {"cancelled": "1"}
    kept = run({**SNIPER, "attack_faces": "crit,blank", "sniper_policy": "never"})
    assert kept["defender"]["expected_wounds"] == "1/2" and kept["sniper_team"] == {"cancelled": "0"}
    # Two hits, no crit: cancelling gives nothing, so the pool goes on.
    assert run({**SNIPER, "attack_faces": "hit,hit"})["sniper_team"] == {"cancelled": "0"}
    # crit-shown cancels whenever a crit shows, even against no defense at all.
    assert run({**SNIPER, "attack_faces": "crit,hit", "cover": "none", "dodge": 0,
                "sniper_policy": "crit-shown"})["defender"]["wounds"] == {"1": "1"}


def test_sniper_team_says_how_often_it_cancels() -> None:
    result = run({**SNIPER, "surge": "crit"})
    assert result["sniper_team"] == {"cancelled": "3/8"} and result["defender"]["expected_wounds"] == "7/16"
    assert run({**SNIPER, "surge": "crit", "sniper_policy": "never"})["defender"]["expected_wounds"] == "1/4"


def test_overwhelm_gives_a_token_when_an_aim_token_was_spent() -> None:
    # A black and a white die, one aim token: spent unless both show a hit or crit (1 in 8);
    # with the token spent, no hit or crit is left 9 times in 64.
    result = run({"black": 1, "white": 1, "aim": 1, "overwhelm": True})
    assert result["suppression_tokens"] == {"1": "17/64", "2": "47/64"}
    assert run({"black": 1, "white": 1, "aim": 1})["suppression_tokens"] == {"0": "9/64", "1": "55/64"}


def test_vaapad_mastery_adds_white_dice_up_to_3() -> None:
    # A red hit and two white dice (hit, blank): two hits against white defense dice.
    assert run({"red": 1, "vaapad": 2, "attack_faces": "hit,hit,blank"})["defender"]["expected_wounds"] == "5/3"
    # Five wound tokens still give 3 dice.
    assert run({"red": 1, "vaapad": 5, "attack_faces": "hit,hit,hit,hit"})["defender"]["expected_wounds"] == "10/3"
    with pytest.raises(InputError, match="--attack-faces"):
        run({"red": 1, "vaapad": 5, "attack_faces": "hit,hit,hit,hit,hit"})
    # Defending: one hit against three white dice, a wound only when none blocks.
    assert run({**_hits(1), "defender_vaapad": 2})["defender"]["expected_wounds"] == "125/216"
    with pytest.raises(InputError, match="--defender-vaapad.*white"):
        run({**_hits(1), "defender_vaapad": 2, "defense": "red"})


@pytest.mark.parametrize(("values", "flag"), [
    ({"white": 1, "assault": 1}, "--assault"), ({"black": 1, "sniper_team": True}, "--sniper-team"),
    ({"black": 1, "aim": 1, "overwhelm": True}, "--overwhelm"), ({"red": 1, "vaapad": 1}, "--vaapad"),
    ({"red": 1, "defender_vaapad": 1}, "--defender-vaapad"),
])
@pytest.mark.parametrize("ruleset", ["2.6", "notes"])
def test_the_april_2026_keywords_exist_under_2026_only(values: dict[str, Any], flag: str, ruleset: str) -> None:
    with pytest.raises(InputError) as error:
        run({**values, "ruleset": ruleset})
    assert error.value.option == flag and "--ruleset 2026" in str(error.value)


def test_assault_most_wounds_takes_whites_first_beyond_its_declared_cost_and_says_so() -> None:
    small = run({"white": 4, "black": 4, "red": 2, "assault": 3})  # 4 ways x 10 dice: within the bound
    assert small["policies"]["assault"] == "most-wounds"
    big = run({"white": 8, "black": 9, "red": 10, "assault": 5})  # 6 ways x 27 dice
    assert str(big["policies"]["assault"]).startswith("most-wounds (too costly") and "whites first" in str(big["policies"]["assault"])
    same = run({"white": 8, "black": 9, "red": 10, "assault": 5, "assault_policy": "whites-first"})
    assert big["defender"] == same["defender"]

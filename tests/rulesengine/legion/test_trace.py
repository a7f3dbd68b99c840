"""Trace mode: the Guardian X note's worked example, step by step."""

from __future__ import annotations

from typing import Any

from rulesengine.legion.api import run

# The note's example: Pierce 3; a guardian cancels 2 hits and (after converting surges)
# shows 2 blocks; Pierce cancels both, the guardian suffers 2 wounds, and 1 Pierce is
# left for the defender's blocks.
EXAMPLE: dict[str, Any] = {
    "red": 4,
    "surge": "hit",
    "pierce": 3,
    "guardian": ["2,red,block"],
    "attack_faces": "hit,surge,hit,blank",
    "guardian_faces": ["block,surge"],
    "defense": "red",
    "defense_faces": "block",
}


def _steps(values: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["step"]: s for s in run(values)["steps"]}


def test_steps_follow_the_attack_note_in_order() -> None:
    ids = [s["step"] for s in run(EXAMPLE)["steps"]]
    assert ids == ["4a", "4b", "4c", "5", "6", "guardian", "pierce", "7a", "7c", "8", "9", "10"]


def test_every_step_names_its_rule_and_says_what_happened() -> None:
    for step in run(EXAMPLE)["steps"]:
        assert set(step) >= {"step", "title", "rule", "text", "state"}
        assert step["rule"] and step["text"].endswith(".")


def test_guardian_example_pierce_splits_between_guardian_and_defender() -> None:
    steps = _steps(EXAMPLE)
    assert steps["4a"]["state"] == {"crit": 0, "hit": 2, "surge": 1, "blank": 1}
    assert steps["4c"]["state"]["hits"] == 3
    assert steps["guardian"]["state"]["hits"] == 1
    assert steps["guardian"]["rule"] == "guardian-x"
    assert steps["pierce"]["state"]["guardian_wounds"] == [2]
    assert steps["pierce"]["state"]["pierce"] == 1
    assert steps["8"]["state"]["blocks"] == 0
    assert steps["8"]["state"]["pierce"] == 0
    assert steps["9"]["state"]["wounds"] == 1


def test_trace_result_is_certain() -> None:
    result = run(EXAMPLE)
    assert result["defender"]["wounds"] == {"1": "1"}
    assert result["guardians"][0]["wounds"] == {"2": "1"}
    assert result["suppression"] == "1"


def test_defender_whose_hits_were_all_cancelled_by_a_guardian_still_gains_suppression() -> None:
    values = {"red": 2, "guardian": ["2,white,none"], "attack_faces": "hit,hit", "guardian_faces": ["blank,block"]}
    result = run(values)
    assert result["defender"]["wounds"] == {"0": "1"}
    assert result["guardians"][0]["wounds"] == {"1": "1"}
    assert result["suppression"] == "1"


def test_guardian_faces_may_be_separated_by_semicolons() -> None:
    values = {"red": 2, "guardian": ["1,red,none;1,white,none"], "attack_faces": "hit,hit", "guardian_faces": ["blank;block"]}
    result = run(values)
    assert [g["wounds"] for g in result["guardians"]] == [{"1": "1"}, {"0": "1"}]


def test_rerolls_are_not_taken_in_trace_mode() -> None:
    result = run({"red": 1, "aim": 2, "attack_faces": "blank"})
    assert result["defender"]["wounds"] == {"0": "1"}
    assert "not taken" in _steps({"red": 1, "aim": 2, "attack_faces": "blank"})["4b"]["text"]


def test_dice_beyond_the_faces_given_are_rolled() -> None:
    result = run({"red": 2, "attack_faces": "crit"})
    assert result["suppression"] == "1"
    assert [s["step"] for s in result["steps"]] == ["4a"]


def test_no_steps_without_faces() -> None:
    assert run({"red": 2})["steps"] == []

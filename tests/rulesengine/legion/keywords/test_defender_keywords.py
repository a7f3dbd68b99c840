"""Defender keywords, each against a small case worked out by hand from its rule text."""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit"}
TWO_HITS = {"red": 2, "attack_faces": "hit,hit"}

CASES: list[tuple[str, dict[str, Any], str]] = [
    # Low Profile, notes: light cover cancels one hit, the one defense die is a block.
    ("low profile, notes", {**TWO_HITS, "cover": "light", "low_profile": True}, "0"),
    ("no low profile, notes", {**TWO_HITS, "cover": "light"}, "5/6"),
    # Without cover Low Profile does nothing.
    ("low profile, no cover", {**ONE_HIT, "low_profile": True}, "5/6"),
    # Low Profile, 2.6: the cover pool's one die is a block: the hit is gone.
    ("low profile, 2.6", {**ONE_HIT, "ruleset": "2.6", "cover": "light", "low_profile": True}, "0"),
    # 2.6 light cover, white die: 1/6 cancels; then the white defense die blocks 1/6.
    ("light cover, 2.6", {**ONE_HIT, "ruleset": "2.6", "cover": "light"}, "25/36"),
    # Dug In: red cover die cancels 3/6 in light cover, 4/6 in heavy.
    ("dug in, light", {**ONE_HIT, "ruleset": "2.6", "cover": "light", "dug_in": True}, "5/12"),
    ("dug in, heavy", {**ONE_HIT, "ruleset": "2.6", "cover": "heavy", "dug_in": True}, "5/18"),
    # A vehicle in 2.6 has no terrain cover: the heavy cover is ignored.
    ("vehicle, 2.6", {**ONE_HIT, "ruleset": "2.6", "cover": "heavy", "vehicle": True}, "5/6"),
    ("vehicle, notes", {**ONE_HIT, "cover": "heavy", "vehicle": True}, "0"),
    # Shields cancel the crit first.
    ("shields", {"red": 2, "attack_faces": "crit,hit", "shields": 1, "armor": True}, "0"),
    ("shields on hits", {**TWO_HITS, "shields": 1}, "5/6"),
    # Immune: Blast keeps heavy cover against Blast.
    ("immune blast", {**TWO_HITS, "blast": True, "cover": "heavy", "immune_blast": True}, "0"),
    # Immune: Melee Pierce: Pierce 1 cannot cancel the red die's blocks in melee (wounds 1 - P(block) = 1/2) ...
    ("immune melee pierce, melee", {**ONE_HIT, "melee": True, "pierce": 1, "immune_melee_pierce": True, "defense": "red"}, "1/2"),
    # ... but it can in a ranged attack: every block is pierced.
    ("immune melee pierce, ranged", {**ONE_HIT, "pierce": 1, "immune_melee_pierce": True, "defense": "red"}, "1"),
    # Impervious rolls no extra die in melee when Immune: Melee Pierce makes Pierce unusable.
    ("impervious with immune melee pierce", {**ONE_HIT, "melee": True, "pierce": 1, "impervious": True,
                                             "immune_melee_pierce": True, "defense": "red"}, "1/2"),
    # Weak Point 1 against Armor: the hit becomes a crit; a white die blocks 1/6.
    ("weak point", {**ONE_HIT, "armor": True, "weak_point": 1}, "5/6"),
    ("no weak point", {**ONE_HIT, "armor": True}, "0"),
    # Block: the dodge token cancels one hit, surge: block on the white die (2/6 blocks).
    ("block", {**TWO_HITS, "dodge": 1, "block": True}, "2/3"),
    # Block spends a token even with no hit left: one crit, white die with surge: block.
    ("block with only a crit", {"red": 1, "attack_faces": "crit", "dodge": 1, "block": True}, "2/3"),
    # Outmaneuver: the dodge token takes the crit.
    ("outmaneuver", {"red": 1, "attack_faces": "crit", "dodge": 1, "outmaneuver": True}, "0"),
    ("no outmaneuver", {"red": 1, "attack_faces": "crit", "dodge": 1}, "5/6"),
    # High Velocity: no dodge.
    ("high velocity", {**ONE_HIT, "dodge": 1, "high_velocity": True}, "5/6"),
    # Danger Sense 1 with 2 suppression tokens (melee: no cover from them): two white dice, 25/36.
    ("danger sense", {**ONE_HIT, "melee": True, "suppression": 2, "danger_sense": 1}, "25/36"),
]


@pytest.mark.parametrize(("name", "values", "expected"), CASES, ids=[c[0] for c in CASES])
def test_expected_wounds_from_the_rule_text(name: str, values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


def test_a_vehicle_gains_no_suppression_and_no_guardian_helps_it() -> None:
    result = run({**ONE_HIT, "vehicle": True, "guardian": ["2,red,block"]})
    assert result["suppression"] == "0"
    assert result["guardians"][0]["expected_wounds"] == "0"


def test_dug_in_is_refused_in_the_notes_ruleset() -> None:
    with pytest.raises(InputError, match="--dug-in.*2.6"):
        run({**ONE_HIT, "cover": "light", "dug_in": True})


def test_low_profile_trace_says_which_die_it_swaps() -> None:
    steps = run({**TWO_HITS, "cover": "light", "low_profile": True, "defense_faces": ""})["steps"]
    roll = next(s for s in steps if s["step"] == "7a")
    assert "Low Profile" in roll["text"]

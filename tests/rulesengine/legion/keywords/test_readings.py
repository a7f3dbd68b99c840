"""Rule texts read as the sources give them, and the readings the sources leave open, each
worked by hand on a tiny case (the numbers in the comments are the hand work).

Numbered as the report and the keyword notes cite them (R1, R2, ...).
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import OPTIONS
from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit"}
TWO_HITS = {"red": 2, "attack_faces": "hit,hit"}
HIT_AND_CRIT = {"red": 2, "attack_faces": "crit,hit"}

CASES: list[tuple[str, dict[str, Any], str]] = [
    # R1 Shields answer ranged attacks only. Melee, a hit and a crit, Shields 1: both stay,
    # two white dice each let a wound through 5/6 of the time: 5/3.
    ("R1 shields, melee", {**HIT_AND_CRIT, "melee": True, "shields": 1}, "5/3"),
    ("R1 shields, both rulesets", {**HIT_AND_CRIT, "melee": True, "shields": 1, "ruleset": "2.6"}, "5/3"),
    # R2 An overrun attack is not ranged either: 5/3 again.
    ("R2 shields, overrun", {**HIT_AND_CRIT, "overrun": True, "shields": 1}, "5/3"),
    # R3 Ranged: the shield cancels the crit, one white die for the hit: 5/6.
    ("R3 shields, ranged", {**HIT_AND_CRIT, "shields": 1}, "5/6"),
    # R4 Low Profile, notes, reading defense-die: one crit in light cover (cover cancels
    # hits only), the one defense die is set aside as a block: 0.
    ("R4 low profile defense-die", {"red": 1, "attack_faces": "crit", "cover": "light", "low_profile": True}, "0"),
    # R5 reading cover: light cover counts as heavy, the crit stays, a white die: 5/6.
    ("R5 low profile cover", {"red": 1, "attack_faces": "crit", "cover": "light", "low_profile": True,
                              "low_profile_reading": "cover"}, "5/6"),
    # R6 reading cover, two hits in light cover: heavy cancels both: 0 (defense-die: light
    # cancels one, the last die is a block: 0 too).
    ("R6 low profile cover, two hits", {**TWO_HITS, "cover": "light", "low_profile": True, "low_profile_reading": "cover"}, "0"),
    # R7 reading cover, three hits in heavy cover: heavy stays heavy, one hit left, one
    # white die: 5/6 (defense-die: the one die is a block: 0).
    ("R7 low profile cover, heavy", {"red": 3, "attack_faces": "hit,hit,hit", "cover": "heavy", "low_profile": True,
                                     "low_profile_reading": "cover"}, "5/6"),
    ("R7 low profile defense-die, heavy", {"red": 3, "attack_faces": "hit,hit,hit", "cover": "heavy", "low_profile": True}, "0"),
    # R8 ruleset 2.6 has no reading to choose: the cover pool's die is a block either way.
    ("R8 low profile 2.6, reading cover", {**ONE_HIT, "ruleset": "2.6", "cover": "light", "low_profile": True,
                                           "low_profile_reading": "cover"}, "0"),
    # R9 Soresu Mastery, 2.6, two hits, two white dice. each-die: a die blocks with 1/6 +
    # 5/6 * 1/6 = 11/36, so 2 * 25/36 = 25/18.
    ("R9 soresu each-die", {**TWO_HITS, "ruleset": "2.6", "soresu": True}, "25/18"),
    # R10 all-or-nothing: no block (25/36) -> reroll both: 5/3 expected; one block (10/36):
    # keep (1 is above a fresh roll's 1/3): 1; two blocks: 0. 125/108 + 30/108 = 155/108.
    ("R10 soresu all-or-nothing", {**TWO_HITS, "ruleset": "2.6", "soresu": True, "soresu_reading": "all-or-nothing"}, "155/108"),
    # R11 notes (after the dodge token): one hit left, one die; rerolling all of one die is
    # rerolling it: both readings give 25/36.
    ("R11 soresu all-or-nothing, one die", {**TWO_HITS, "dodge": 1, "soresu": True, "soresu_reading": "all-or-nothing"}, "25/36"),
    # R12 Lethal 1 against Impervious. counts: two white dice, Pierce 1 cancels one block,
    # the hit is stopped only by two blocks (1/36): 35/36.
    ("R12 lethal impervious counts", {**ONE_HIT, "aim": 1, "lethal": 1, "impervious": True}, "35/36"),
    # R13 weapons-only: one white die, Pierce 1 cancels its block: 1.
    ("R13 lethal impervious weapons-only", {**ONE_HIT, "aim": 1, "lethal": 1, "impervious": True,
                                            "lethal_impervious_reading": "weapons-only"}, "1"),
    # R14 weapons-only still counts the weapon's Pierce 1: Pierce 2 in all, 2 white dice,
    # the hit needs 3 blocks from 2 dice: 1.  (counts: 3 dice, needs 3 blocks: 1 - 1/216.)
    ("R14 weapons-only, weapon pierce", {**ONE_HIT, "aim": 1, "lethal": 1, "pierce": 1, "impervious": True,
                                         "lethal_impervious_reading": "weapons-only"}, "1"),
    ("R14 counts, weapon pierce", {**ONE_HIT, "aim": 1, "lethal": 1, "pierce": 1, "impervious": True}, "215/216"),
    # R16 Cumbersome changes no die (as Cumbersome.md reads it): two black dice, 5/6.
    ("R16 cumbersome", {"black": 2, "cumbersome": True, "defense": "white"}, "5/6"),
]


@pytest.mark.parametrize(("name", "values", "expected"), CASES, ids=[c[0] for c in CASES])
def test_expected_wounds_by_hand(name: str, values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


def test_r15_impervious_and_danger_sense_dice_are_rolled_with_no_hit_left() -> None:
    """R15 No hit or crit reaches the defense roll, yet Impervious' die (Pierce 1) and
    Danger Sense's die (one suppression token) are rolled: under 2.6 Deflect wounds the
    attacker if either shows a surge, 1 - (5/6)^2 = 11/36."""
    blank = {"red": 1, "attack_faces": "blank", "ruleset": "2.6", "deflect": True}
    assert run({**blank, "pierce": 1, "impervious": True})["attacker"]["expected_wounds"] == "1/6"
    assert run({**blank, "suppression": 1, "danger_sense": 1})["attacker"]["expected_wounds"] == "1/6"
    both = run({**blank, "pierce": 1, "impervious": True, "suppression": 1, "danger_sense": 1})
    assert both["attacker"]["expected_wounds"] == "11/36"
    assert both["defender"]["expected_wounds"] == "0"


def test_a_result_names_the_readings_it_depends_on_and_only_those() -> None:
    assert run({**ONE_HIT, "cover": "light", "low_profile": True})["readings"] == {"low_profile": "defense-die"}
    assert "readings" not in run({**ONE_HIT, "cover": "light", "low_profile": True, "ruleset": "2.6"})
    assert "readings" not in run(ONE_HIT)
    both = run({**ONE_HIT, "soresu": True, "aim": 1, "lethal": 1, "impervious": True, "soresu_reading": "all-or-nothing"})
    assert both["readings"] == {"soresu": "all-or-nothing", "lethal_impervious": "counts"}


def test_each_reading_is_a_declared_choice_with_both_answers() -> None:
    declared = {o.name: o for o in OPTIONS}
    for name, choices in (("low_profile_reading", ("defense-die", "cover")), ("soresu_reading", ("each-die", "all-or-nothing")),
                          ("lethal_impervious_reading", ("counts", "weapons-only"))):
        option = declared[name]
        assert option.kind == "choice" and option.choices == choices and option.default == choices[0]
        assert option.flag == "--" + name.replace("_", "-")
        assert all(c in option.help for c in choices)


def test_an_unknown_reading_is_refused_beside_its_field() -> None:
    with pytest.raises(InputError) as e:
        run({**ONE_HIT, "soresu_reading": "some"})
    assert e.value.option == "--soresu-reading"

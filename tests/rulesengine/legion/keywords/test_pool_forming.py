"""Spray, Anti-Materiel X, Anti-Personnel X and Cumbersome against cases worked out by hand
from their rule text: which dice are rolled, and the defender's expected wounds."""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import attack_from
from tests.rulesengine.legion.notes_rules import run
from rulesengine.legion.keywords.dice_upgrades import upgraded

NOW = {"ruleset": "2.6"}


@pytest.mark.parametrize(("dice", "x", "want"), [
    ((0, 0, 2), 1, (0, 1, 1)),  # a white die becomes black
    ((0, 1, 1), 1, (0, 2, 0)),  # white first
    ((0, 1, 1), 2, (1, 1, 0)),  # then black; the new black die is not upgraded again
    ((0, 0, 1), 3, (0, 1, 0)),  # one keyword upgrades a die once
    ((2, 0, 0), 2, (2, 0, 0)),  # a red die cannot go higher
    ((1, 2, 0), 5, (3, 0, 0)),
])
def test_an_upgrade_moves_a_die_one_colour_up_once(dice: tuple[int, int, int], x: int, want: tuple[int, int, int]) -> None:
    assert upgraded(dice, x) == want


def _dice(values: dict[str, Any]) -> tuple[int, int, int]:
    w = attack_from(values).pools[0].weapons
    return w.red, w.black, w.white


@pytest.mark.parametrize(("values", "want"), [
    ({"red": 1, "white": 1, "spray": 4}, (4, 0, 4)),
    ({"red": 2, "spray": 1}, (2, 0, 0)),
    ({**NOW, "white": 2, "anti_materiel": 1, "vehicle": True}, (0, 1, 1)),
    ({**NOW, "white": 2, "anti_materiel": 1}, (0, 0, 2)),  # a trooper: nothing
    ({**NOW, "white": 2, "anti_personnel": 1}, (0, 1, 1)),
    ({**NOW, "white": 2, "anti_personnel": 1, "vehicle": True}, (0, 0, 2)),  # a vehicle: nothing
    ({**NOW, "white": 1, "spray": 3, "anti_personnel": 2}, (0, 2, 1)),  # Spray forms the pool, then the upgrade
    ({"black": 2, "cumbersome": True}, (0, 2, 0)),
])
def test_the_pool_the_attacker_rolls(values: dict[str, Any], want: tuple[int, int, int]) -> None:
    assert _dice(values) == want


@pytest.mark.parametrize(("values", "expected"), [
    # One red die, three miniatures in sight: 3 dice, 6/8 each hit or crit, a white die fails 5/6.
    ({"red": 1, "spray": 3}, "15/8"),
    # Two white dice, one upgraded to black against a vehicle: (2/8 + 4/8), a red die fails 1/2.
    ({**NOW, "white": 2, "anti_materiel": 1, "vehicle": True, "defense": "red"}, "3/8"),
    ({**NOW, "black": 1, "anti_personnel": 1}, "5/8"),
    ({"black": 2, "cumbersome": True}, "5/6"),
    ({"black": 2}, "5/6"),
])
def test_expected_wounds(values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


@pytest.mark.parametrize("flag", ["anti_materiel", "anti_personnel"])
def test_the_new_keywords_are_refused_under_the_notes_ruleset(flag: str) -> None:
    with pytest.raises(InputError) as error:
        run({"white": 2, flag: 1})
    assert error.value.option == "--" + flag.replace("_", "-")
    assert "--ruleset 2026 or 2.6" in str(error.value)


def test_spray_stays_inside_the_dice_bound() -> None:
    with pytest.raises(InputError) as error:
        run({"red": 8, "spray": 4})
    assert error.value.option == "--spray"
    assert "32" in str(error.value)


def test_the_trace_says_how_the_pool_was_formed() -> None:
    steps = run({**NOW, "white": 1, "spray": 2, "anti_personnel": 1, "cumbersome": True, "attack_faces": "hit,blank"})["steps"]
    text = str(steps[0]["text"])
    assert "Spray adds the weapon's 1 die once per defending miniature in sight (2 times)." in text
    assert "Anti-Personnel 1 upgrades 1 die white to black." in text
    assert "changes no die" in text
    assert "black hit, white blank" in text

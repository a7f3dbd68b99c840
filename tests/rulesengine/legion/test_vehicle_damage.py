"""Vehicle damage as the notes give it: a red defense die decides the effect."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run_vehicle_damage


def test_red_die_decides_the_effect() -> None:
    result = run_vehicle_damage({})
    # Red defense die: 3 block (Damaged), 2 blank (Disabled), 1 surge (Weapon Destroyed).
    assert (result["damaged"], result["disabled"], result["weapon_destroyed"]) == ("1/2", "1/3", "1/6")


def test_damaged_vehicle_loses_an_action_on_a_white_blank() -> None:
    assert run_vehicle_damage({})["lose_action_when_damaged_activates"] == "2/3"


@pytest.mark.parametrize(("face", "effect"), [("block", "damaged"), ("blank", "disabled"), ("surge", "weapon_destroyed")])
def test_trace_with_a_given_face(face: str, effect: str) -> None:
    result = run_vehicle_damage({"face": face})
    assert result[effect] == "1"
    assert result["steps"][0]["state"] == {"effect": effect}


def test_ruleset_2_6_gives_one_vehicle_damage_token() -> None:
    result = run_vehicle_damage({"ruleset": "2.6"})
    assert result["vehicle_damage_token"] == "1"
    assert "damaged" not in result and "disabled" not in result
    # The token's effect: a white die at activation, an action lost on a blank (4 of 6).
    assert result["lose_action_when_damaged_activates"] == "2/3"


def test_no_red_die_face_in_ruleset_2_6() -> None:
    with pytest.raises(InputError, match="--face.*notes"):
        run_vehicle_damage({"ruleset": "2.6", "face": "block"})

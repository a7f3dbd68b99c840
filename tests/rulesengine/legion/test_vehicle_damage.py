"""Vehicle damage as the notes give it: a red defense die decides the effect."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.legion.api import run_vehicle_damage


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


def test_only_the_notes_ruleset() -> None:
    with pytest.raises(InputError, match="--ruleset"):
        run_vehicle_damage({"ruleset": "2.6"})

"""Bombard and the arenas: `--arena` is where the defender is (the arena the attack is in).

The glossary: a Space unit with Bombard X "may attack a unit in the Ground arena ...
using X power"; "You can't attack a unit in the Space arena using Bombard". So Bombard
needs a defender in the Ground arena, and the bombarding attacker is in Space.
"""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.api import OPTIONS
from rulesengine.swtcg.cli import main
from tests.rulesengine.swtcg.swtcg_oracle import run


@pytest.mark.parametrize("arena", ["space", "character"])
def test_bombard_at_a_unit_outside_the_ground_arena_is_refused(arena: str) -> None:
    with pytest.raises(InputError) as caught:
        run({"power": 2, "bombard": 4, "arena": arena})
    assert caught.value.option == "--bombard"
    assert "--arena is ground" in caught.value.allowed and "Space arena" in caught.value.allowed


def test_bombard_at_a_ground_unit_uses_x_power_and_the_space_switch_effect() -> None:
    result = run({"power": 2, "bombard": 4, "arena": "ground", "switch": "space=+1,ground=+3", "faces": "6,6,6,6,6"})
    assert result["attack"]["power"] == 5  # Bombard 4, +1 for Switch in the attacker's arena (Space)
    bombard = next(s for s in result["steps"] if s["rule"] == "bombard")
    assert "Space arena" in bombard["text"] and "Ground arena" in bombard["text"]


def test_without_bombard_the_attacker_is_in_the_defender_arena() -> None:
    for arena, bonus in (("space", 1), ("ground", 3), ("character", 0)):
        assert run({"power": 2, "arena": arena, "switch": "space=+1,ground=+3"})["attack"]["power"] == 2 + bonus


def test_the_options_say_which_arena_is_whose() -> None:
    by_name = {o.name: o for o in OPTIONS}
    assert "defender" in by_name["arena"].label.lower()
    assert "ground" in by_name["bombard"].help.lower() and "space" in by_name["bombard"].help.lower()


def test_cli_refuses_bombard_at_a_space_unit_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--power", "2", "--bombard", "4", "--arena", "space"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("rulesengine swtcg: --bombard: ")

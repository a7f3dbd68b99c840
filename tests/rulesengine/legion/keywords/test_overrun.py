"""Overrun attacks against cases worked out by hand: neither ranged nor melee."""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run

TWO_HITS = {"red": 2, "attack_faces": "hit,hit"}
OVERRUN = {**TWO_HITS, "overrun": True}


@pytest.mark.parametrize(("values", "expected"), [
    # Heavy cover would cancel both hits of a ranged attack; an overrun attack ignores it.
    ({**TWO_HITS, "cover": "heavy"}, "0"),
    ({**OVERRUN, "cover": "heavy"}, "5/3"),
    # A dodge token still cancels a hit.
    ({**OVERRUN, "dodge": 1}, "5/6"),
    # A guardian helps only against a ranged attack.
    ({**OVERRUN, "guardian": ["2,red,none"]}, "5/3"),
    # Deflect (ruleset 2.6) works only against a ranged attack: the white die blocks 1 in 6.
    ({**OVERRUN, "deflect": True, "dodge": 1, "ruleset": "2.6"}, "5/6"),
    # Melee-only keywords do nothing: the defender's Hold the Line gives no surge: block (1 in 6 blocks)...
    ({**OVERRUN, "defender_hold_the_line": True}, "5/3"),
    # ... and Immune: Melee Pierce does not stop Pierce 1 here.
    ({**OVERRUN, "pierce": 1, "immune_melee_pierce": True, "defense": "red", "defense_faces": "block,block"}, "1"),
])
def test_overrun_expected_wounds(values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


def test_an_overrun_attack_gains_no_suppression() -> None:
    got = run({**OVERRUN, "defense_faces": "blank,blank"})
    assert got["suppression"] == "0"
    assert got["steps"][-1]["step"] == "10"
    assert "an overrun attack is not a ranged attack" in str(got["steps"][-1]["text"])
    assert run(TWO_HITS)["suppression"] == "1"


def test_overrun_and_melee_are_refused_together() -> None:
    with pytest.raises(InputError) as error:
        run({**OVERRUN, "melee": True})
    assert error.value.option == "--overrun"


def test_an_overrun_attack_forms_one_pool() -> None:
    with pytest.raises(InputError) as error:
        run({**OVERRUN, "pool": ["black=1"], "defender": ["defense=white"]})
    assert error.value.option == "--overrun" and "one attack pool" in str(error.value)

"""Deflect, Shien Mastery and Soresu Mastery under ruleset 2.6, against cases worked out by
hand from the current rule text: no dodge token needed; Deflect sends one wound back if
the defense roll shows any surge, Shien Mastery one per surge."""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run

NOW = {"ruleset": "2.6"}
TWO_HITS = {"red": 2, "attack_faces": "hit,hit"}


@pytest.mark.parametrize(("values", "defender", "attacker"), [
    # No dodge token: each white die blocks on a block or a surge (2 in 6); the attacker suffers
    # one wound if either die shows a surge: 1 - (5/6)^2.
    ({**NOW, **TWO_HITS, "deflect": True}, "4/3", "11/36"),
    # Shien Mastery: one wound per surge, 1/6 a die.
    ({**NOW, **TWO_HITS, "deflect": True, "shien_mastery": True}, "4/3", "1/3"),
    # Every weapon with High Velocity: Deflect does nothing (no dodge token either).
    ({**NOW, **TWO_HITS, "deflect": True, "high_velocity": True}, "5/3", "0"),
    # Melee: nothing.
    ({**NOW, **TWO_HITS, "deflect": True, "melee": True}, "5/3", "0"),
    # The notes' reading is unchanged: without a dodge token Deflect waits.
    ({**TWO_HITS, "deflect": True}, "5/3", "0"),
])
def test_deflect_in_the_current_rules(values: dict[str, Any], defender: str, attacker: str) -> None:
    got = run(values)
    assert (got["defender"]["expected_wounds"], got["attacker"]["expected_wounds"]) == (defender, attacker)


@pytest.mark.parametrize(("faces", "shien", "suppression"), [
    ("surge,surge", True, "0"),   # no wound on the defender: no suppression token
    ("surge,surge", False, "1"),
    ("surge,blank", True, "1"),   # one wound: the token as usual
])
def test_shien_mastery_and_suppression(faces: str, shien: bool, suppression: str) -> None:
    values = {**NOW, **TWO_HITS, "deflect": True, "shien_mastery": shien, "defense_faces": faces}
    assert run(values)["suppression"] == suppression


@pytest.mark.parametrize(("faces", "shien", "tokens"), [
    ("surge,surge", True, {"0": "1"}),    # unwounded: Suppressive's token withheld with the other
    ("surge,surge", False, {"2": "1"}),
    ("surge,blank", True, {"2": "1"}),    # wounded: both tokens
])
def test_shien_mastery_and_suppressive(faces: str, shien: bool, tokens: dict[str, str]) -> None:
    """Suppressive's token comes in step 10 with the ordinary one (Assign Suppression Token to
    Defender), which Shien Mastery withholds from an unwounded unit; both peers that model
    Shien Mastery drop it too."""
    values = {**NOW, **TWO_HITS, "deflect": True, "shien_mastery": shien, "defense_faces": faces, "suppressive": True}
    assert run(values)["suppression_tokens"] == tokens


@pytest.mark.parametrize(("values", "expected"), [
    # One hit, a white die rerolled once if it fails: (5/6)^2, no dodge token needed since 2.6.
    ({**NOW, "red": 1, "attack_faces": "hit", "soresu": True}, "25/36"),
    ({"red": 1, "attack_faces": "hit", "soresu": True}, "5/6"),
    ({**NOW, "red": 1, "attack_faces": "hit", "soresu": True, "melee": True}, "5/6"),
])
def test_soresu_in_the_current_rules(values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected


@pytest.mark.parametrize(("values", "why"), [
    ({"red": 1, "deflect": True, "shien_mastery": True}, "--ruleset 2026 or 2.6"),
    ({**NOW, "red": 1, "shien_mastery": True}, "--deflect"),
])
def test_shien_mastery_is_refused_where_it_cannot_act(values: dict[str, Any], why: str) -> None:
    with pytest.raises(InputError) as error:
        run(values)
    assert error.value.option == "--shien-mastery" and why in str(error.value)

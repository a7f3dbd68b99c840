"""Smoke tokens against the current rule text: improvements add up in ruleset 2.6, each
token once; a vehicle gains nothing from smoke."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit"}


@pytest.mark.parametrize(("values", "expected"), [
    # 2.6, one token: light cover, the cover die (white) cancels on a block: 5/6 left, then
    # the defense die fails 5/6: 25/36.
    ({**ONE_HIT, "ruleset": "2.6", "smoke": 1}, "25/36"),
    # Two tokens: heavy cover, a block or a surge cancels: 4/6 left, then 5/6: 5/9.
    ({**ONE_HIT, "ruleset": "2.6", "smoke": 2}, "5/9"),
    # The notes' reading: one improvement however many (light cover cancels the hit).
    ({**ONE_HIT, "smoke": 2}, "0"),
    ({"red": 2, "attack_faces": "hit,hit", "smoke": 2}, "5/6"),
    # A vehicle gains nothing from smoke, in either ruleset.
    ({**ONE_HIT, "ruleset": "2.6", "smoke": 2, "vehicle": True}, "5/6"),
    ({**ONE_HIT, "smoke": 1, "vehicle": True}, "5/6"),
])
def test_smoke_tokens(values: dict[str, Any], expected: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == expected

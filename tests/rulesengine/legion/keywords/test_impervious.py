"""Impervious: extra defense dice equal to the pool's Pierce X, none when the defender is
also Immune: Pierce (that Pierce cannot be used against it)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit", "pierce": 1, "impervious": True, "defense": "red"}

# One red defense die blocks on 3 of 6 sides (no defense surge chart): one hit gets
# through when that die does not block. Two dice let it through only when neither does.
CASES = [
    ("immune pierce: one die for the one hit", {"immune_pierce": True}, Fraction(1, 2)),
    ("pierce usable: one die for the hit, one for Pierce 1, one block cancelled", {}, Fraction(3, 4)),
    ("no impervious: one die, its block cancelled by Pierce 1", {"impervious": False}, Fraction(1)),
]


@pytest.mark.parametrize(("case", "extra", "wounds"), CASES, ids=[c for c, _, _ in CASES])
def test_impervious_rolls_extra_dice_only_when_pierce_can_be_used(case: str, extra: dict[str, object], wounds: Fraction) -> None:
    assert Fraction(run({**ONE_HIT, **extra})["defender"]["expected_wounds"]) == wounds


def test_the_issues_example_rolls_one_defense_die() -> None:
    result = run({**ONE_HIT, "immune_pierce": True, "defense_faces": "blank"})
    rolled = next(s for s in result["steps"] if s["step"] == "7a")
    assert "rolls 1 red defense die" in str(rolled["text"])
    with pytest.raises(InputError, match="at most 1 face"):
        run({**ONE_HIT, "immune_pierce": True, "defense_faces": "blank,blank"})

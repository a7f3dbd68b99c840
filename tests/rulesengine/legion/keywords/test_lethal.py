"""Lethal X in step 6 (Modify Attack Dice), each case worked out by hand from the rule text:
the attacker spends up to X aim tokens there and the attack pool gains Pierce 1 for each,
before any defense die is rolled (Legion Helper's rules reference and the community
keyword list both place it in Modify Attack Dice). So its Pierce is there when a guardian
rolls and when Impervious counts the pool's Pierce."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit", "aim": 1, "lethal": 1}

CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # The aim token is left (no reroll in a traced roll): Pierce 1 cancels the red block.
    ("lethal against a block", {**ONE_HIT, "defense": "red", "defense_faces": "block"}, "1", "0"),
    # Impervious counts the pool's Pierce, Lethal's included: two white dice, Pierce 1 cancels
    # one block, so only two blocks (1/6 * 1/6) stop the hit.
    ("impervious rolls a die for lethal's pierce", {**ONE_HIT, "impervious": True}, "35/36", "0"),
    ("impervious, no lethal", {"red": 1, "attack_faces": "hit", "aim": 1, "impervious": True}, "5/6", "0"),
    # A guardian takes one of two hits and rolls a block: Lethal's Pierce 1 cancels it (the
    # guardian suffers the wound), none is left for the defender's block.
    ("guardian's block pierced first", {"red": 2, "attack_faces": "hit,hit", "aim": 1, "lethal": 1, "guardian": ["1,red,none"],
                                        "guardian_faces": "block", "defense": "red", "defense_faces": "block"}, "0", "1"),
    # Pierce cannot be used against Immune: Pierce: the token is kept, nothing changes.
    ("immune: pierce", {**ONE_HIT, "defense": "red", "defense_faces": "block", "immune_pierce": True}, "0", "0"),
]


@pytest.mark.parametrize("name,values,wounds,guardian", CASES, ids=[c[0] for c in CASES])
def test_lethal_x_by_hand(name: str, values: dict[str, Any], wounds: str, guardian: str) -> None:
    result = run(values)
    assert Fraction(result["defender"]["expected_wounds"]) == Fraction(wounds)
    guardians = result["guardians"]
    assert Fraction(guardians[0]["expected_wounds"] if guardians else 0) == Fraction(guardian)


def test_lethal_spends_its_tokens_before_the_defense_roll() -> None:
    """A later pool sees the token gone even when the defender rolled no block (the step 8
    reading kept it): pool 2's Lethal has no token left, so its Pierce 1 never comes."""
    first = {"red": 1, "attack_faces": "hit", "aim": 1, "lethal": 1, "defense": "red", "defense_faces": "blank"}
    both = run({**first, "pool": ["red=1 defender=2"], "defender": ["defense=red"]})
    alone = run({"red": 1, "defense": "red"})
    assert both["defenders"][1]["expected_wounds"] == alone["defender"]["expected_wounds"]

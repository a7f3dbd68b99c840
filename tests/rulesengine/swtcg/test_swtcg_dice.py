"""The dice module's fast path (integer counts) against the plain `Distribution` fold."""

from __future__ import annotations

import pytest

from rulesengine.distribution import Distribution
from rulesengine.swtcg.dice import FACES, NO_DICE, RollSummary, read_roll, roll_attack_dice


def together(a: RollSummary, b: RollSummary) -> RollSummary:
    return RollSummary(a.hits + b.hits, a.natural_six or b.natural_six, a.natural_one or b.natural_one)


@pytest.mark.parametrize(("accuracy", "armor"), [(0, False), (1, True), (-2, False), (3, True), (-5, True)])
def test_the_counted_roll_equals_the_fraction_fold(accuracy: int, armor: bool) -> None:
    one = Distribution.uniform(read_roll((f,), accuracy, armor) for f in FACES)
    assert roll_attack_dice(12, accuracy, armor) == one.repeat(12, together, NO_DICE)


def test_no_dice_means_no_hits_and_no_naturals() -> None:
    assert roll_attack_dice(0, 0, False) == Distribution.certain(NO_DICE)

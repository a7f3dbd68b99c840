"""The Dice Roller notation's exact distributions (scripts/vault/plugins/dice/) against a brute-force
oracle: each operator's meaning written out here as a plain roll, and every sequence of
die rolls that roll can make enumerated with its chance. The oracle shares no code with
the evaluator (not even the parser): it is the plugin's documented behaviour, by hand."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from scripts.vault.plugins.dice import dice_formula, without_flags
from scripts.vault.plugins.dice.exact import MAX_OUTCOMES, TooLarge, distribution, evaluate
from scripts.vault.plugins.dice.notation import Unsupported, parse_formula

Draw = Callable[[list[int]], int]


class _Branch(Exception):
    def __init__(self, faces: list[int]) -> None:
        self.faces = faces


def enumerate_rolls(roll: Callable[[Draw], Fraction | int]) -> dict[Fraction, Fraction]:
    """Every outcome of `roll` with its exact chance: `roll` is run once per sequence of
    die results, each die uniform over the faces it is given."""
    chances: dict[Fraction, Fraction] = {}

    def run(prefix: list[int]) -> None:
        choices = iter(prefix)
        chance = [Fraction(1)]

        def draw(faces: list[int]) -> int:
            index = next(choices, None)
            if index is None:
                raise _Branch(faces)
            chance[0] /= len(faces)
            return faces[index]

        try:
            value = Fraction(roll(draw))
        except _Branch as branch:
            for index in range(len(branch.faces)):
                run([*prefix, index])
            return
        chances[value] = chances.get(value, Fraction(0)) + chance[0]

    run([])
    return chances


def exact_chances(formula: str) -> dict[Fraction, Fraction]:
    found = distribution(formula)
    return {value: Fraction(weight, found.total) for value, weight in found.weights}


def D(sides: int) -> list[int]:
    return list(range(1, sides + 1))


def _rerolled(draw: Draw, faces: list[int], times: int, meets: Callable[[int], bool]) -> int:
    value = draw(faces)
    for _ in range(times):
        if not meets(value):
            break
        value = draw(faces)
    return value


def _exploded(draw: Draw, faces: list[int], times: int, meets: Callable[[int], bool]) -> int:
    value = last = draw(faces)
    for _ in range(times):
        if not meets(last):
            break
        last = draw(faces)
        value += last
    return value


ORACLES: dict[str, Callable[[Draw], Fraction | int]] = {
    "3d6": lambda draw: sum(draw(D(6)) for _ in range(3)),
    "d6": lambda draw: draw(D(6)),
    "2d": lambda draw: draw(D(100)) + draw(D(100)),  # faces default to 100
    "1d%": lambda draw: draw(D(100)),
    "2dF": lambda draw: draw([-1, 0, 1]) + draw([-1, 0, 1]),
    "2d[1,3,5]": lambda draw: draw([1, 3, 5]) + draw([1, 3, 5]),
    "1d[3-5]": lambda draw: draw([3, 4, 5]),
    "-1d4": lambda draw: -draw(D(4)),
    "1d4+3": lambda draw: draw(D(4)) + 3,
    "1d6-1d4": lambda draw: draw(D(6)) - draw(D(4)),
    "2d4*10": lambda draw: (draw(D(4)) + draw(D(4))) * 10,
    "1d4*1d3": lambda draw: draw(D(4)) * draw(D(3)),
    "1d6/2": lambda draw: Fraction(draw(D(6)), 2),  # divided exactly, as the plugin divides
    "1d6/1d3": lambda draw: Fraction(draw(D(6)), draw(D(3))),
    "2^1d3": lambda draw: 2 ** draw(D(3)),
    "(1d4+1)*2": lambda draw: (draw(D(4)) + 1) * 2,
    "1+2*3": lambda draw: 7,
    "3d6kh": lambda draw: max(draw(D(6)) for _ in range(3)),
    "3d6k2": lambda draw: sum(sorted(draw(D(6)) for _ in range(3))[1:]),
    "3d6kl2": lambda draw: sum(sorted(draw(D(6)) for _ in range(3))[:2]),
    "4d4dl1": lambda draw: sum(sorted(draw(D(4)) for _ in range(4))[1:]),
    "4d4dh2": lambda draw: sum(sorted(draw(D(4)) for _ in range(4))[:2]),
    "2d4kh5": lambda draw: draw(D(4)) + draw(D(4)),  # keeping more than rolled keeps all
    "2d4r": lambda draw: sum(_rerolled(draw, D(4), 1, lambda v: v == 1) for _ in range(2)),
    "1d4r3": lambda draw: _rerolled(draw, D(4), 3, lambda v: v == 1),
    "1d4r<3": lambda draw: _rerolled(draw, D(4), 1, lambda v: v < 3),
    "1d4r2<2>3": lambda draw: _rerolled(draw, D(4), 2, lambda v: v < 2 or v > 3),
    "1d4!": lambda draw: _exploded(draw, D(4), 1, lambda v: v == 4),
    "2d3!2": lambda draw: sum(_exploded(draw, D(3), 2, lambda v: v == 3) for _ in range(2)),
    "1d4!=3": lambda draw: _exploded(draw, D(4), 1, lambda v: v == 3),
    "1d3!!3": lambda draw: _exploded(draw, D(3), 3, lambda v: v == 3),
    "1d4!!2>=3": lambda draw: _exploded(draw, D(4), 2, lambda v: v >= 3),
    "2d3!!kh": lambda draw: max(_exploded(draw, D(3), 1, lambda v: v == 3) for _ in range(2)),
    "3d6>=5": lambda draw: sum(1 for _ in range(3) if draw(D(6)) >= 5),
    "2d6=6-=1": lambda draw: sum((-1 if v == 1 else 1 if v == 6 else 0) for v in (draw(D(6)), draw(D(6)))),
    "3d4kh2>3": lambda draw: sum(1 for v in sorted(draw(D(4)) for _ in range(3))[1:] if v > 3),
    "1d4r!": lambda draw: _exploded_after_reroll(draw),
    "1d6s": lambda draw: draw(D(6)),  # sorting shows the dice in order: the total is the same
}


def _exploded_after_reroll(draw: Draw) -> int:
    """`1d4r!`: the die is re-rolled once on a 1, then explodes once on a 4 (extra rolls
    are plain d4s)."""
    value = _rerolled(draw, D(4), 1, lambda v: v == 1)
    return value + draw(D(4)) if value == 4 else value


@pytest.mark.parametrize("formula", sorted(ORACLES))
def test_every_operator_matches_the_brute_force_oracle(formula: str) -> None:
    assert exact_chances(formula) == enumerate_rolls(ORACLES[formula])


def test_the_issues_formulas_have_their_known_means() -> None:
    assert distribution("3d6").mean == Fraction(21, 2)
    assert distribution("2d8*10").mean == 90
    assert distribution("2d20kh").mean == Fraction(553, 40)  # advantage: 13.825
    assert distribution("4d6dl1").mean == Fraction(15869, 1296)
    assert distribution("4dF").mean == 0 and distribution("4dF").minimum == -4


def test_spaces_are_ignored_and_upper_case_d_reads() -> None:
    assert distribution("1d12 + 1d10 + 5") == distribution("1d12+1d10+5")
    assert distribution("2D6") == distribution("2d6")


def test_infinite_explosions_stop_at_the_plugins_cap_of_one_hundred() -> None:
    found = distribution("1d2!i")
    assert found.maximum == 2 * 100 + 2  # 100 extra rolls, each a 2, then one more
    assert found.chance(found.maximum) == Fraction(1, 2 ** 101)
    assert distribution("1d1!!i").weights == ((Fraction(101), 1),)  # a one-sided die: always 101


@pytest.mark.parametrize(("formula", "reason"), [
    ("1dS", "stunt"),
    ("1d66%", "percent"),
    ("strength + 1d6", "Dataview"),
    ("4d6u", "unique"),
    ("(1d4)d6", "rolled"),
    ("1d6/1dF", "divide by zero"),
    ("2d6!kh", "exploding"),
    ("1d6kh1kl1", "more than one keep"),
    ("1d(", "cannot read"),
    ("1d6 +", "cannot read"),
    ("", "empty"),
    ("1d100000", "faces"),
    ("5000d6", "dice"),
])
def test_what_is_not_computed_says_why(formula: str, reason: str) -> None:
    with pytest.raises(Unsupported, match=reason):
        distribution(formula)


@pytest.mark.parametrize("formula", ["1000d1000", "100d100kh50", "1d20!i*1d20!i", "1d1000^60", "3d100*3d100*3d100"])
def test_no_formula_can_take_the_build_long_it_stops_at_the_cap(formula: str) -> None:
    with pytest.raises(TooLarge):
        evaluate(parse_formula(formula))


def test_no_distribution_holds_more_outcomes_than_the_cap() -> None:
    assert len(distribution("10d100").weights) <= MAX_OUTCOMES


def test_the_code_span_prefixes_and_display_flags() -> None:
    assert dice_formula("dice: 3d6") == "3d6"
    assert dice_formula("dice+: 1d4") == "1d4" and dice_formula("dice-mod: 1d4") == "1d4"
    assert dice_formula("DICE:1d4") == "1d4"
    assert dice_formula("dices: 1d4") is None and dice_formula("let x = 1") is None
    assert without_flags("1d20+4|nodice|render") == "1d20+4"
    assert without_flags("[[Note#^t]]|Column") == "[[Note#^t]]|Column"


def test_any_text_is_either_computed_or_refused_with_a_reason_never_an_error() -> None:
    import random

    alphabet = "0123456789dDF%[],-+*/^()!rkhlsui<>= x."
    chooser = random.Random(36)
    for _ in range(1000):
        text = "".join(chooser.choice(alphabet) for _ in range(chooser.randint(1, 14)))
        try:
            distribution(text)
        except Unsupported:
            pass
    with pytest.raises(Unsupported, match="nested too deeply"):
        distribution("(" * 5000 + "1" + ")" * 5000)

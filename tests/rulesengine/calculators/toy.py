"""A tiny engine for renderer tests: `dice` d6 hitting on 4+ (5+ with armor), wounds = hits.

Small enough that every probability can be checked by enumerating all 6^n rolls, and
shaped like the real engines' results (distribution, expected value, policies, steps).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product

from rulesengine.calculators.registry import Calculator, Preset
from rulesengine.distribution import Distribution
from rulesengine.options import Option, validate

OPTIONS = (
    Option("dice", "Dice <rolled>", "int", 2, 0, 5, help="how many d6"),
    Option("armor", "Armor", "bool", False, group="defender"),
    Option("cover", "Cover", "choice", "none", choices=("none", "light")),
    Option("guardian", "Guardian", "text", None, help="X,DIE,SURGE", repeatable=True),
    Option("faces", "Faces", "text", None, help="comma-separated faces", group="trace"),
)


def run(values: Mapping[str, object]) -> dict:
    v = validate(OPTIONS, values)
    need = 5 if v["armor"] else 4
    steps = []
    if v["faces"]:
        faces = [int(f) for f in str(v["faces"]).split(",")]
        wounds = Distribution.certain(sum(f >= need for f in faces))
        steps = [{"step": "4a", "title": "Roll Dice", "rule": "attack-step-4", "text": f"rolled {faces}", "state": {"hits": sum(f >= need for f in faces)}}]
    else:
        die = Distribution.uniform([int(f >= need) for f in range(1, 7)])
        wounds = die.repeat(int(v["dice"]), lambda a, b: a + b, 0)  # type: ignore[call-overload]
    return {
        "ruleset": "notes",
        "policies": {"aim_policy": "blanks-first"},
        "defender": {"wounds": wounds.to_json(), "expected_wounds": str(wounds.expected())},
        "guardians": [{"wounds": {"0": "1"}, "expected_wounds": "0"} for _ in v["guardian"]],  # type: ignore[union-attr]
        "steps": steps,
    }


def brute_force(dice: int, armor: bool) -> dict[int, Fraction]:
    """P(wounds = k) by enumerating every roll."""
    need = 5 if armor else 4
    counts: dict[int, int] = {}
    for roll in product(range(1, 7), repeat=dice):
        k = sum(f >= need for f in roll)
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(c, 6**dice) for k, c in counts.items()}


TOY = Calculator(
    name="toy-attack",
    title="Toy attack",
    game="legion",
    options=OPTIONS,
    run=run,
    fields=("dice",),
    keywords={"Toy X": Preset.of(("armor",), dice=3, armor=True)},
    labels={"defender.wounds": "Wounds on the defender", "guardians[*].wounds": "Wounds on guardian {n}"},
)

"""Legion's dice: attack dice are d8, defense dice d6 (faces as the rulebook lists them).

A die is a frozen table of how many of its sides show each face; probabilities are
those counts over the number of sides, so every computation stays in whole numbers
until the very end.
"""

from __future__ import annotations

from rulesengine.errors import UnknownNameError
from rulesengine.records import frozen

ATTACK_FACES = ("crit", "surge", "hit", "blank")
DEFENSE_FACES = ("block", "surge", "blank")


@frozen
class Die:
    """One die: its colour and the number of sides showing each face."""

    colour: str
    faces: tuple[tuple[str, int], ...]

    @property
    def sides(self) -> int:
        return sum(n for _, n in self.faces)

    def sides_showing(self, face: str) -> int:
        for name, n in self.faces:
            if name == face:
                return n
        return 0


ATTACK_DICE = {
    "red": Die("red", (("crit", 1), ("surge", 1), ("hit", 5), ("blank", 1))),
    "black": Die("black", (("crit", 1), ("surge", 1), ("hit", 3), ("blank", 3))),
    "white": Die("white", (("crit", 1), ("surge", 1), ("hit", 1), ("blank", 5))),
}
DEFENSE_DICE = {
    "red": Die("red", (("block", 3), ("surge", 1), ("blank", 2))),
    "white": Die("white", (("block", 1), ("surge", 1), ("blank", 4))),
}

ATTACK_COLOURS = ("red", "black", "white")
"""Best die first: the order in which the aim policy picks dice to reroll."""


def attack_die(colour: str) -> Die:
    if colour not in ATTACK_DICE:
        raise UnknownNameError("attack die", colour, ATTACK_COLOURS)
    return ATTACK_DICE[colour]


def defense_die(colour: str) -> Die:
    if colour not in DEFENSE_DICE:
        raise UnknownNameError("defense die", colour, tuple(DEFENSE_DICE))
    return DEFENSE_DICE[colour]

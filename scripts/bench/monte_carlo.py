"""A 10,000-sample Monte Carlo of the 12-dice pool `scripts/bench/legion.py` calls POOL_12
(what peer calculators run), with no import of the engine: `scripts/bench/legion.py` times
it in-process beside the exact engine, and `scripts/bench/cli.py` runs this file as a whole
process (`python scripts/bench/monte_carlo.py [SAMPLES]`) against the `legion` command.
"""

from __future__ import annotations

import random
import sys

ATTACK = {"red": "CSHHHHHB", "black": "CSHHHBBB", "white": "CSHBBBBB"}
DEFENSE = {"red": "XXXS..", "white": "XS...."}


def _roll(sides: str, rng: random.Random) -> str:
    return sides[rng.randrange(len(sides))]


def monte_carlo_once(rng: random.Random) -> tuple[int, int]:
    """One attack of POOL_12 with random dice: (defender wounds, guardian wounds)."""
    colours = ["red"] * 6 + ["black"] * 4 + ["white"] * 2
    faces = [_roll(ATTACK[c], rng) for c in colours]
    for _ in range(2):  # two aim tokens, red first; surges convert to hits, so only blanks
        blanks = [i for i, f in enumerate(faces) if f == "B"][:2]
        for i in blanks:
            faces[i] = _roll(ATTACK[colours[i]], rng)
    crits = faces.count("C")
    hits = faces.count("H") + faces.count("S")
    hits -= min(hits, 1)  # light cover
    hits -= min(hits, 1)  # one dodge
    cancelled = min(hits, 2)  # guardian 2
    hits -= cancelled
    g = [_roll(DEFENSE["red"], rng) for _ in range(cancelled)]
    g_blocks = sum(1 for f in g if f in "XS")
    pierced = min(g_blocks, 2)
    guardian_wounds = cancelled - g_blocks + pierced
    pierce = 2 - pierced
    d = [_roll(DEFENSE["red"], rng) for _ in range(crits + hits)]
    blocks = sum(1 for f in d if f in "XS")
    blocks -= min(blocks, pierce)
    return max(0, crits + hits - blocks), guardian_wounds


def mean_wounds(samples: int, seed: int = 1) -> float:
    """The defender's mean wounds over `samples` random attacks."""
    rng = random.Random(seed)
    return sum(monte_carlo_once(rng)[0] for _ in range(samples)) / samples


if __name__ == "__main__":
    print(f"{mean_wounds(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000):.4f}")

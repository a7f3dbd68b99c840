"""Benchmark: the exact Legion engine against a 10,000-sample Monte Carlo of the same pool
(what peer calculators run), and the exact engine on 30-dice pools.

Run: .venv/bin/python scripts/bench_legion.py  (figures go in the engineer's note; no test
asserts a time). Exact figures are for the first call in this process, caches cold.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesengine.legion.api import run  # noqa: E402

POOL_12: dict[str, Any] = {
    "red": 6, "black": 4, "white": 2, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1,
    "pierce": 2, "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block",
}
POOL_30 = {**POOL_12, "red": 10, "black": 10, "white": 10}
POOL_30_HARD: dict[str, Any] = {
    **POOL_30, "surge": "none", "critical": 1, "surge_tokens": 1, "aim": 3, "precise": 1,
    "guardian": ["2,red,block", "1,white,none"], "impervious": True,
}

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


def timed(f: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def main() -> None:
    t12, exact = timed(lambda: run(POOL_12))
    print(f"exact 12-dice pool (first call):   {t12 * 1000:8.1f} ms  expected wounds {float(Fraction(exact['defender']['expected_wounds'])):.4f}")
    t12b, _ = timed(lambda: run(POOL_12))
    print(f"exact 12-dice pool (again):        {t12b * 1000:8.1f} ms")
    rng = random.Random(1)
    tmc, samples = timed(lambda: [monte_carlo_once(rng) for _ in range(10_000)])
    mean = sum(w for w, _ in samples) / len(samples)
    print(f"Monte Carlo 10,000 samples:        {tmc * 1000:8.1f} ms  mean wounds {mean:.4f} (sampling error about 0.01)")
    t30, _ = timed(lambda: run(POOL_30))
    print(f"exact 30-dice pool (10/10/10):     {t30 * 1000:8.1f} ms")
    t30h, _ = timed(lambda: run(POOL_30_HARD))
    print(f"exact 30-dice pool, harder inputs: {t30h * 1000:8.1f} ms  (no chart, Critical 1, 1 surge token, 3 aims, Precise 1, 2 guardians, Impervious)")


if __name__ == "__main__":
    main()

"""Which heuristic aim policy comes closest to `optimal`: the default's fallback is chosen from this.

Run: nice .venv/bin/python scripts/bench/legion_heuristics.py [--seed N] [--cases N] [--big]

It draws random attacks with aim tokens (1 to 14 dice of mixed colours, 1 to 3 aim tokens,
random surge chart, Critical X, surge tokens, Precise, defender, cover, dodge, Pierce,
Impervious, Armor, a guardian, either ruleset), answers each exactly under every named
policy, and prints for each heuristic how often it is the best heuristic and how far it
stays below `optimal` in expected wounds (mean and worst). With `--big` the pools have 10 to
24 dice and the heuristics are compared with the best of them (optimal is refused there).
"""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from rulesengine.errors import InputError  # noqa: E402
from rulesengine.legion import api, policies  # noqa: E402

HEURISTICS = tuple(p for p in policies.AIM if p not in ("optimal", policies.DEFAULT_AIM))


def draw(rng: random.Random, big: bool) -> dict[str, Any]:
    total = rng.randint(10, 24) if big else rng.randint(1, 14)
    cuts = sorted(rng.randint(0, total) for _ in range(2))
    values: dict[str, Any] = {
        "red": cuts[0], "black": cuts[1] - cuts[0], "white": total - cuts[1], "aim": rng.randint(1, 3),
        "surge": rng.choice(("none", "hit", "crit")), "critical": rng.choice((0, 0, 0, 1, 2)),
        "surge_tokens": rng.choice((0, 0, 1)), "precise": rng.choice((0, 0, 1)), "defense": rng.choice(("red", "white")),
        "defense_surge": rng.choice(("none", "block")), "cover": rng.choice(("none", "light", "heavy")),
        "dodge": rng.choice((0, 0, 1)), "pierce": rng.choice((0, 0, 1, 2)), "impervious": rng.random() < 0.2,
        "armor": rng.random() < 0.1, "ruleset": rng.choice(("notes", "2.6")),
    }
    if rng.random() < 0.3:
        values["guardian"] = ["2,red,block"]
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--big", action="store_true", help="10 to 24 dice, compared with the best heuristic")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    best_count = {p: 0 for p in HEURISTICS}
    below = {p: Fraction(0) for p in HEURISTICS}
    worst = {p: Fraction(0) for p in HEURISTICS}
    done = 0
    while done < args.cases:
        values = draw(rng, args.big)
        try:
            got = {p: Fraction(str(api.run({**values, "aim_policy": p})["defender"]["expected_wounds"]))  # type: ignore[index]
                   for p in HEURISTICS + (() if args.big else ("optimal",))}
        except InputError:
            continue
        done += 1
        best = max(got[p] for p in HEURISTICS)
        top = best if args.big else got["optimal"]
        for p in HEURISTICS:
            best_count[p] += got[p] == best
            below[p] += top - got[p]
            worst[p] = max(worst[p], top - got[p])
    against = "the best heuristic" if args.big else "optimal"
    print(f"{done} random attacks ({'10 to 24' if args.big else '1 to 14'} dice, 1 to 3 aim tokens), seed {args.seed}")
    for p in sorted(HEURISTICS, key=lambda p: below[p]):
        print(f"  {p:27} best heuristic in {best_count[p]:4}; below {against}: mean {float(below[p] / done):.4f}, "
              f"worst {float(worst[p]):.3f} expected wounds")


if __name__ == "__main__":
    main()

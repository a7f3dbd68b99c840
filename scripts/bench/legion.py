"""Benchmark: the exact Legion engine against a 10,000-sample Monte Carlo of the same pool
(what peer calculators run), and the exact engine on 30-dice pools.

Run: .venv/bin/python scripts/bench/legion.py  (figures go in the engineer's note; no test
asserts a time). Exact figures are for the first call in this process, caches cold.

`--search [--limit S] [--kind K]` searches the form's bounds for the slowest input instead:
each candidate (the dimensions that drive the cost: how 30 dice split over the colours, how
many surges the pool converts, aim tokens with Precise; the keywords that keep state apart;
aim=optimal around its declared bound; several pools) runs in a fresh Python, stopped after
S seconds; the slowest ones are then timed in Pyodide under Node as well.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shutil
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rulesengine.errors import InputError  # noqa: E402
from rulesengine.legion.api import attack_from, run  # noqa: E402
from scripts.bench.monte_carlo import monte_carlo_once  # noqa: E402

POOL_12: dict[str, Any] = {
    "red": 6, "black": 4, "white": 2, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1,
    "pierce": 2, "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block",
}
POOL_30 = {**POOL_12, "red": 10, "black": 10, "white": 10}
POOL_30_HARD: dict[str, Any] = {
    **POOL_30, "surge": "none", "critical": 1, "surge_tokens": 1, "aim": 3, "precise": 1,
    "guardian": ["2,red,block", "1,white,none"], "impervious": True,
}

def timed(f: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


SPLITS = ((30, 0, 0), (0, 30, 0), (0, 0, 30), (10, 10, 10), (15, 15, 0), (0, 15, 15))
CONVERTS = ((0, 0), (1, 0), (3, 2), (10, 0), (10, 10))
"""(Critical X, surge tokens): with no surge chart, how many surges the pool converts."""
REROLLS = ((5, 3, 0), (5, 3, 10), (2, 0, 10))
"""(aim tokens, Precise X, observation tokens)."""
POLICIES = ("blanks-and-useless-surges", "blanks-only", "crit-fishing")
DEFENDERS: tuple[dict[str, Any], ...] = (
    {"pierce": 2, "defense": "red", "guardian": ["2,red,block", "1,white,none"], "dodge": 2, "cover": "heavy", "impervious": True},
    {"ruleset": "2.6", "pierce": 1, "defense": "white", "guardian": ["2,red,block"], "cover": "heavy", "dodge": 1,
     "danger_sense": 4, "suppression": 4, "uncanny_luck": 3, "shields": 2},
)
"""A defender whose steps fan out the most: guardians, cover (a cover roll under 2.6), dodge,
Impervious, defense rerolls."""


POOL_SPLITS = ((15, 15), (10, 10, 10), (8, 8, 7, 7), (28, 1, 1), (2, 28), (6, 6))
"""Dice per pool, 30 in all (the bound on several pools)."""
POOL_TARGETS = ("apart", "same", "alternate")
"""Each pool its own defender; every pool at defender 1; pools alternating between 1 and 2."""
POOL_DEFENDER = "defense=red dodge=2 shields=2 defense-surge-tokens=2 danger-sense=4 courage=2 cover=light guardian=2,red,block"
"""A defender whose carried tokens vary the most between pools (ruleset 2.6: suppression
counts against courage for cover)."""


def _colours(n: int) -> dict[str, int]:
    return {"red": n - 2 * (n // 3), "black": n // 3, "white": n // 3}


POOL_KEYWORDS = ("", "lethal=1", "deflect")
"""Keywords that make a pool's dice depend on the tokens it carries on: Lethal X reads the
aim tokens left in step 8; Deflect's wounds on the attacker add up over pools."""


OPTIMAL_POOLS: tuple[dict[str, Any], ...] = tuple(
    {"aim": aim, "observe": 3, "lethal": 2, "critical": critical, "aim_policy": "optimal", "dodge": 1, "defense": "red",
     "guardian": ["1,red,none"], **first, "pool": [later]}
    for aim, critical, first, later in (
        (3, 0, {"red": 2, "black": 1}, "black=1"), (3, 0, {"black": 3}, "black=1"), (1, 0, {"red": 1, "black": 5}, "black=1"),
        (5, 1, {"red": 2}, "black=3"), (1, 0, {"red": 2, "black": 3}, "black=3")))
"""aim=optimal over two pools at one defender (observation tokens and Lethal X carried), the
slowest of a sample of the inputs its declared cost accepts."""


def pool_candidates() -> list[dict[str, Any]]:
    """Several pools at the bounds: 30 dice split over 2 to 4 pools, aimed apart, at one
    defender or alternating, with every token the attacker and defenders carry; then the
    same with Lethal X or Deflect, for the default aim policy."""
    out = []
    plain = [(s, t, p, "") for s, t, p in itertools.product(POOL_SPLITS, POOL_TARGETS, POLICIES)]
    keyed = [(s, t, POLICIES[0], k) for s, t, k in itertools.product(POOL_SPLITS, POOL_TARGETS, POOL_KEYWORDS[1:])]
    for split, targets, policy, keyword in plain + keyed:
        numbers = [1 + (i if targets == "apart" else 0 if targets == "same" else i % 2) for i in range(len(split))]
        words = POOL_DEFENDER + (" deflect" if keyword == "deflect" else "")
        defender = {k.replace("-", "_"): (True if not v else int(v) if v.isdigit() else v)
                    for k, _, v in (w.partition("=") for w in words.split() if not w.startswith("guardian"))}
        attacker = {"lethal": 1} if keyword == "lethal=1" else {}
        pools = [" ".join(f"{c}={k}" for c, k in _colours(n).items() if k) + f" defender={d}" for n, d in zip(split[1:], numbers[1:])]
        out.append({"ruleset": "2.6", **_colours(split[0]), "critical": 1, "surge_tokens": 10, "aim": 5, "precise": 3,
                    "aim_policy": policy, **attacker, **defender, "guardian": ["2,red,block"], "pool": pools,
                    "defender": [words] * (max(numbers) - 1)})
    return out + shien_pool_candidates() + list(OPTIMAL_POOLS)


SHIEN_SPLITS = ((8, 8), (14, 2), (2, 14), (6, 5, 5), (10, 10), (15, 15))
"""Dice per pool when a defender's Deflect wounds the attacker per surge (16 in all at most;
the larger splits count as refused)."""


def shien_pool_candidates() -> list[dict[str, Any]]:
    """Several pools against Shien Mastery defenders (Deflect: a wound back per surge), each
    pool its own defender or all at one, with and without Lethal X."""
    words = "defense=white deflect shien-mastery soresu dodge=3 cover=heavy suppression=4 danger-sense=4 smoke=2"
    defender = {k.replace("-", "_"): (True if not v else int(v) if v.isdigit() else v) for k, _, v in (w.partition("=") for w in words.split())}
    out = []
    for split, apart, lethal in itertools.product(SHIEN_SPLITS, (True, False), (0, 2)):
        numbers = [1 + (i if apart else 0) for i in range(len(split))]
        pools = [" ".join(f"{c}={k}" for c, k in _colours(n).items() if k) + f" defender={d}" for n, d in zip(split[1:], numbers[1:])]
        out.append({"ruleset": "2.6", **_colours(split[0]), "critical": 1, "surge_tokens": 10, "aim": 5, "precise": 3, **defender,
                    "guardian": ["2,red,block"], "pool": pools, "defender": [words] * (max(numbers) - 1),
                    **({"lethal": lethal} if lethal else {})})
    return out


def candidates() -> list[dict[str, Any]]:
    """Inputs at the form's bounds along the dimensions the cost grows with: every split,
    conversion and policy with the most rerolls, and every reroll budget for the split and
    conversion that cost most (10 of each colour, everything converted)."""
    out = []
    for (red, black, white), (critical, tokens), policy, defender in itertools.product(SPLITS, CONVERTS, POLICIES, DEFENDERS):
        out.append({"red": red, "black": black, "white": white, "critical": critical, "surge_tokens": tokens,
                    "aim": 5, "precise": 3, "observe": 10, "aim_policy": policy, **defender})
    for (aim, precise, observe), defender in itertools.product(REROLLS, DEFENDERS):
        out.append({"red": 10, "black": 10, "white": 10, "critical": 10, "surge_tokens": 10,
                    "aim": aim, "precise": precise, "observe": observe, **defender})
    return out


KEYWORD_ATTACKS: tuple[dict[str, Any], ...] = (
    {"lethal": 5, "marksman": True, "ram": 5, "impact": 3, "high_velocity": True},
    {"lethal": 5, "marksman": True, "ram": 5, "impact": 3},
    {"ion": 5, "anti_materiel": 5, "impact": 3, "suppressive": True},
    {"anti_personnel": 5, "suppressive": True, "critical": 0, "surge_tokens": 0},
    {"melee": True, "jar_kai_mastery": True, "attacker_dodge": 10, "duelist": True, "makashi": True, "hold_the_line": True},
    {"overrun": True, "ram": 5, "lethal": 5},
)
"""The keywords of the last session (and the ones that keep more of the attacker's state:
aim tokens left for Lethal X and Marksman, blanks for Ram X), on top of a 30-dice pool;
Lethal X with and without High Velocity (without it, its Pierce meets Deflect and Shien)."""
KEYWORD_DEFENDERS: tuple[dict[str, Any], ...] = (
    {"ruleset": "2.6", "defense": "white", "deflect": True, "shien_mastery": True, "soresu": True, "dodge": 3,
     "cover": "heavy", "suppression": 4, "danger_sense": 4, "guardian": ["2,red,block"], "smoke": 2},
    {"ruleset": "2.6", "defense": "red", "vehicle": True, "armor": True, "shields": 10, "weak_point": 3, "dodge": 2,
     "impervious": True, "defense_surge_tokens": 3},
    {"defense": "red", "deflect": True, "block": True, "dodge": 3, "uncanny_luck": 3, "djem_so": True,
     "defender_duelist": True, "defender_hold_the_line": True, "cover": "heavy", "danger_sense": 4, "suppression": 4},
)
"""Defenders whose keywords keep the most state apart: Deflect and Shien (wounds on the
attacker), shields flipped by Ion X, Djem So (blanks), cover rolls, rerolled defense dice."""


def keyword_candidates() -> list[dict[str, Any]]:
    """Every keyword attack against every keyword defender the rules allow together, on 10
    dice of each colour with every token at its bound, and Spray making a 30-dice pool."""
    out = []
    base: dict[str, Any] = {"red": 10, "black": 10, "white": 10, "critical": 10, "surge_tokens": 10, "aim": 5, "precise": 3}
    for attack, defender, policy in itertools.product(KEYWORD_ATTACKS, KEYWORD_DEFENDERS, POLICIES):
        out.append({**base, **attack, **defender, "aim_policy": policy})
    out.append({"white": 3, "spray": 10, "critical": 10, "surge_tokens": 10, "aim": 5, "precise": 3, **DEFENDERS[0]})
    out.append({"black": 2, "white": 1, "spray": 10, "aim": 5, "precise": 3, "observe": 10, **DEFENDERS[1]})
    return [values for values in out if _allowed(values)]


def _allowed(values: dict[str, Any]) -> bool:
    """The form takes these inputs together (a keyword of the other ruleset, or melee with
    a keyword of ranged attacks, is refused for the rules, not for its cost)."""
    try:
        attack_from(values)
    except InputError:
        return False
    return True


OPTIMAL_DICE = ((6, 4, 2), (4, 4, 4), (3, 3, 3), (9, 9, 0), (8, 8, 0), (12, 0, 0), (20, 0, 0), (30, 0, 0), (0, 0, 30), (7, 7, 0))
OPTIMAL_TOKENS = ((2, 0, 0), (1, 0, 0), (3, 0, 0), (5, 0, 0), (2, 1, 0), (5, 3, 0), (1, 0, 3), (2, 0, 2))
"""(aim tokens, Precise X, observation tokens) for `optimal`."""


OPTIMAL_HEAVY: tuple[dict[str, Any], ...] = (
    {"red": 30, "aim": 5, "precise": 3}, {"white": 30, "aim": 5, "precise": 3}, {"red": 6, "black": 4, "white": 2, "aim": 2},
    {"red": 9, "black": 9, "aim": 1}, {"white": 30, "aim": 5, "precise": 3, "critical": 1, "surge_tokens": 1},
    {"white": 30, "aim": 5, "precise": 3, "lethal": 5}, {"white": 30, "aim": 2, "precise": 3, "lethal": 5},
    {"white": 30, "aim": 3, "lethal": 3}, {"red": 6, "black": 4, "white": 2, "aim": 2, "lethal": 2, "marksman": True},
)
"""The slowest pools optimal admits against the POOL_12 defender (and two keeping aim tokens for
Lethal X and Marksman), for the keyword defenders."""


def optimal_candidates() -> list[dict[str, Any]]:
    """aim=optimal: the issue's 12-dice pool, then pools and tokens around the declared
    bound (the ones above it count as refused), against the first heavy defender; then the
    slowest of those against every keyword defender and heavy defender, for expected
    wounds and for a chance of at least 3 wounds (`--target`)."""
    out: list[dict[str, Any]] = [{**POOL_12, "aim_policy": "optimal"}]
    for (red, black, white), (aim, precise, observe), surge in itertools.product(OPTIMAL_DICE, OPTIMAL_TOKENS, ("hit", "none")):
        extra = {"critical": 1, "surge_tokens": 1} if surge == "none" else {}
        out.append({**POOL_12, "red": red, "black": black, "white": white, "aim": aim, "precise": precise, "observe": observe,
                    "surge": surge, **extra, "aim_policy": "optimal"})
    for pool, defender, target in itertools.product(OPTIMAL_HEAVY, KEYWORD_DEFENDERS + DEFENDERS, ({}, {"target": 3})):
        values = {**pool, **defender, **target, "aim_policy": "optimal"}
        if _allowed(values):
            out.append(values)
    return out


def time_in_fresh_python(values: dict[str, Any], limit: float) -> tuple[float, float] | None:
    """(wall, CPU) seconds for one `run(values)` in a new process (cold caches); None past
    `limit`. CPU time is the figure to read on a loaded machine (wall time counts waiting)."""
    code = (f"import sys, time, json; sys.path.insert(0, {str(ROOT)!r}); from rulesengine.legion.api import run; "
            "v = json.loads(sys.argv[1]); t = time.perf_counter(); c = time.process_time(); run(v); "
            "print(time.perf_counter() - t, time.process_time() - c)")
    try:
        done = subprocess.run([sys.executable, "-c", code, json.dumps(values)], capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError as failed:  # refused before computing (a declared bound)
        if "InputError" in failed.stderr:
            return -1.0, -1.0
        raise
    wall, cpu = done.stdout.split()
    return float(wall), float(cpu)


def time_in_pyodide(inputs: list[dict[str, Any]], limit: float) -> list[dict[str, Any]] | None:
    """Each input's call in a fresh Pyodide under Node, as a new browser worker runs it (None
    when Node or Pyodide is missing). An input past `limit` seconds shows as infinite."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        return None
    script = ROOT / "scripts" / "bench" / "legion_pyodide.mjs"
    timed: list[dict[str, Any]] = []
    for values in inputs:
        try:
            done = subprocess.run([node, str(script), str(ROOT)], input=json.dumps([values]), capture_output=True,
                                  text=True, timeout=limit, check=True)
        except subprocess.TimeoutExpired:
            timed.append({"input": values, "seconds": float("inf")})
            continue
        except subprocess.CalledProcessError as failed:
            raise SystemExit(f"Pyodide failed on {_shown(values)}: {failed.stderr.strip().splitlines()[-1:]}") from None
        timed.extend(json.loads(done.stdout))
    return timed


def _shown(values: dict[str, Any]) -> str:
    """The input as command-line flags."""
    parts = []
    for k, v in values.items():
        flag = "--" + k.replace("_", "-")
        for one in v if isinstance(v, list) else [v]:
            parts.append(flag if one is True else f'{flag} "{one}"' if " " in str(one) else f"{flag} {one}")
    return " ".join(parts)


def search(limit: float, top: int, kind: str) -> None:
    timed: list[tuple[float, float, dict[str, Any]]] = []
    inputs = {
        "all": candidates() + keyword_candidates() + optimal_candidates() + pool_candidates(),
        "single": candidates() + keyword_candidates() + optimal_candidates(),
        "keywords": keyword_candidates(),
        "optimal": optimal_candidates(),
        "pools": pool_candidates(),
    }[kind]
    for values in inputs:
        seconds = time_in_fresh_python(values, limit)
        wall, cpu = (float("inf"), float("inf")) if seconds is None else seconds
        timed.append((cpu, wall, values))
    timed.sort(key=lambda t: t[0], reverse=True)
    over = sum(1 for s, _, _ in timed if s > 0.3)
    refused = sum(1 for s, _, _ in timed if s < 0)
    print(f"CPython: {len(timed)} inputs searched, {refused} refused before computing (a declared bound), "
          f"{over} above 0.3 s of CPU; the slowest (CPU, wall):")
    for cpu, wall, values in timed[:top]:
        shown = f"> {limit:.0f} s (stopped)" if cpu == float("inf") else f"{cpu:8.3f} s  {wall:8.3f} s"
        print(f"  {shown:>22}  {_shown(values)}")
    within = [v for s, _, v in timed if 0 <= s <= limit][:top]
    pyodide = time_in_pyodide(within, limit + 30)
    if pyodide is None:
        print("Pyodide: not measured (no node, no node_modules/pyodide, or past the time limit)")
        return
    print("Pyodide (Node, a fresh Pyodide per input; loading it is not counted), the slowest inputs CPython finished:")
    for t in pyodide:
        print(f"  {t['seconds']:8.3f} s  {_shown(t['input'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--search", action="store_true", help="search the bounds for the slowest input")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds before a candidate is stopped")
    parser.add_argument("--top", type=int, default=5, help="how many of the slowest to print")
    parser.add_argument("--kind", choices=("all", "single", "keywords", "optimal", "pools"), default="all",
                        help="search one pool's inputs (single: every kind below but pools), the keyword attacks and "
                             "defenders alone, aim=optimal alone, several pools' (--pool), or all")
    args = parser.parse_args()
    if args.search:
        search(args.limit, args.top, args.kind)
        return
    examples()


def examples() -> None:
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

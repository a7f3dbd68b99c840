"""Benchmark: the `legion` command as a whole process against a 10,000-sample Monte Carlo
process (`scripts/bench/monte_carlo.py`), both started afresh each time, as a player runs them.

Each command runs `--runs` times after one warm-up run; the figures are the process's CPU
seconds (user + system, which a loaded machine inflates less than wall time) and its wall
time, minimum and median. Python's bytecode is compiled once into a temporary folder
(PYTHONPYCACHEPREFIX), as an installed package has it, whatever PYTHONDONTWRITEBYTECODE
says; nothing is written into the tree. The engine is imported from `--repo` (default this
checkout), so an older checkout can be measured the same way for a before/after figure;
`--before PATH` measures that older checkout in the same pass, each of its runs taken in turn
with one of `--repo`'s, so that both meet the same load (the machine's load drifts between
separate passes more than the figures differ).

Usage: .venv/bin/python scripts/bench/cli.py [--runs 9] [--repo PATH] [--before PATH]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MONTE_CARLO = Path(__file__).with_name("monte_carlo.py")

POOL_12 = ["--red", "6", "--black", "4", "--white", "2", "--surge", "hit", "--aim", "2", "--cover", "light", "--dodge", "1",
           "--pierce", "2", "--guardian", "2,red,block", "--defense", "red", "--defense-surge", "block"]
"""The pool the Monte Carlo samples (scripts/bench/legion.py's POOL_12; aim=optimal decides its rerolls)."""

COMMANDS: tuple[tuple[str, list[str]], ...] = (
    ("exact, README's first example", ["legion", "--red", "3", "--pierce", "1", "--cover", "light", "--defense", "white"]),
    ("exact, the Monte Carlo's 12-dice pool", ["legion", *POOL_12]),
    ("exact, Stormtroopers at Rebel Troopers", ["legion", "--attacker-unit", "Stormtroopers", "--defender-unit", "Rebel Troopers"]),
)


Timings = tuple[list[float], list[float]]
"""CPU seconds and wall seconds, one of each a run."""


def timed(command: Sequence[str], env: dict[str, str], runs: int) -> Timings:
    """(CPU seconds, wall seconds) of `runs` runs of `command`, after one run not counted."""
    return timed_in_turn([(command, env)], runs)[0]


def timed_in_turn(commands: Sequence[tuple[Sequence[str], dict[str, str]]], runs: int) -> list[Timings]:
    """`timed` for each command (with its environment), their runs taken in turn."""
    for command, env in commands:
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tempfile.gettempdir())
    found: list[Timings] = [([], []) for _ in commands]
    for _ in range(runs):
        for (command, env), (cpu, wall) in zip(commands, found):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            began = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env, cwd=tempfile.gettempdir())
            wall.append(time.perf_counter() - began)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return found


def load() -> str:
    done = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    return done.stdout.strip() or "uptime unavailable"


def figures(name: str, timings: Timings, mc_cpu: list[float]) -> str:
    cpu, wall = timings
    return (f"  {name:<42} CPU min {min(cpu):.3f} s, median {statistics.median(cpu):.3f} s;"
            f" wall median {statistics.median(wall):.3f} s;"
            f" {min(cpu) / min(mc_cpu):.2f}x the Monte Carlo (min), {statistics.median(cpu) / statistics.median(mc_cpu):.2f}x (median)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="runs of each process (default 9)")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose engine is measured (default this one)")
    parser.add_argument("--before", type=Path, help="an older checkout, measured in turn with --repo's")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-cli-pyc-") as pyc:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        # The checkout's engine first on the path (the shared venv's editable install points elsewhere).
        env.update(PYTHONPATH=str(args.repo.resolve()), PYTHONPYCACHEPREFIX=pyc)
        envs = [env] + ([{**env, "PYTHONPATH": str(args.before.resolve())}] if args.before else [])
        print(f"load before: {load()}")
        print(f"engine from {args.repo.resolve()}" + (f", and in turn from {args.before.resolve()} (before)" if args.before else "")
              + f"; {args.runs} runs each, after one warm-up run")
        base_cpu, base_wall = timed([sys.executable, "-c", "pass"], env, args.runs)
        mc_cpu, mc_wall = timed([sys.executable, str(MONTE_CARLO), "10000"], env, args.runs)
        print(f"  {'python -c pass':<42} CPU min {min(base_cpu):.3f} s, median {statistics.median(base_cpu):.3f} s;"
              f" wall median {statistics.median(base_wall):.3f} s")
        print(f"  {'Monte Carlo, 10,000 samples':<42} CPU min {min(mc_cpu):.3f} s, median {statistics.median(mc_cpu):.3f} s;"
              f" wall median {statistics.median(mc_wall):.3f} s")
        for name, command in COMMANDS:
            found = timed_in_turn([([sys.executable, "-m", "rulesengine", *command], e) for e in envs], args.runs)
            print(figures(name, found[0], mc_cpu))
            if args.before:
                print(figures("  before", found[1], mc_cpu))
        print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

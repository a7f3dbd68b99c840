"""The shipped site's publish in a fresh clone: its cold cost (an empty `.cache`, as after a
checkout or an engine change, when every build-time answer is computed) and its warm cost
(the same clone published again), per commit, to compare commits (issue 44's build budget).

`python scripts/bench/publish_cold.py [REV ...] [--runs 1] [--keep DIR]` clones this
repository once per REV (default HEAD; its `.venv` and `node_modules` linked, nothing
installed), and publishes the shipped vault as `publish.sh` does (`scripts.site.shell.publish`,
SITE_URL set), twice: first cold, then warm. It prints the machine's load (`uptime`) before
and after each publish and, per run: wall seconds; CPU seconds, user + system, of the
publish and every process it started (the pools of the page writing, the pair answers, the
link check and the precompression); and the pair answers' files (count, bytes). The machine
is shared: compare CPU seconds when the load differs. `--keep DIR` keeps each clone's built
`assets/calculators/pair-answers/` under DIR/REV to compare them byte for byte.

`--phases` also times the cold publish's phases, from the publishing process (each clone's
own code, wrapped by this script): when each step of the calculators' build side and of the
publish ran (first start, last end, seconds summed over its calls; the trimmed standard
library runs on a thread beside the pages, the pair answers in forked processes that
`pair_answers.finish` waits for), to see which of them hold the wall time.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAIRS = Path("assets/calculators/pair-answers")


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def clone(rev: str, into: Path) -> Path:
    repo = into / "repo"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(ROOT), str(repo)], check=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", commit], check=True)
    for shared in (".venv", "node_modules"):
        (repo / shared).symlink_to((ROOT / shared).resolve())
    return repo


PHASES = (
    ("scripts.site.shell.publish", "build"),
    ("scripts.calculators.answers", "attach"),
    ("scripts.calculators.units", "attach"),
    ("scripts.calculators.unit_answers", "attach"),
    ("scripts.calculators.pair_answers", "attach"),
    ("scripts.calculators.stdlib", "place_stdlib"),
    ("scripts.calculators.snapshot", "place_snapshot"),
    ("scripts.calculators.pair_answers", "finish"),
    ("scripts.site.shell.publish", "broken_links"),
    ("scripts.site.shell.publish", "precompress"),
)
"""The steps timed with --phases (module, function): the hook imports each by its module when
it calls it, so the wrapped one is called."""


def timed_publish(out: Path, report: Path) -> int:
    """Publish from the current folder (a clone) with the PHASES timed; their times go to
    `report` as JSON: [[module.function, calls, seconds summed, first start, last end]]."""
    sys.path.insert(0, os.getcwd())
    start = time.perf_counter()
    times: dict[str, list[float]] = {}

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                ended = time.perf_counter()
                entry = times.setdefault(name, [0, 0.0, began - start, 0.0])
                entry[0] += 1
                entry[1] += ended - began
                entry[3] = ended - start
        return call

    for module_name, function_name in PHASES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue  # an older commit without it
        if hasattr(module, function_name):
            setattr(module, function_name, timed(f"{module_name.rpartition('.')[2]}.{function_name}", getattr(module, function_name)))
    from scripts.site.shell import publish as publishing

    status = int(publishing.main(["--out", str(out)]))
    times["publish (all)"] = [1, time.perf_counter() - start, 0.0, time.perf_counter() - start]
    report.write_text(json.dumps([[name, *entry] for name, entry in times.items()]), encoding="utf-8")
    return status


def publish(repo: Path, out: Path, phases: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (the process and its waited-for descendants); with `phases`, the
    publish's phases timed (`timed_publish`) into that file."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": "https://example.org/rules/"}
    env.pop("CALCULATOR_ANSWERS", None)
    command = [str(repo / ".venv" / "bin" / "python"), "-m", "scripts.site.shell.publish", "--out", str(out)]
    if phases is not None:
        command = [str(repo / ".venv" / "bin" / "python"), str(Path(__file__).resolve()), "--timed-publish", str(out), str(phases)]
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"publish of {repo} failed:\n{errors.decode(errors='replace')[-5000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def print_phases(rows: list[list[Any]]) -> None:
    print(f"    {'phase (cold)':<30} {'calls':>5} {'s summed':>9} {'from s':>7} {'to s':>7}")
    for name, calls, summed, first, last in sorted(rows, key=lambda row: (row[3], row[4])):
        print(f"    {name:<30} {calls:>5} {summed:9.1f} {first:7.1f} {last:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revs", nargs="*", default=["HEAD"])
    parser.add_argument("--runs", type=int, default=1, help="cold and warm publishes per REV")
    parser.add_argument("--keep", type=Path, help="keep each REV's built pair answers under KEEP/REV")
    parser.add_argument("--phases", action="store_true", help="also time the cold publish's phases")
    parser.add_argument("--timed-publish", nargs=2, type=Path, metavar=("OUT", "REPORT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.timed_publish:
        raise SystemExit(timed_publish(*args.timed_publish))
    print(f"{'rev':<12} {'run':<5} {'wall s':>7} {'CPU s':>7} {'pair files':>10} {'pair MB':>8}   load before -> after")
    for rev in args.revs:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="publish-cold-") as tmp:
                repo = clone(rev, Path(tmp))
                for run in ("cold", "warm"):
                    site = Path(tmp) / f"site-{run}"
                    before = uptime().split("load average:")[-1].strip()
                    report = Path(tmp) / "phases.json" if args.phases and run == "cold" else None
                    wall, cpu = publish(repo, site, report)
                    after = uptime().split("load average:")[-1].strip()
                    files = [p for p in (site / PAIRS).rglob("*.json")] if (site / PAIRS).is_dir() else []
                    size = sum(p.stat().st_size for p in files) / 1e6
                    print(f"{rev[:12]:<12} {run:<5} {wall:7.1f} {cpu:7.1f} {len(files):>10} {size:8.1f}   {before} -> {after}", flush=True)
                    if report is not None:
                        print_phases(json.loads(report.read_text(encoding="utf-8")))
                    if args.keep and run == "cold" and (site / PAIRS).is_dir():
                        target = args.keep / rev.replace("/", "_")
                        shutil.rmtree(target, ignore_errors=True)
                        shutil.copytree(site / PAIRS, target, ignore=shutil.ignore_patterns("*.gz", "*.br"))
    print(f"load at the end: {uptime()}")


if __name__ == "__main__":
    main()

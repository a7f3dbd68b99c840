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
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

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


def publish(repo: Path, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds (the process and its waited-for descendants)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": "https://example.org/rules/"}
    env.pop("CALCULATOR_ANSWERS", None)
    command = [str(repo / ".venv" / "bin" / "python"), "-m", "scripts.site.shell.publish", "--out", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=repo, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"publish of {repo} failed:\n{errors.decode(errors='replace')[-5000:]}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revs", nargs="*", default=["HEAD"])
    parser.add_argument("--runs", type=int, default=1, help="cold and warm publishes per REV")
    parser.add_argument("--keep", type=Path, help="keep each REV's built pair answers under KEEP/REV")
    args = parser.parse_args()
    print(f"{'rev':<12} {'run':<5} {'wall s':>7} {'CPU s':>7} {'pair files':>10} {'pair MB':>8}   load before -> after")
    for rev in args.revs:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="publish-cold-") as tmp:
                repo = clone(rev, Path(tmp))
                for run in ("cold", "warm"):
                    site = Path(tmp) / f"site-{run}"
                    before = uptime().split("load average:")[-1].strip()
                    wall, cpu = publish(repo, site)
                    after = uptime().split("load average:")[-1].strip()
                    files = [p for p in (site / PAIRS).rglob("*.json")] if (site / PAIRS).is_dir() else []
                    size = sum(p.stat().st_size for p in files) / 1e6
                    print(f"{rev[:12]:<12} {run:<5} {wall:7.1f} {cpu:7.1f} {len(files):>10} {size:8.1f}   {before} -> {after}", flush=True)
                    if args.keep and run == "cold" and (site / PAIRS).is_dir():
                        target = args.keep / rev.replace("/", "_")
                        shutil.rmtree(target, ignore_errors=True)
                        shutil.copytree(site / PAIRS, target, ignore=shutil.ignore_patterns("*.gz", "*.br"))
    print(f"load at the end: {uptime()}")


if __name__ == "__main__":
    main()

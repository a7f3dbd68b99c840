"""Obsidian syntax benchmark: build time and peak memory for our fixture vault
(tests/fixtures/vaults/obsidian) and a generated vault using all the syntax
(scripts/bench/syntax_vault.py), each through `mkdocs build --strict` with a copy of mkdocs.yml
without `extra.vault`, and through compile_vault alone.

`python scripts/bench/syntax.py [--notes 1000] [--repeat 3]` prints, per vault: seconds
(best of the repeats) and peak resident memory of the whole build (a child process), and
seconds and peak traced Python memory of compile_vault alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.syntax_vault import generate  # noqa: E402
from scripts.vault import VaultConfig, compile_vault  # noqa: E402
from tests.scripts.vault.zero_config import OBSIDIAN_VAULT, zero_config_copy  # noqa: E402

MEASURE_CHILD = """
import resource, runpy, sys
sys.argv = ["mkdocs", "build", "-q", "--strict", "-f", sys.argv[1], "-d", sys.argv[2]]
try:
    runpy.run_module("mkdocs", run_name="__main__")
finally:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


def build(config: Path, site: Path) -> tuple[float, float]:
    """Seconds and peak resident MiB of one `mkdocs build --strict` in its own process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", MEASURE_CHILD, str(config), str(site)],
                          env=env, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"build of {config} failed:\n{done.stderr}")
    return seconds, int(done.stderr.strip().splitlines()[-1]) / 1024


def compile_alone(docs: Path) -> tuple[float, float]:
    """Seconds and peak traced MiB of compile_vault on the vault's notes (read beforehand)."""
    notes = {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}
    assets = [p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file() and p.suffix != ".md"]
    tracemalloc.start()
    start = time.perf_counter()
    compile_vault(notes, VaultConfig(), assets=assets)
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak / 2**20


def measure(name: str, docs: Path, work: Path, repeat: int) -> None:
    config = zero_config_copy(docs, work / "config")
    builds = [build(config, work / "site") for _ in range(repeat)]
    compiles = [compile_alone(docs) for _ in range(repeat)]
    notes = sum(1 for _ in docs.rglob("*.md"))
    print(f"{name}: {notes} notes")
    print(f"  mkdocs build --strict   {min(s for s, _ in builds):7.2f} s   peak RSS {max(m for _, m in builds):7.1f} MiB")
    print(f"  compile_vault alone     {min(s for s, _ in compiles):7.2f} s   peak traced {max(m for _, m in compiles):7.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"best of {args.repeat} runs; peak RSS is ru_maxrss of the build's own process")
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        measure("fixture vault (tests/fixtures/vaults/obsidian)", OBSIDIAN_VAULT, work / "fixture", args.repeat)
        docs = work / "generated" / "docs"
        generate(docs, args.notes)
        measure(f"generated vault (scripts/bench/syntax_vault.py, --notes {args.notes})", docs, work / "generated", args.repeat)


if __name__ == "__main__":
    main()

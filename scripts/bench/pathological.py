"""Each pathological note of scripts/bench/pathological_notes.py at 1 MB (or `--size`), compiled
by the vault compiler: CPU seconds per case, so a quadratic rule shows at once.

    .venv/bin/python scripts/bench/pathological.py [--size 1000000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.vault import VaultConfig, compile_vault  # noqa: E402
from scripts.bench.pathological_notes import CASES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds to compile one note of the case")
    for name, make in CASES.items():
        note = make(args.size)
        start = time.process_time()
        compile_vault({"note.md": note}, VaultConfig())
        print(f"{name:28} {len(note) / 1e6:5.2f} MB {time.process_time() - start:7.2f} s", flush=True)


if __name__ == "__main__":
    main()

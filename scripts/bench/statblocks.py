"""Stat blocks (issue 36): a vault of N notes, each a 13th Age-style creature in a
```statblock block (our fixture vault's Ember Wyrmling, renamed), compiled by the vault
compiler, against the same notes with the block as plain code: CPU seconds, and the cost
of one stat block. A 13th Age bestiary holds 634 such blocks.

    .venv/bin/python scripts/bench/statblocks.py [--notes 634]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.vault import VaultConfig, compile_vault  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "vaults" / "tabletop" / "Bestiary"


def vault(notes: int, fence: str) -> dict[str, str]:
    text = (FIXTURE / "Ember Wyrmling.md").read_text(encoding="utf-8").replace("```statblock", fence)
    made = {f"Bestiary/Creature {n}.md": text.replace("Ember Wyrmling", f"Creature {n}") for n in range(notes)}
    made["Bestiary/Devil.md"] = "Devils.\n"
    return made


def cpu_seconds(notes: dict[str, str]) -> float:
    start = time.process_time()
    compile_vault(notes, VaultConfig())
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=634)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.notes} notes, one block each")
    drawn = cpu_seconds(vault(args.notes, "```statblock"))
    as_code = cpu_seconds(vault(args.notes, "```yaml"))
    print(f"stat blocks drawn   {drawn:7.2f} s CPU")
    print(f"the same as code    {as_code:7.2f} s CPU")
    print(f"one stat block      {(drawn - as_code) / args.notes * 1000:7.2f} ms CPU")


if __name__ == "__main__":
    main()

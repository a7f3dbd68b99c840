"""Dice Roller formulas (issue 36): CPU seconds to compile a vault of tabletop notes whose
inline code is `dice:` formulas and table rollers, against the same notes with the code
left plain; then each formula at the work caps on its own (cold cache), so a formula that
could hold up a build shows at once.

    .venv/bin/python scripts/bench/dice.py [--notes 300] [--per-note 4]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scripts.vault import VaultConfig, compile_vault  # noqa: E402
from scripts.vault.plugins.dice.exact import distribution, forget  # noqa: E402
from scripts.vault.plugins.dice.notation import Unsupported  # noqa: E402

COMMON = ("1d6", "3d6", "2d8*10", "2d20kh", "1d20+5", "4d6dl1", "1d%", "4dF", "2d6+3", "1d4+1", "5d10+15",
          "1d8", "2d6r", "1d6!", "10d6", "1d12 + 1d10 + 5")
CAPPED = ("1000d1000", "100d100kh50", "1d20!i", "1d6!i", "1d20!i*1d20!i", "3d100*3d100*3d100", "50d20kh10")
TABLE = "| Roll | Result |\n| --- | --- |\n" + "".join(f"| {n * 10 + 1}-{n * 10 + 10} | Row {n} |\n" for n in range(10))


def notes(count: int, per_note: int, dice: bool) -> dict[str, str]:
    made = {"Oracle.md": f"# Oracle\n\n{TABLE}\n^table\n"}
    for number in range(count):
        lines = []
        for index in range(per_note):
            formula = COMMON[(number * per_note + index) % len(COMMON)]
            code = f"dice: {formula}" if dice else formula
            lines.append(f"- Roll `{code}` for the {index}th thing.")
        roller = "`dice: [[Oracle#^table]]`" if dice else "`Oracle`"
        made[f"Notes/Note {number}.md"] = f"# Note {number}\n\n" + "\n".join(lines) + f"\n\nOracle: {roller}\n"
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=300)
    parser.add_argument("--per-note", type=int, default=4)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for dice in (False, True):
        start = time.process_time()
        compile_vault(notes(args.notes, args.per_note, dice), VaultConfig())
        label = "dice: formulas" if dice else "plain code    "
        formulas = args.notes * (args.per_note + 1)
        print(f"{label} {args.notes} notes, {formulas} code spans: {time.process_time() - start:6.2f} CPU s", flush=True)
    print("each formula alone, cold cache (CPU s; 'capped' = shown as written with a note):")
    for formula in CAPPED:
        forget()
        start = time.process_time()
        try:
            outcomes = f"{len(distribution(formula).weights)} outcomes"
        except Unsupported as reason:
            outcomes = f"capped: {reason}"
        print(f"  {formula:22} {time.process_time() - start:6.3f}  {outcomes}", flush=True)


if __name__ == "__main__":
    main()

"""Time the SWTCG engine's exact attack at growing dice counts (CPython; Pyodide is slower).

Usage: .venv/bin/python scripts/bench/swtcg.py
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import cast

from rulesengine.swtcg.api import run

BUSY = {"critical_hit": 2, "parry": 1, "evade": 2, "deflect": 1, "attacker_deflect": 1,
        "overkill": True, "health": 6, "second_evade": 1}


def main() -> None:
    for power in (3, 10, 20, 30):
        for label, extra in (("plain", {}), ("busy", BUSY), ("max", {**BUSY, "inspiration": 10, "pilot_power": 10, "switch": "ground=+10"}),
                             ("reroll", {**BUSY, "reroll_by": "attacker", "reroll_dice": 10}),
                             ("max+r", {**BUSY, "inspiration": 10, "pilot_power": 10, "switch": "ground=+10",
                                        "reroll_by": "defender", "reroll_dice": 10})):
            values = {"power": power, **extra}
            start = time.perf_counter()
            result = run(values)
            elapsed = time.perf_counter() - start
            dice = cast(Mapping[str, object], result["attack"])["dice"]
            print(f"{dice:3d} dice  {label:6s}  {1000 * elapsed:7.1f} ms")


if __name__ == "__main__":
    main()

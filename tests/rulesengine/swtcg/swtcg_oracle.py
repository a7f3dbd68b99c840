"""Brute-force oracle: every 6^n roll of the attack dice, each rule applied naively.

Written apart from the engine (no engine imports) so the two can disagree: the engine
folds a per-die summary, the oracle reads whole rolls face by face.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any
from fractions import Fraction

DEFAULTS: dict[str, object] = {
    "power": 3, "accuracy": 0, "critical_hit": 0, "armor": False, "shields": 0, "parry": 0,
    "evade": 0, "deflect": 0, "health": 3, "damage": 0, "overkill": False, "second_health": 3,
    "second_evade": 0, "intercept_by": "", "precision": False, "bombard": 0, "inspiration": 0,
    "pilot_power": 0, "switch": "", "arena": "ground", "defender_inspiration": 0,
    "attacker_deflect": 0, "unpreventable": False, "faces": "",
    "evade_policy": "most", "overkill_policy": "all-excess", "deflect_policy": "attacker",
}


def _defender(c: Mapping[str, Any]) -> dict[str, Any]:
    plain = {"health": c["health"], "damage": c["damage"], "armor": c["armor"], "shields": c["shields"],
             "parry": c["parry"], "evade": c["evade"], "deflect": c["deflect"]}
    if c["intercept_by"] and not c["precision"]:
        plain = {"health": 1, "damage": 0, "armor": False, "shields": 0, "parry": 0, "evade": 0, "deflect": 0}
        for part in str(c["intercept_by"]).split(","):
            key, _, value = part.partition("=")
            plain[key] = True if key == "armor" else int(value)
    plain["health"] = int(plain["health"]) + int(c["defender_inspiration"])
    return plain


def dice_count(c: Mapping[str, Any]) -> int:
    switch = 0
    arena = "space" if c["bombard"] else c["arena"]
    for part in str(c["switch"]).split(","):
        if part and part.split("=")[0] == arena:
            switch = int(part.split("=")[1])
    power = (c["bombard"] or c["power"]) + c["inspiration"] + c["pilot_power"] + switch
    return max(0, int(power) - int(_defender(c)["shields"]))


def outcome_of_faces(config: Mapping[str, object], faces: Sequence[int]) -> tuple[int, bool, int, bool, int]:
    """(damage on defender, defender discarded, on second, second discarded, on attacker)."""
    c: dict[str, Any] = {**DEFAULTS, **config}
    d = _defender(c)
    need = 5 if d["armor"] else 4
    hits = len([f for f in faces if f + int(c["accuracy"]) >= need])
    remaining = int(d["health"]) - int(d["damage"])
    to_second = 0
    if c["overkill"] and hits > remaining and c["overkill_policy"] != "none":
        to_second = hits - remaining
        if c["overkill_policy"] == "enough-for-second":
            to_second = min(to_second, int(c["second_health"]) + int(c["second_evade"]))
    pending = hits - to_second + (int(c["critical_hit"]) if 6 in faces else 0)
    on_attacker = 0
    if not c["unpreventable"]:
        if 1 in faces:
            pending -= min(int(d["parry"]), pending)
        ev, dfl = int(d["evade"]), int(d["deflect"])
        if c["evade_policy"] == "most":
            pending -= min(ev, pending)
        elif c["evade_policy"] == "leave-for-deflect":
            pending -= min(ev, max(0, pending - dfl))
        first = min(dfl, pending)
        pending -= first
        if c["deflect_policy"] == "attacker" and first:
            back = min(int(c["attacker_deflect"]), first)
            again = min(dfl, back)
            on_attacker = first - back + again
            pending += back - again
    second_evade = 0 if c["evade_policy"] == "none" else int(c["second_evade"])
    on_second = to_second - min(second_evade, to_second) if c["overkill"] else 0
    return (pending, int(d["damage"]) + pending >= int(d["health"]),
            on_second, bool(c["overkill"]) and on_second >= int(c["second_health"]), on_attacker)


def brute_force(config: Mapping[str, object]) -> dict[tuple[int, bool, int, bool, int], Fraction]:
    """The exact outcome distribution by listing every roll."""
    n = dice_count({**DEFAULTS, **config})
    counts: dict[tuple[int, bool, int, bool, int], int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        key = outcome_of_faces(config, faces)
        counts[key] = counts.get(key, 0) + 1
    return {k: Fraction(v, 6**n) for k, v in counts.items()}


def run(values: Mapping[str, object]) -> dict[str, Any]:
    """The engine's JSON entry point, typed loosely for reading results in tests."""
    from rulesengine.swtcg.api import run as engine_run

    return engine_run(values)


def hidden_cost_oracle(build_cost: int, counters: int, x: int, reading: str) -> int | None:
    """Force to pay to complete the card now (None: it cannot be completed), read from the
    glossary's sentences one by one, each as its reading takes it."""
    partially_built = counters >= 1
    enough = counters >= x or counters >= build_cost  # "X or the build cost, whichever is less"
    if not (partially_built and enough):
        return None
    force = build_cost - counters if build_cost > counters else 0  # "the remaining build cost, if any"
    if build_cost <= x and counters >= build_cost:
        force = 0  # "within the Hidden Cost integer"
    if reading == "no-force-at-x" and counters >= x:
        force = 0  # "equal to or greater than the Hidden Cost integer ... no Force"
    return force

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
    "second_evade": 0, "intercept_by": [], "precision": False, "bombard": 0, "inspiration": 0,
    "pilot_power": 0, "switch": "", "arena": "ground", "defender_inspiration": 0,
    "attacker_deflect": 0, "unpreventable": False, "faces": "",
    "evade_policy": "most", "overkill_policy": "all-excess", "deflect_policy": "attacker",
    "reroll_by": "nobody", "reroll_dice": 1, "reroll_policy": "usual", "reroll_faces": "",
}


def rerolled_positions(config: Mapping[str, object], faces: Sequence[int]) -> list[int]:
    """Which dice the re-roll policy picks, read off the faces: misses with 1s first and 6s
    last, hits with 6s first and 1s last (others in the order rolled), or only 1s or only
    6s; at most `reroll_dice` of them."""
    c: dict[str, Any] = {**DEFAULTS, **config}
    if c["reroll_by"] == "nobody":
        return []
    rule = c["reroll_policy"]
    if rule == "usual":
        rule = "misses" if c["reroll_by"] == "attacker" else "hits"
    need = 5 if _defender(c)["armor"] else 4
    hit = [f + int(c["accuracy"]) >= need for f in faces]
    positions = range(len(faces))
    if rule == "misses":
        picked = sorted((i for i in positions if not hit[i]), key=lambda i: {1: 0, 6: 2}.get(faces[i], 1))
    elif rule == "hits":
        picked = sorted((i for i in positions if hit[i]), key=lambda i: {6: 0, 1: 2}.get(faces[i], 1))
    else:
        picked = [i for i in positions if faces[i] == (1 if rule == "ones" else 6)]
    return picked[: int(c["reroll_dice"])]


def _specs(c: Mapping[str, Any]) -> list[str]:
    given = c["intercept_by"]
    return [given] if isinstance(given, str) and given else list(given or [])


def _unit(spec: str) -> dict[str, Any]:
    plain: dict[str, Any] = {"health": 1, "damage": 0, "armor": False, "shields": 0, "parry": 0, "evade": 0, "deflect": 0}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        plain[key] = True if key == "armor" else int(value)
    return plain


def _defender(c: Mapping[str, Any]) -> dict[str, Any]:
    """The unit that ends up defending: the last intercepting unit, unless Precision."""
    plain = {"health": c["health"], "damage": c["damage"], "armor": c["armor"], "shields": c["shields"],
             "parry": c["parry"], "evade": c["evade"], "deflect": c["deflect"]}
    if _specs(c) and not c["precision"]:
        plain = _unit(_specs(c)[-1])
    plain["health"] = int(plain["health"]) + int(c["defender_inspiration"])
    return plain


def _deflect_target(c: Mapping[str, Any]) -> tuple[str, int]:
    """("itself", "other" or "nobody") and the Deflect of the unit the defender's Deflect picks."""
    policy = str(c["deflect_policy"])
    specs = [] if c["precision"] else _specs(c)
    if policy == "nobody":
        return "nobody", 0
    if policy == "attacker":
        return "other", int(c["attacker_deflect"])
    if policy == "second-unit":
        return "other", 0
    if policy == "attacked-unit":
        return "other", int(c["deflect"])
    if policy.startswith("intercepting-unit-") and int(policy.rsplit("-", 1)[1]) < len(specs):
        return "other", int(_unit(specs[int(policy.rsplit("-", 1)[1]) - 1])["deflect"])
    return "itself", 0  # "itself", or the last intercepting unit, which is the defender


def dice_count(c: Mapping[str, Any]) -> int:
    switch = 0
    arena = "space" if c["bombard"] else c["arena"]
    for part in str(c["switch"]).split(","):
        if part and part.split("=")[0] == arena:
            switch = int(part.split("=")[1])
    power = (c["bombard"] or c["power"]) + c["inspiration"] + c["pilot_power"] + switch
    return max(0, int(power) - int(_defender(c)["shields"]))


def outcome_of_faces(config: Mapping[str, object], faces: Sequence[int]) -> tuple[int, bool, int, bool, int]:
    """(damage on defender, defender discarded, on second, second discarded, damage the
    defender's Deflect chain places on the unit it picks)."""
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
    on_target = 0
    to_second_by_deflect = 0
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
        kind, target_deflect = _deflect_target(c)
        if kind == "itself":
            pending += first  # it deflects it to itself again, then that Deflect is spent
            on_target = first
        elif kind == "other":
            back = min(target_deflect, first)  # the target's Deflect sends it back ...
            again = min(dfl, back)  # ... and the defender's, for this new source, once more
            on_target = first - back + again
            pending += back - again
            if c["deflect_policy"] == "second-unit":
                to_second_by_deflect = on_target
    second_evade = 0 if c["evade_policy"] == "none" else int(c["second_evade"])
    on_second = (to_second - min(second_evade, to_second) if c["overkill"] else 0) + to_second_by_deflect
    second_there = bool(c["overkill"]) or c["deflect_policy"] == "second-unit"
    return (pending, int(d["damage"]) + pending >= int(d["health"]),
            on_second, second_there and on_second >= int(c["second_health"]), on_target)


def brute_force(config: Mapping[str, object]) -> dict[tuple[int, bool, int, bool, int], Fraction]:
    """The exact outcome distribution by listing every roll."""
    n = dice_count({**DEFAULTS, **config})
    out: dict[tuple[int, bool, int, bool, int], Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        again = rerolled_positions(config, faces)
        for new in itertools.product(range(1, 7), repeat=len(again)):
            used = list(faces)
            for i, face in zip(again, new):
                used[i] = face
            key = outcome_of_faces(config, used)
            out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** (n + len(again)))
    return out


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

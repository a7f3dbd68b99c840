"""Hidden Cost X: complete a partially built card early by paying Force.

The glossary's definition: with build counters equal to X or the card's current build
cost, whichever is less, you may complete it anytime by paying Force for the remaining
build cost, if any. The card must be partially built (at least one counter).

The same entry later says no Force is due once the counters reach X, which would make
the Force payment never happen. The two readings are a named choice (`reading`): the
definition's is the default, and every result names the reading it used.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rulesengine.options import Option, typed, validate
from rulesengine.wording import plural

READINGS: dict[str, str] = {
    "definition": (
        "The definition: pay Force for the remaining build cost. The entry's later sentence "
        "(no Force once the counters reach X) is not applied, since it would make that payment never happen."
    ),
    "no-force-at-x": (
        "The entry's later sentence: with build counters equal to or greater than X, no Force is paid; "
        "so Force is never due, since a card completes either at X counters or with nothing left to build."
    ),
}

HIDDEN_COST_OPTIONS: tuple[Option, ...] = (
    Option("build_cost", "Current build cost", "int", 6, minimum=0, maximum=30, help="after any cost changes"),
    Option("counters", "Build counters on the card", "int", 3, minimum=0, maximum=30),
    Option("x", "Hidden Cost X", "int", 3, minimum=1, maximum=30),
    Option("reading", "Reading of the entry", "choice", "definition", choices=tuple(READINGS),
           help="the entry contradicts itself on the Force to pay; definition: pay the remaining build cost; "
                "no-force-at-x: no Force once the counters reach X", group="policies"),
)


@dataclass(frozen=True)
class HiddenCost:
    can_complete: bool
    required_counters: int
    remaining_build_cost: int
    force: int | None
    reason: str


def hidden_cost(build_cost: int, counters: int, x: int, reading: str = "definition") -> HiddenCost:
    """Whether the card can be completed now with Hidden Cost X, and for how much Force."""
    if reading not in READINGS:
        raise ValueError(f"unknown Hidden Cost reading {reading!r}; one of {', '.join(READINGS)}")
    required = min(x, build_cost)
    remaining = max(0, build_cost - counters)
    if counters == 0:
        return HiddenCost(False, required, remaining, None, "Hidden Cost needs a partially built card: it has no build counters.")
    if counters < required:
        return HiddenCost(False, required, remaining, None, f"It needs {plural(required, 'build counter')} (X or the build cost, whichever is less); it has {counters}.")
    if remaining == 0:
        return HiddenCost(True, required, 0, 0, "The counters already cover the build cost: it completes without Force.")
    if reading == "no-force-at-x":
        return HiddenCost(True, required, remaining, 0, f"It has {plural(counters, 'counter')}, at least X = {x}: under this reading no Force is paid, though {remaining} build cost remains.")
    return HiddenCost(True, required, remaining, remaining, f"It has the {plural(required, 'counter')} needed: pay {remaining} Force for the remaining build cost.")


def run_hidden_cost(values: Mapping[str, object]) -> dict[str, object]:
    v = validate(HIDDEN_COST_OPTIONS, values)
    reading = typed(v, "reading", str)
    result = hidden_cost(typed(v, "build_cost", int), typed(v, "counters", int), typed(v, "x", int), reading)
    return {
        "can_complete": result.can_complete,
        "required_counters": result.required_counters,
        "remaining_build_cost": result.remaining_build_cost,
        "force": result.force,
        "reason": result.reason,
        "reading": reading,
        "note": READINGS[reading],
    }

"""Hidden Cost X: complete a partially built card early by paying Force.

The glossary's definition: with build counters equal to X or the card's current build
cost, whichever is less, you may complete it anytime by paying Force for the remaining
build cost, if any. The card must be partially built (at least one counter).

The same entry later says no Force is due once the counters reach X, which would make
the Force payment never happen; the engine follows the definition and every result
says so in `note`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rulesengine.options import Option, typed, validate
from rulesengine.wording import plural

HIDDEN_COST_OPTIONS: tuple[Option, ...] = (
    Option("build_cost", "Current build cost", "int", 6, minimum=0, maximum=30, help="after any cost changes"),
    Option("counters", "Build counters on the card", "int", 3, minimum=0, maximum=30),
    Option("x", "Hidden Cost X", "int", 3, minimum=1, maximum=30),
)

NOTE = (
    "Force paid is the remaining build cost, as the definition says; the entry's later "
    "sentence (no Force once the counters reach X) would make that payment never happen."
)


@dataclass(frozen=True)
class HiddenCost:
    can_complete: bool
    required_counters: int
    remaining_build_cost: int
    force: int | None
    reason: str


def hidden_cost(build_cost: int, counters: int, x: int) -> HiddenCost:
    """Whether the card can be completed now with Hidden Cost X, and for how much Force."""
    required = min(x, build_cost)
    remaining = max(0, build_cost - counters)
    if counters == 0:
        return HiddenCost(False, required, remaining, None, "Hidden Cost needs a partially built card: it has no build counters.")
    if counters < required:
        return HiddenCost(False, required, remaining, None, f"It needs {plural(required, 'build counter')} (X or the build cost, whichever is less); it has {counters}.")
    if remaining == 0:
        return HiddenCost(True, required, 0, 0, "The counters already cover the build cost: it completes without Force.")
    return HiddenCost(True, required, remaining, remaining, f"It has the {plural(required, 'counter')} needed: pay {remaining} Force for the remaining build cost.")


def run_hidden_cost(values: Mapping[str, object]) -> dict[str, object]:
    v = validate(HIDDEN_COST_OPTIONS, values)
    result = hidden_cost(typed(v, "build_cost", int), typed(v, "counters", int), typed(v, "x", int))
    return {
        "can_complete": result.can_complete,
        "required_counters": result.required_counters,
        "remaining_build_cost": result.remaining_build_cost,
        "force": result.force,
        "reason": result.reason,
        "note": NOTE,
    }

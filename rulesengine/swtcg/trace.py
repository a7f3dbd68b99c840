"""Steps of a traced attack: which window, which rule, what happened, the state after."""

from __future__ import annotations

from dataclasses import dataclass

WINDOWS = ("attack", "roll", "reroll", "assign-hits", "pending-damage", "damage-prevention", "place-damage")
WINDOW_TITLES = {
    "attack": "Attack POP",
    "roll": "Roll attack dice",
    "reroll": "Re-roll window",
    "assign-hits": "Assign hits",
    "pending-damage": "Pending damage POP",
    "damage-prevention": "Damage prevention POP",
    "place-damage": "Place damage",
}


@dataclass(frozen=True)
class Step:
    """One thing that happened. `state` holds (name, value) pairs of plain JSON values."""

    window: str
    rule: str
    text: str
    state: tuple[tuple[str, object], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.window,
            "title": WINDOW_TITLES[self.window],
            "rule": self.rule,
            "text": self.text,
            "state": dict(self.state),
        }


def step(window: str, rule: str, text: str, **state: object) -> Step:
    if window not in WINDOWS:
        raise ValueError(f"unknown window {window!r}")
    return Step(window, rule, text, tuple(state.items()))

"""Choices the rules leave to the players, made by named policies.

An exact engine cannot ask a player, so each choice follows a documented policy and
every result names the policies it used.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.swtcg.reroll import REROLL_POLICIES
from rulesengine.swtcg.units import MAX_INTERCEPTORS

EVADE_POLICIES: dict[str, str] = {
    "most": "Evade prevents as much as it can: X, or all pending damage if that is less.",
    "leave-for-deflect": "Evade prevents only what Deflect cannot take, so Deflect sends back the most damage.",
    "none": "Evade is not used.",
}
OVERKILL_POLICIES: dict[str, str] = {
    "all-excess": "Every hit beyond the defender's remaining health goes to the second unit.",
    "enough-for-second": "Excess hits go to the second unit only as far as it needs to be discarded through its Evade; the rest stay on the defender.",
    "none": "Overkill is not used: every hit stays on the defender.",
}
DEFLECT_POLICIES: dict[str, str] = {
    "attacker": "The defender's Deflect does the damage to the attacker.",
    "itself": "The defender's Deflect does the damage to the defender itself.",
    "second-unit": "The defender's Deflect does the damage to the second unit (the one Overkill hits).",
    "attacked-unit": "The defender's Deflect does the damage to the unit first attacked, before any Intercept.",
    **{f"intercepting-unit-{n}": f"The defender's Deflect does the damage to intercepting unit {n}." for n in range(1, MAX_INTERCEPTORS + 1)},
    "nobody": "Deflect prevents the damage but does no damage to anyone.",
}
DEFLECT_BACK = "A unit that deflects damage a Deflect did to it does it back to the unit whose Deflect that was."


@dataclass(frozen=True)
class Policies:
    evade: str = "most"
    overkill: str = "all-excess"
    deflect: str = "attacker"
    reroll: str = "usual"

    def to_json(self) -> dict[str, str]:
        return {"evade_policy": self.evade, "overkill_policy": self.overkill, "deflect_policy": self.deflect,
                "reroll_policy": self.reroll}

    def texts(self) -> dict[str, str]:
        return {
            "evade_policy": EVADE_POLICIES[self.evade],
            "overkill_policy": OVERKILL_POLICIES[self.overkill],
            "deflect_policy": DEFLECT_POLICIES[self.deflect] + " " + DEFLECT_BACK,
            "reroll_policy": REROLL_POLICIES[self.reroll],
        }


def evade_amount(policy: str, evade: int, pending: int, deflect: int) -> int:
    """How much Evade prevents: any amount up to X, never more than is pending."""
    most = min(evade, pending)
    if policy == "none":
        return 0
    if policy == "leave-for-deflect":
        return min(most, max(0, pending - deflect))
    return most


def overkill_excess_to_second(policy: str, excess: int, second_health: int, second_evade: int) -> int:
    """How many of the `excess` hits the attacker reassigns to the second unit."""
    if policy == "none":
        return 0
    if policy == "enough-for-second":
        return min(excess, second_health + second_evade)
    return excess

"""Overkill: hits beyond the defender's remaining health may go to one other unit.

A number of hits equal to the defender's remaining health must stay on the defender;
the attacker's controller decides how many of the rest go to a second unit in the same
arena. Those hits are damage from the ability, not the dice, so the second unit's
Shields, Parry and Armor do not apply to them (its Evade, which names no dice, does).
"""

from __future__ import annotations

from rulesengine.swtcg.policies import overkill_excess_to_second
from rulesengine.swtcg.trace import Step, step
from rulesengine.swtcg.units import Unit
from rulesengine.wording import agrees, plural


def _all_to_defender(hits: int) -> str:
    if hits == 0:
        return "No die hit, so no hits are assigned."
    if hits == 1:
        return "The 1 hit goes to the defender."
    return f"All {hits} hits go to the defender."


def _excess_moved(moved: int, excess: int) -> str:
    if excess == 1:
        return "the 1 hit beyond that " + ("goes to the second unit as damage from the ability." if moved else "stays on the defender.")
    return f"{moved} of the {excess} hits beyond that {agrees(moved, 'goes', 'go')} to the second unit as damage from the ability."


def assign_hits(hits: int, defender: Unit, second: Unit | None, overkill: bool, policy: str) -> tuple[int, int, tuple[Step, ...]]:
    """(hits on the defender, hits reassigned to the second unit, steps)."""
    excess = max(0, hits - defender.remaining_health)
    if not overkill or second is None or excess == 0:
        return hits, 0, (step("assign-hits", "assign-hits", _all_to_defender(hits), defender=hits, second=0),)
    moved = overkill_excess_to_second(policy, excess, second.remaining_health, second.evade)
    text = (
        f"Overkill: the defender must take {plural(defender.remaining_health, 'hit')} (its remaining health); "
        + _excess_moved(moved, excess)
    )
    return hits - moved, moved, (step("assign-hits", "overkill", text, defender=hits - moved, second=moved),)

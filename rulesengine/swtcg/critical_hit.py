"""Critical Hit X: at least one natural 6 in the attack roll (after re-rolls) adds X damage.

It counts once however many sixes were rolled, and Accuracy cannot make a natural 6.
"""

from __future__ import annotations

from rulesengine.swtcg.dice import RollSummary
from rulesengine.swtcg.trace import Step, step


def pending_damage(hits_on_defender: int, roll: RollSummary, critical_hit: int) -> tuple[int, tuple[Step, ...]]:
    """The damage pending on the defender once the pending damage POP closes."""
    if critical_hit and roll.natural_six:
        pending = hits_on_defender + critical_hit
        text = f"Critical Hit {critical_hit}: the roll has a natural 6, so the attack does {critical_hit} more damage."
        return pending, (step("pending-damage", "critical-hit", text, pending=pending),)
    if critical_hit:
        text = f"Critical Hit {critical_hit}: no natural 6 in the roll, so no extra damage."
        return hits_on_defender, (step("pending-damage", "critical-hit", text, pending=hits_on_defender),)
    return hits_on_defender, (step("pending-damage", "pending-damage", f"{hits_on_defender} damage is pending on the defender.", pending=hits_on_defender),)

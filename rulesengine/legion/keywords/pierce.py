"""Pierce X (step 8, Modify Defense Dice, the attacker's part): cancel up to X block
results. Immune: Pierce stops it against the defender, and Immune: Melee Pierce does in a
melee attack. Per Guardian X, Pierce may also cancel a guardian's blocks (they become
blanks) and what is left still counts against the defender; the pierce policy says how
the value is split."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def blocks_cancelled(blocks: int, pierce: int) -> int:
    return min(blocks, pierce)


def pierce_for_guardian(pierce_left: int, policy: str) -> int:
    """How much of the unused Pierce the attacker offers against a guardian's blocks."""
    return pierce_left if policy == "guardian-first" else 0


def pierce_usable(defender: Defender, melee: bool) -> bool:
    """False when the defender is immune to Pierce in this attack."""
    return not (defender.immune_pierce or (melee and defender.immune_melee_pierce))

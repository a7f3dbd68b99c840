"""Pierce X (step 8, Modify Defense Dice, the attacker's part): cancel up to X block
results. Immune: Pierce stops it against the defender. Per Guardian X, Pierce may also
cancel a guardian's blocks (they become blanks) and what is left still counts against
the defender; the pierce policy says how the value is split."""

from __future__ import annotations


def blocks_cancelled(blocks: int, pierce: int) -> int:
    return min(blocks, pierce)


def pierce_for_guardian(pierce_left: int, policy: str) -> int:
    """How much of the unused Pierce the attacker offers against a guardian's blocks."""
    return pierce_left if policy == "guardian-first" else 0

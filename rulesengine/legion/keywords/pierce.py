"""Pierce X (step 8, Modify Defense Dice, the attacker's part): cancel up to X block
results. Immune: Pierce stops it against the defender, Immune: Melee Pierce (and Duelist
after a dodge token) in a melee attack; Makashi Mastery gives up 1 Pierce to lift those.
Per Guardian X, Pierce may also cancel a guardian's blocks (they become blanks) unless
that guardian is Immune: Pierce, and what is left still counts against the defender; the
pierce policy says how the value is split."""

from __future__ import annotations

from rulesengine.legion.keywords import duelist, makashi
from rulesengine.legion.model import Attacker, Defender, Weapons


def blocks_cancelled(blocks: int, pierce: int) -> int:
    return min(blocks, pierce)


def pierce_for_guardian(pierce_left: int, policy: str) -> int:
    """How much of the unused Pierce the attacker offers against a guardian's blocks.

    The two policies that choose by the outcome need no search: one Pierce spent on a
    guardian's block is one wound for sure, while one Pierce kept adds at most one wound
    later (it cancels at most one block; with Impervious it also adds a defense die), and
    never fewer on the defender. So the split with the most wounds on all units cancels
    every guardian block it can, and the one with the most on the defender cancels none;
    tests/rulesengine/legion/test_pierce_split.py checks both against every split."""
    return pierce_left if policy in ("guardian-first", "most-wounds-in-all") else 0


def pool_pierce(weapons: Weapons, attacker: Attacker, defender: Defender, melee: bool) -> int:
    """The pool's Pierce X: the weapons', plus Duelist's, less what Makashi gives up."""
    lowered = 1 if makashi.used(attacker, weapons, defender, melee) else 0
    return weapons.pierce + duelist.pierce_gained(attacker, melee) - lowered


def pierce_usable(defender: Defender, melee: bool, attacker: Attacker | None = None, weapons: Weapons | None = None,
                  dodge_spent: bool = False) -> bool:
    """False when the defender is immune to Pierce in this attack."""
    if attacker is not None and weapons is not None and makashi.used(attacker, weapons, defender, melee):
        return True
    immune = defender.immune_pierce or (melee and defender.immune_melee_pierce)
    return not (immune or duelist.immune_to_pierce(defender, dodge_spent, melee))

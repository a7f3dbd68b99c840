"""Lethal X (weapon keyword, step 6, Modify Attack Dice): the attacker may spend up to X aim
tokens, each giving the attack pool Pierce 1. The rules place it in step 6, with the
attacker's other changes (after Ion X, before the defender's cancels), so the Pierce is
the pool's before any defense die is rolled: it counts for a guardian's blocks and for
Impervious' extra dice, and the attacker decides without seeing the defense roll.

The calculator spends as many tokens as it may (X, and the tokens the rerolls and
Marksman left) when a hit or crit is left for them to matter and Pierce can be used
against the defender in this attack; otherwise it keeps them (for a later pool). One more
Pierce never lowers the defender's wounds, even with Impervious (the extra die it brings
is cancelled by that Pierce), so for a lone pool spending them all is best."""

from __future__ import annotations

from rulesengine.legion.model import Attacker


def tokens_spent(attacker: Attacker, results: int, pierce_usable: bool, aims_left: int) -> int:
    """Aim tokens Lethal X spends in step 6, with `results` hits and crits left."""
    if not (results and pierce_usable):
        return 0
    return min(attacker.lethal, aims_left)

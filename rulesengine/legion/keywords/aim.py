"""Aim tokens and Precise X (step 4b, reroll attack dice).

Each aim token spent rerolls up to two attack dice; Precise X lets each token reroll X
more. The rules let the attacker choose the dice: the aim policy picks dice showing a
blank (or, by default, a surge the pool cannot convert), best colour first.
"""

from __future__ import annotations

from rulesengine.legion.dice import ATTACK_COLOURS

DICE_PER_AIM = 2


def dice_per_token(precise: int) -> int:
    return DICE_PER_AIM + precise


def dice_to_reroll(rerollable: tuple[int, ...], budget: int) -> tuple[int, ...]:
    """How many dice of each colour (in `ATTACK_COLOURS` order, red first) one token
    rerolls, given how many of each colour show a result worth rerolling."""
    chosen = []
    for count in rerollable:
        take = min(count, budget)
        chosen.append(take)
        budget -= take
    return tuple(chosen)


assert len(ATTACK_COLOURS) == 3  # dice_to_reroll's order is the colours' order

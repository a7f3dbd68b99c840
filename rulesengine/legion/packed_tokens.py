"""Steps 5 to 10 once per state of the dice, whatever tokens the roll left.

After step 4 a pool's states differ in their dice (and what steps 5 to 10 make of them)
and in what only later pools need: the aim and surge tokens left, and the tag of what
the pools before left. Steps 5 to 10 never read the latter, so each state of the dice
carries one whole number holding a weight per "slot" (tokens left, tag), `bits` bits
each, and the steps' integer arithmetic (`resolve._advance` multiplies and adds weights)
acts on every slot at once. Lethal X's step reads the aim tokens left: it moves weights
between slots (`Packing.spend_aims`). A last slot holds the sum of the others: it cannot
overflow (it is the top), so unpacking checks that no slot ran into the next.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesengine.legion.state import PoolState
from rulesengine.records import frozen

Slot = tuple[int, int, int]
"""(aim tokens left, surge tokens left, tag)."""


@frozen
class Packing:
    """The slots of one packed weight, `bits` bits each from the lowest; their sum sits above them (`total`)."""

    slots: tuple[Slot, ...]
    bits: int

    def total(self, packed: int) -> int:
        """The weight of a state of the dice over every slot."""
        return packed >> (self.bits * len(self.slots))

    def slot_weights(self, weights: dict[PoolState, int]) -> list[tuple[PoolState, int, Slot]] | None:
        """Every state of the dice with each nonzero slot's weight; None when a state's
        slots do not add up to its sum slot (a slot overflowed into the next)."""
        mask = (1 << self.bits) - 1
        out = []
        for s, packed in weights.items():
            total = 0
            for slot in self.slots:
                if packed & mask:
                    out.append((s, packed & mask, slot))
                    total += packed & mask
                packed >>= self.bits
            if total != packed:
                return None
        return out

    def unpack(self, weights: dict[PoolState, int]) -> dict[PoolState, int] | None:
        """The states with their tokens and tags back; None when a slot overflowed."""
        out: dict[PoolState, int] = {}
        for s, w, (aims, tokens, tag) in self.slot_weights(weights) or ():
            t = s._replace(aims_left=aims, surge_tokens_left=tokens, tag=tag)
            out[t] = out.get(t, 0) + w
        return out if out else None

    def spend_aims(self, weights: dict[PoolState, int], step: Callable[[PoolState], PoolState]) -> dict[PoolState, int] | None:
        """A step that reads and spends the aim tokens left (Lethal X in step 6), applied
        slot by slot: each slot's weight moves to the state and slot the step gives."""
        index = {slot: i for i, slot in enumerate(self.slots)}
        top = self.bits * len(self.slots)
        out: dict[PoolState, int] = {}
        for s, w, (aims, tokens, tag) in self.slot_weights(weights) or ():
            t = step(s._replace(aims_left=aims))
            dice = t._replace(aims_left=0)
            out[dice] = out.get(dice, 0) + (w << (self.bits * index[(t.aims_left, tokens, tag)])) + (w << top)
        return out if out else None


def pack(weights: dict[PoolState, int], spends_aims: bool, headroom: int) -> tuple[Packing, dict[PoolState, int]] | None:
    """The states of the dice, each with its slots packed; None when every state has the
    same slot (nothing to gain). `spends_aims`: a later step spends aim tokens left, so
    every smaller count gets a slot too. `headroom`: bits above the weights' sum for the
    factors the rolling steps multiply every weight by."""
    index: dict[Slot, int] = {}
    for s in weights:
        for aims in range(0 if spends_aims else s.aims_left, s.aims_left + 1):
            index.setdefault((aims, s.surge_tokens_left, s.tag), len(index))
    if len(index) == 1:
        return None
    packing = Packing(tuple(index), sum(weights.values()).bit_length() + headroom)
    top = packing.bits * len(index)
    packed: dict[PoolState, int] = {}
    for s, w in weights.items():
        i = index[(s.aims_left, s.surge_tokens_left, s.tag)]
        dice = s._replace(aims_left=0, surge_tokens_left=0, tag=0)
        packed[dice] = packed.get(dice, 0) + (w << (packing.bits * i)) + (w << top)
    return packing, packed

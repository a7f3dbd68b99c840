"""Packed weights: every slot comes back as it went in, after the same integer arithmetic
the steps do, and a slot that ran into the next is caught."""

from __future__ import annotations

from rulesengine.legion.packed_tokens import pack
from rulesengine.legion.state import PoolState

WEIGHTS = {
    PoolState(crits=1, aims_left=2, surge_tokens_left=1): 3,
    PoolState(crits=1, aims_left=0, surge_tokens_left=1, tag=1): 5,
    PoolState(hits=2, aims_left=2, surge_tokens_left=1): 7,
    PoolState(hits=2, aims_left=1, tag=1): 11,
}


def test_unpacking_gives_back_the_weights_scaled_as_the_steps_scaled_them() -> None:
    packing, packed = pack(WEIGHTS, spends_aims=False, headroom=8) or (None, {})
    assert packing is not None and len(packed) == 2
    assert sorted(packing.total(w) for w in packed.values()) == [8, 18]
    assert packing.unpack({s: 6 * w for s, w in packed.items()}) == {s: 6 * w for s, w in WEIGHTS.items()}


def test_a_step_spending_aim_tokens_moves_weights_between_slots() -> None:
    """As Lethal 1 would: a state with aim tokens left spends one of them."""
    packing, packed = pack(WEIGHTS, spends_aims=True, headroom=8) or (None, {})
    assert packing is not None and len(packed) == 2

    def spend_one(s: PoolState) -> PoolState:
        return s._replace(aims_left=max(0, s.aims_left - 1), results=min(1, s.aims_left))

    want: dict[PoolState, int] = {}
    for s, w in WEIGHTS.items():
        t = spend_one(s)
        want[t] = want.get(t, 0) + w
    assert packing.unpack(packing.spend_aims(packed, spend_one) or {}) == want


def test_a_slot_that_overflows_is_caught() -> None:
    packing, packed = pack(WEIGHTS, spends_aims=False, headroom=1) or (None, {})
    assert packing is not None
    assert packing.unpack({s: w << 8 for s, w in packed.items()}) is None


def test_one_slot_is_not_packed() -> None:
    assert pack({PoolState(crits=1): 1, PoolState(hits=1): 2}, spends_aims=False, headroom=8) is None

"""Brute force over several attack pools: every pool through `oracle.resolve`, every
carried token and every defender's marks kept apart (nothing merged), in the order given.
Imports nothing from the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tests.rulesengine.legion import oracle

Marks = tuple[int, int, int, int, int, int]
"""(wounds, dodge spent, shields spent, defense surge tokens spent, suppression gained,
observation tokens spent on it)."""


def resolve(attacker: Mapping[str, Any], pools: Sequence[tuple[Mapping[str, Any], int]],
            defenders: Sequence[Mapping[str, Any]]) -> list[dict[int, Fraction]]:
    """Each defender's wounds after every pool: `pools` are (dice and weapon keywords,
    defender index from 0); `attacker` holds the attack's own values."""
    start = (attacker.get("aim", 0), attacker.get("surge_tokens", 0), ((0, 0, 0, 0, 0, 0),) * len(defenders), 0)
    states: dict[Any, Fraction] = {start: Fraction(1)}
    for pool, d in pools:
        nxt: dict[Any, Fraction] = {}
        for (aims, tokens, marks, hurt), p in states.items():
            wounds, dodge, shields, surges, suppression, observed = marks[d]
            base = {**oracle.DEFAULTS, **defenders[d]}
            values = {**attacker, **defenders[d], **pool, "dodge": base["dodge"] - dodge, "shields": base["shields"] - shields,
                      "defense_surge_tokens": base["defense_surge_tokens"] - surges,
                      "suppression": base["suppression"] + suppression, "observe": base["observe"] - observed}
            for o, q in oracle.resolve(values, aims, tokens, with_spending=True).items():
                w, _, _, aims_left, tokens_left, reflected, gained, (dodge_used, shields_used, surges_used, seen) = o
                new = (wounds + w, dodge + dodge_used, shields + shields_used, surges + surges_used, suppression + gained,
                       observed + seen)
                key = (aims_left, tokens_left, marks[:d] + (new,) + marks[d + 1:], hurt + reflected)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        states = nxt
    out: list[dict[int, Fraction]] = [{} for _ in defenders]
    for (_, _, marks, _), p in states.items():
        for d, m in enumerate(marks):
            out[d][m[0]] = out[d].get(m[0], Fraction(0)) + p
    return out

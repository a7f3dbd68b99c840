"""Surge tokens: while converting attack surges (step 4c), the attacker may spend surge
tokens, each turning one surge into a hit. Only surges the chart leaves alone need one."""

from __future__ import annotations


def surges_to_hits(surges: int, tokens: int) -> int:
    """How many of `surges` (those left after the chart and Critical X) tokens turn into hits."""
    return min(surges, tokens)

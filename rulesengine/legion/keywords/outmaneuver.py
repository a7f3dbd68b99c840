"""Outmaneuver (unit keyword, step 5): the defender's dodge tokens may cancel critical
results as well as hits. The calculator spends them on crits first: a crit costs the
defender as much as a hit and nothing later (Armor, guardians) cancels it."""

from __future__ import annotations


def crits_dodged(crits: int, tokens: int, outmaneuver: bool) -> int:
    return min(crits, tokens) if outmaneuver else 0

"""Overrun X (unit keyword) and overrun attacks: after a standard move through an enemy
unit, the unit attacks it with one pool of its Overrun weapons, each added once. An overrun
attack is neither a ranged nor a melee attack, so rules that need either do not apply: no
cover, guardian, Deflect, Soresu Mastery, Backup or suppression token (ranged), no Duelist,
Djem So Mastery, Jar'Kai Mastery or Hold the Line (melee). Dodge tokens still work."""

from __future__ import annotations

from rulesengine.errors import InputError


def attack_kind(melee: bool, overrun: bool, pools: int = 1) -> str:
    """ranged, melee or overrun; an attack cannot be both melee and overrun, and an overrun
    attack forms one pool."""
    if melee and overrun:
        raise InputError("--overrun", "not with --melee (an overrun attack is neither ranged nor melee)", True)
    if overrun and pools > 1:
        raise InputError("--overrun", "one attack pool only (an overrun attack forms a single pool)", pools)
    return "overrun" if overrun else "melee" if melee else "ranged"

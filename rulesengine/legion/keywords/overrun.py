"""Overrun X (unit keyword) and overrun attacks: after a standard move through an enemy
unit, the unit attacks it with one pool of its Overrun weapons, each added once. An overrun
attack is neither a ranged nor a melee attack, so rules that need either do not apply: no
cover, guardian, Deflect, Soresu Mastery, Backup or suppression token (ranged), no Duelist,
Djem So Mastery, Jar'Kai Mastery or Hold the Line (melee). Dodge tokens still work."""

from __future__ import annotations

from rulesengine.errors import InputError


def attack_kind(melee: bool, overrun: bool) -> str:
    """ranged, melee or overrun; an attack cannot be both melee and overrun."""
    if melee and overrun:
        raise InputError("--overrun", "not with --melee (an overrun attack is neither ranged nor melee)", True)
    return "overrun" if overrun else "melee" if melee else "ranged"

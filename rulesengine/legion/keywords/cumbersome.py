"""Cumbersome (weapon keyword). Older form: a unit may not move before attacking with this
weapon in the same activation (a pivot is allowed). Since the update of 11 November 2025
(Core Rulebook effective 24 November 2025): each of the weapon's dice is downgraded if the
unit has made any move that activation. The calculator takes the weapon as fired without a
move first, in both rulesets, so Cumbersome changes no die; the form has no input for a
move, and the note says so."""

from __future__ import annotations

TOLD = "Cumbersome changes no die: the weapon is taken as fired without a move first this activation."

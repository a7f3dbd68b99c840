"""Smoke tokens (step 5): a defender with a smoke token within range 1 improves its cover by
1 against a ranged attack (never past heavy). The input is the number of smoke tokens in
range; several do not add up: one improvement however many there are."""

from __future__ import annotations

from rulesengine.legion.model import Defender


def improves_cover(defender: Defender) -> int:
    return 1 if defender.smoke > 0 else 0

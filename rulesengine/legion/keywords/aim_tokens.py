"""Aim tokens left after the rerolls (step 4b), for the keywords that spend them later in
the same attack: Marksman (after surges are converted) and Lethal X (step 6); and for
Overwhelm, which asks whether the rerolls spent any. The aim policy rerolls first; these
keywords get the tokens it did not need."""

from __future__ import annotations

from rulesengine.legion.model import Attacker


def left_for_later(attacker: Attacker) -> bool:
    """Whether the attack needs to know how many aim tokens the rerolls left."""
    return attacker.aim > 0 and (attacker.lethal > 0 or attacker.marksman or attacker.overwhelm)

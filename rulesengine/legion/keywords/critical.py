"""Critical X (weapon keyword): while converting attack surges (step 4c), up to X surges
become critical results, before the surge chart is applied."""

from __future__ import annotations


def surges_to_crits(surges: int, critical: int) -> int:
    """How many of `surges` Critical X turns into crits."""
    return min(surges, critical)

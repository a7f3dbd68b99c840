"""Step 4c, Convert Attack Surges: Critical X first, then the unit's surge chart, then
surge tokens for surges the chart leaves alone; any surge still left becomes a blank.

A roll is summed as a small vector (crits, hits, surges that still matter): a surge the
chart turns into a hit is counted as a hit at once, and surges are counted only up to
the number that can be converted, so pools with the same outcome share one state.
"""

from __future__ import annotations

from rulesengine.legion.keywords.critical import surges_to_crits
from rulesengine.legion.keywords.surge_tokens import surges_to_hits
from rulesengine.records import frozen

Vector = tuple[int, int, int]
ZERO: Vector = (0, 0, 0)


@frozen
class SurgeConversion:
    """The attacker's surge chart (none, hit or crit), Critical X and surge tokens."""

    chart: str = "none"
    critical: int = 0
    tokens: int = 0

    @property
    def converts_every_surge(self) -> bool:
        """With a chart result every surge becomes a hit or a crit; without one only
        Critical X and surge tokens convert them."""
        return self.chart != "none"

    @property
    def capacity(self) -> int:
        """How many surges matter to the outcome beyond being hits or crits."""
        if self.chart == "none":
            return self.critical + self.tokens
        if self.chart == "hit":
            return self.critical
        return 0

    def vector(self, face: str) -> Vector:
        if face == "crit" or (face == "surge" and self.chart == "crit"):
            return (1, 0, 0)
        if face == "hit":
            return (0, 1, 0)
        if face == "surge":
            return (0, 1, 1) if self.chart == "hit" else (0, 0, 1)
        return ZERO

    def add(self, a: Vector, b: Vector) -> Vector:
        return (a[0] + b[0], a[1] + b[1], min(a[2] + b[2], self.capacity))

    def convert(self, v: Vector) -> tuple[int, int, int]:
        """(crits, hits, surge tokens spent) once every surge is converted or blank."""
        crits, hits, surges = v
        to_crits = surges_to_crits(surges, self.critical)
        if self.chart == "hit":
            # `hits` already counts every surge as a hit: move Critical X's share over.
            return crits + to_crits, hits - to_crits, 0
        to_hits = surges_to_hits(surges - to_crits, self.tokens)
        return crits + to_crits, hits + to_hits, to_hits

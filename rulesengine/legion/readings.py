"""Readings: where a rule text can be read two ways and no text found settles it, the
engine offers both, by name, and every result says which one it used.

A reading is not a player's choice (those are `policies`): it is what the rule says. The
first name in each tuple is the default, the reading the engine had before the choice was
offered; each keyword note states both and what backs each.

- `low_profile` (ruleset `notes` only; the 2.6 text names the cover pool):
  `defense-die`: with light or heavy cover one defense die is set aside as a block;
  `cover`: the older form that peer calculators follow (HQUplink.jl): light cover
  becomes heavy, an effect on hits only.
- `soresu` ("reroll all of its defense dice"): `each-die`: every die that would not block
  is rerolled once; `all-or-nothing`: the whole roll is rerolled or none of it, and the
  defender rerolls when its blocks are fewer than a fresh roll's expected blocks.
- `lethal_impervious` (Impervious counts "the total Pierce X value of weapons in the
  attack pool"): `counts`: the Pierce Lethal X gives the pool adds Impervious dice too;
  `weapons-only`: only the weapons' own Pierce X does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesengine.errors import UnknownNameError

if TYPE_CHECKING:
    from rulesengine.legion.model import Attack

LOW_PROFILE = ("defense-die", "cover")
SORESU = ("each-die", "all-or-nothing")
LETHAL_IMPERVIOUS = ("counts", "weapons-only")

CHOICES: dict[str, tuple[str, ...]] = {"low_profile": LOW_PROFILE, "soresu": SORESU, "lethal_impervious": LETHAL_IMPERVIOUS}

LABELS = {"low_profile": "Low Profile reading", "soresu": "Soresu Mastery reading", "lethal_impervious": "Lethal X and Impervious reading"}
KEYWORDS = {"low_profile": ("Low Profile",), "soresu": ("Soresu Mastery",), "lethal_impervious": ("Lethal X", "Impervious")}

HELP: dict[str, dict[str, str]] = {
    "low_profile": {
        "defense-die": "ruleset notes: with light or heavy cover one defense die is set aside as a block",
        "cover": "ruleset notes, the older form: light cover becomes heavy (hits only); no die is set aside",
    },
    "soresu": {
        "each-die": "every defense die that would not block is rerolled once",
        "all-or-nothing": "the whole defense roll is rerolled, or none of it: rerolled when its blocks are fewer than a "
                          "fresh roll's expected blocks",
    },
    "lethal_impervious": {
        "counts": "the Pierce Lethal X gives the pool brings Impervious dice too",
        "weapons-only": "Impervious counts only the weapons' own Pierce X, not Lethal X's",
    },
}


@dataclass(frozen=True)
class Readings:
    """One named reading per rule text the sources leave open."""

    low_profile: str = LOW_PROFILE[0]
    soresu: str = SORESU[0]
    lethal_impervious: str = LETHAL_IMPERVIOUS[0]

    def __post_init__(self) -> None:
        for rule, choices in CHOICES.items():
            chosen = getattr(self, rule)
            if chosen not in choices:
                raise UnknownNameError(f"{rule.replace('_', ' ')} reading", chosen, choices)

    def to_json(self) -> dict[str, str]:
        return {rule: getattr(self, rule) for rule in CHOICES}


def applied(attack: Attack) -> dict[str, str]:
    """The readings this attack's answer depends on (the others change nothing here)."""
    defenders = [pool.defender for pool in attack.pools]
    out: dict[str, str] = {}
    if attack.ruleset == "notes" and any(d.low_profile for d in defenders):
        out["low_profile"] = attack.readings.low_profile
    if any(d.soresu for d in defenders):
        out["soresu"] = attack.readings.soresu
    if attack.attacker.lethal and any(d.impervious for d in defenders):
        out["lethal_impervious"] = attack.readings.lethal_impervious
    return out

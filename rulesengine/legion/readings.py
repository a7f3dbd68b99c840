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
- `lethal_impervious` (rulesets `notes` and `2.6`; Impervious counts "the total Pierce X
  value of weapons in the attack pool"): `counts`: the Pierce Lethal X gives the pool adds
  Impervious dice too; `weapons-only`: only the weapons' own Pierce X does.
- `impervious_guardian` (ruleset `2026`, a defender with Impervious and a guardian whose
  blocks Pierce cancels): `start-of-step-8`: the errata's plain reading, the Pierce left
  is lowered at the start of Modify Defense Dice, after the guardians met the full
  Pierce; `whole-pool`: the pool's Pierce is 1 less from step 6 on, guardians included.
- `guard_impervious` (ruleset `2026`, a guardian with Impervious): `defender-only`: the
  errata lowers the Pierce of a pool "resolved against" the defender, so a guardian's
  Impervious changes nothing; `one-fewer`: the text of 29 May 2026, Pierce cancels one
  fewer of that guardian's blocks.

Which readings an attack's answer depends on is `readings_used.applied`.
"""

from __future__ import annotations

from rulesengine.errors import UnknownNameError
from rulesengine.records import frozen

LOW_PROFILE = ("defense-die", "cover")
SORESU = ("each-die", "all-or-nothing")
LETHAL_IMPERVIOUS = ("counts", "weapons-only")
IMPERVIOUS_GUARDIAN = ("start-of-step-8", "whole-pool")
GUARD_IMPERVIOUS = ("defender-only", "one-fewer")

CHOICES: dict[str, tuple[str, ...]] = {"low_profile": LOW_PROFILE, "soresu": SORESU, "lethal_impervious": LETHAL_IMPERVIOUS,
                                       "impervious_guardian": IMPERVIOUS_GUARDIAN, "guard_impervious": GUARD_IMPERVIOUS}

LABELS = {"low_profile": "Low Profile reading", "soresu": "Soresu Mastery reading", "lethal_impervious": "Lethal X and Impervious reading",
          "impervious_guardian": "Impervious and guardians reading", "guard_impervious": "Guardian with Impervious reading"}
KEYWORDS = {"low_profile": ("Low Profile",), "soresu": ("Soresu Mastery",), "lethal_impervious": ("Lethal X", "Impervious"),
            "impervious_guardian": ("Impervious",), "guard_impervious": ("Impervious",)}

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
    "impervious_guardian": {
        "start-of-step-8": "ruleset 2026, the errata's plain reading: a guardian's blocks meet the full Pierce; the Pierce "
                           "left is 1 less at the start of Modify Defense Dice",
        "whole-pool": "ruleset 2026: the pool's Pierce is 1 less from Modify Attack Dice on, against the guardians too",
    },
    "guard_impervious": {
        "defender-only": "ruleset 2026, the errata's plain reading: only the defender's Impervious lowers Pierce",
        "one-fewer": "ruleset 2026, the text of 29 May 2026: Pierce cancels one fewer of a guardian's blocks when that "
                     "guardian has Impervious",
    },
}


@frozen
class Readings:
    """One named reading per rule text the sources leave open."""

    low_profile: str = LOW_PROFILE[0]
    soresu: str = SORESU[0]
    lethal_impervious: str = LETHAL_IMPERVIOUS[0]
    impervious_guardian: str = IMPERVIOUS_GUARDIAN[0]
    guard_impervious: str = GUARD_IMPERVIOUS[0]

    def __post_init__(self) -> None:
        for rule, choices in CHOICES.items():
            chosen = getattr(self, rule)
            if chosen not in choices:
                raise UnknownNameError(f"{rule.replace('_', ' ')} reading", chosen, choices)

    def to_json(self) -> dict[str, str]:
        return {rule: getattr(self, rule) for rule in CHOICES}


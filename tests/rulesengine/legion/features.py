"""Each engine feature as a small set of inputs that changes the answer (test data)."""

from __future__ import annotations

from typing import Any

FEATURES: dict[str, dict[str, Any]] = {
    "surge-hit": {"surge": "hit"},
    "surge-crit": {"surge": "crit"},
    "surge-tokens": {"surge_tokens": 1},
    "critical": {"critical": 1},
    "aim": {"aim": 1},
    "aim-twice": {"aim": 2},
    "precise": {"aim": 1, "precise": 1},
    "aim-blanks-only": {"aim": 1, "aim_policy": "blanks-only"},
    "pierce": {"pierce": 1},
    "impact": {"impact": 1, "armor_x": 1},
    "melee": {"melee": True},
    "defense-red": {"defense": "red"},
    "defense-surge": {"defense_surge": "block"},
    "defense-surge-tokens": {"defense_surge_tokens": 1},
    "dodge": {"dodge": 1},
    "dodge-none": {"dodge": 1, "dodge_policy": "none"},
    "cover-light": {"cover": "light"},
    "cover-heavy": {"cover": "heavy"},
    "cover-x": {"cover_x": 1},
    "sharpshooter": {"cover": "heavy", "sharpshooter": 1},
    "blast": {"cover": "light", "blast": True},
    "suppression": {"suppression": 1},
    "armor": {"armor": True},
    "armor-x": {"armor_x": 1},
    "impervious": {"impervious": True, "pierce": 1},
    "immune-pierce": {"immune_pierce": True, "pierce": 1},
    "guardian": {"guardian": ["1,red,block"]},
    "guardian-white": {"guardian": ["2,white,none"]},
    "two-guardians": {"guardian": ["1,red,none", "1,white,block"]},
    "guardian-none": {"guardian": ["1,red,block"], "guardian_policy": "none"},
    "guardian-pierce-defender-only": {"guardian": ["1,red,none"], "pierce": 1, "pierce_policy": "defender-only"},
    "defender-has-guardian": {"guardian": ["1,red,none"], "defender_guardian": True},
    "transported": {"guardian": ["1,red,none"], "transported": True},
    "ruleset-2.6-light": {"ruleset": "2.6", "cover": "light"},
    "ruleset-2.6-heavy": {"ruleset": "2.6", "cover": "heavy"},
    "ruleset-2.6-courage": {"ruleset": "2.6", "suppression": 1, "courage": 2},
}

SINGLE_POOL = {"red": 1, "black": 1, "white": 1}
PAIR_POOL = {"red": 1, "white": 1}

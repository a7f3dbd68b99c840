"""Block (unit keyword, step 7): a defender that spent at least one dodge token during the
attack gains the surge chart "surge: block" for its defense dice (see surge_charts)."""

from __future__ import annotations

from rulesengine.legion.keywords import deflect, duelist
from rulesengine.legion.model import Attacker, Defender


def wants_a_dodge_token(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str) -> bool:
    """A keyword that rewards spending a dodge token even when no hit is left to cancel:
    Block, Deflect (where it works), Soresu Mastery (ranged), Duelist (melee)."""
    return (defender.block or deflect.usable(defender, attacker, ranged, ruleset) or (defender.soresu and ranged)
            or (defender.duelist and not ranged))

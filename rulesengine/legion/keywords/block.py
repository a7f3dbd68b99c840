"""Block (unit keyword, step 7): a defender that spent at least one dodge token during the
attack gains the surge chart "surge: block" for its defense dice (see surge_charts)."""

from __future__ import annotations

from rulesengine.legion.keywords import deflect, duelist, soresu
from rulesengine.legion.model import Attacker, Defender


def wants_a_dodge_token(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str, melee: bool | None = None) -> bool:
    """A keyword that rewards spending a dodge token even when no hit is left to cancel:
    Block, Duelist (melee), and under the notes' ruleset Deflect and Soresu Mastery (ranged)."""
    return (defender.block or (deflect.needs_dodge(ruleset) and deflect.works(defender, attacker, ranged, ruleset))
            or (defender.soresu and ranged and soresu.needs_dodge(ruleset))
            or (defender.duelist and (not ranged if melee is None else melee)))

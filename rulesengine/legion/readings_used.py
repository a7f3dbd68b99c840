"""Which readings (`readings.py`) one attack's answer depends on: every result names them."""

from __future__ import annotations

from rulesengine.legion.model import Attack


def applied(attack: Attack) -> dict[str, str]:
    """The readings this attack's answer depends on (the others change nothing here)."""
    defenders = [pool.defender for pool in attack.pools]
    chosen = attack.readings
    out: dict[str, str] = {}
    if attack.ruleset == "notes" and any(d.low_profile for d in defenders):
        out["low_profile"] = chosen.low_profile
    if any(d.soresu for d in defenders):
        out["soresu"] = chosen.soresu
    if attack.ruleset != "2026" and attack.attacker.lethal and any(d.impervious for d in defenders):
        out["lethal_impervious"] = chosen.lethal_impervious
    if attack.ruleset == "2026" and any(p.defender.impervious and p.guardians for p in attack.pools):
        out["impervious_guardian"] = chosen.impervious_guardian
    if attack.ruleset == "2026" and any(g.impervious for p in attack.pools for g in p.guardians):
        out["guard_impervious"] = chosen.guard_impervious
    return out

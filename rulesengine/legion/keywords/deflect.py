"""Deflect (unit keyword, step 7), under each ruleset. Against an attacker with Immune:
Deflect: under `notes` Deflect does nothing at all (the reading kept from before); under
`2.6` the attacker suffers no wound from it, and the surges are blocks all the same (the
current rules text says only that such an attacker cannot suffer wounds from Deflect).

Ruleset `notes` (the reading kept from before, not confirmed by a source we could read): a
defender that spent at least one dodge token gains "surge: block" (melee too), and against
a ranged attack the attacker suffers one wound for each defense surge rolled.

Ruleset `2.6` (since July 2024): no dodge token is needed. Against a ranged attack the
defender gains "surge: block", and before surges are converted the attacker suffers one
wound if the defense roll shows at least one surge (Shien Mastery: one per surge). In a
melee attack, or when every weapon of the pool has High Velocity, Deflect does nothing.
"""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender


def needs_dodge(ruleset: str) -> bool:
    return ruleset == "notes"


def works(defender: Defender, attacker: Attacker, ranged: bool, ruleset: str, high_velocity: bool = False) -> bool:
    """Deflect can act in this attack (under `notes`, once a dodge token is spent)."""
    if not defender.deflect:
        return False
    return not attacker.immune_deflect if ruleset == "notes" else ranged and not high_velocity


def active(defender: Defender, attacker: Attacker, dodge_spent: bool, ranged: bool, ruleset: str,
           high_velocity: bool = False) -> bool:
    """The defender has "surge: block" from Deflect."""
    return works(defender, attacker, ranged, ruleset, high_velocity) and (dodge_spent or not needs_dodge(ruleset))


def reflects_surges(defender: Defender, attacker: Attacker, dodge_spent: bool, ranged: bool, ruleset: str,
                    high_velocity: bool = False) -> bool:
    """Defense surges rolled wound the attacker (how many: `attacker_wounds`)."""
    return ranged and not attacker.immune_deflect and active(defender, attacker, dodge_spent, ranged, ruleset, high_velocity)


def wound_per_surge(defender: Defender, ruleset: str) -> bool:
    """Each defense surge wounds the attacker (else one wound if the roll shows any)."""
    return ruleset == "notes" or defender.shien


def attacker_wounds(surges: int, defender: Defender, ruleset: str) -> int:
    """Wounds on the attacker for the defense surges rolled."""
    if wound_per_surge(defender, ruleset):
        return surges
    return 1 if surges else 0

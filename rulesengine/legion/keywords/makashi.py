"""Makashi Mastery (unit keyword, melee attacks): the attacker may lower its attack pool's
Pierce X by 1; if it does, the defender cannot use Immune: Pierce (nor Immune: Melee
Pierce) or Impervious for the attack. The calculator does so whenever the defender has
one of those and the pool has Pierce to give up."""

from __future__ import annotations

from rulesengine.legion.model import Attacker, Defender, Weapons


def used(attacker: Attacker, weapons: Weapons, defender: Defender, melee: bool) -> bool:
    answers_pierce = defender.immune_pierce or defender.immune_melee_pierce or defender.impervious or defender.duelist
    return attacker.makashi and melee and weapons.pierce > 0 and answers_pierce

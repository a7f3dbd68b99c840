"""Steps 2 and 4a for one pool: the weapon keywords that decide which dice are rolled.

Spray multiplies the weapon's dice by the defending miniatures in sight (step 2); then
Anti-Materiel X or Anti-Personnel X upgrade X of them by the defender's type (step 4a).
The engine rolls the pool this returns; `Weapons.formed` keeps what happened for the trace.
"""

from __future__ import annotations

from dataclasses import replace

from rulesengine.errors import InputError
from rulesengine.legion.keywords import anti_materiel, anti_personnel, cumbersome, dice_upgrades, spray
from rulesengine.legion.model import Weapons


def formed(weapons: Weapons, vehicle: bool, ruleset: str, *, minis_in_sight: int = 0, anti_materiel_x: int = 0,
           anti_personnel_x: int = 0, is_cumbersome: bool = False) -> Weapons:
    """The pool the attacker rolls; refuses a keyword the ruleset does not have."""
    for flag, x, keyword in (("--anti-materiel", anti_materiel_x, anti_materiel), ("--anti-personnel", anti_personnel_x, anti_personnel)):
        if x and ruleset not in keyword.RULESETS:
            raise InputError(flag, "only with --ruleset " + " or ".join(keyword.RULESETS)
                             + f" ({keyword.NAME} X came with the rules update of November 2025)", x)
    story: list[str] = []
    dice = (weapons.red, weapons.black, weapons.white)
    if minis_in_sight > 1:
        story.append(spray.told(dice, minis_in_sight))
        dice = spray.pool(dice, minis_in_sight)
    for x, keyword in ((anti_materiel_x, anti_materiel), (anti_personnel_x, anti_personnel)):
        if x:
            up = keyword.upgrades(x, vehicle)
            after = dice_upgrades.upgraded(dice, up)
            against = "a vehicle" if vehicle else "a trooper"
            story.append(dice_upgrades.told(dice, after, f"{keyword.NAME} {x}") if up
                         else f"{keyword.NAME} {x} does nothing against {against}.")
            dice = after
    if is_cumbersome:
        story.append(cumbersome.TOLD)
    if not story:
        return weapons
    return replace(weapons, red=dice[0], black=dice[1], white=dice[2], formed=weapons.formed + tuple(story))

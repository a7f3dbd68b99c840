"""Steps 2 and 4a for one pool: the weapon keywords that decide which dice are rolled.

Spray multiplies the weapon's dice by the defending miniatures in sight (step 2); Assault X
upgrades X of them and Sniper Team every one as the weapon is added (ruleset 2026); then
Anti-Materiel X or Anti-Personnel X upgrade X of them by the defender's type (step 4a);
last, Vaapad Mastery adds its white dice, which are no weapon's. The engine rolls the pool
this returns; `Weapons.formed` keeps what happened for the trace.
"""

from __future__ import annotations

from rulesengine.errors import InputError
from rulesengine.legion.keywords import anti_materiel, anti_personnel, assault, cumbersome, dice_upgrades, sniper_team, spray, vaapad
from rulesengine.legion.model import Weapons
from rulesengine.records import replace


def formed(weapons: Weapons, vehicle: bool, ruleset: str, *, minis_in_sight: int = 0, anti_materiel_x: int = 0,
           anti_personnel_x: int = 0, is_cumbersome: bool = False, assault_x: int = 0, assault_whites: int | None = None,
           assault_policy: str = "whites-first", sniper: bool = False, vaapad_tokens: int = 0) -> Weapons:
    """The pool the attacker rolls; refuses a keyword the ruleset does not have.
    `assault_whites`: how many of Assault X's upgrades go to white dice (None: as the
    assault policy starts, `assault.whites_for`)."""
    for flag, used, keyword in (("--assault", assault_x, assault), ("--sniper-team", sniper, sniper_team),
                                ("--vaapad", vaapad_tokens, vaapad)):
        if used and ruleset not in keyword.RULESETS:
            raise InputError(flag, "only with --ruleset " + " or ".join(keyword.RULESETS)
                             + f" ({keyword.NAME} came with the April 2026 rulebook)", used)
    for flag, x, keyword in (("--anti-materiel", anti_materiel_x, anti_materiel), ("--anti-personnel", anti_personnel_x, anti_personnel)):
        if x and ruleset not in keyword.RULESETS:
            raise InputError(flag, "only with --ruleset " + " or ".join(keyword.RULESETS)
                             + f" ({keyword.NAME} X came with the rules update of November 2025)", x)
    story: list[str] = []
    dice = (weapons.red, weapons.black, weapons.white)
    if minis_in_sight > 1:
        story.append(spray.told(dice, minis_in_sight))
        dice = spray.pool(dice, minis_in_sight)
    ways = assault.splits(dice, assault_x) if assault_x else ()
    if assault_x:
        whites = assault.whites_for(dice, assault_x, assault_policy) if assault_whites is None else assault_whites
        dice, said = assault.upgraded(dice, assault_x, whites)
        story.append(said)
    if sniper:
        dice, said = sniper_team.upgraded(dice)
        story.append(said)
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
    added = vaapad.dice(vaapad_tokens)
    if added:
        dice = (dice[0], dice[1], dice[2] + added)
        story.append(vaapad.told(added))
    if not story and not sniper:
        return weapons
    return replace(weapons, red=dice[0], black=dice[1], white=dice[2], formed=weapons.formed + tuple(story), assault_ways=ways,
                   sniper_team=sniper)

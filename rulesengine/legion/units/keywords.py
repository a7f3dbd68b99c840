"""Which card keyword sets which input of the engine, declared once: the mapping, the unit
pages and the keyword pages read `RULES`.

A rule names the keyword as the card data names it, the engine's option it sets (looked up
in `inputs.OPTIONS` by name when a unit is mapped, so an option another change adds maps as
soon as it exists), on which side, how its value is read, and the keyword page of the vault
that explains it. A keyword with no rule, or whose option does not exist, is "not in the
calculators".
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from rulesengine.records import frozen

Side = Literal["attacker", "defender", "weapon"]
How = Literal["flag", "x", "sum", "all", "any"]
"""flag: a switch, on; x: the keyword's X; sum: the X of every weapon in the pool added up;
all: a switch, on only if every weapon in the pool has it; any: on if one weapon has it
(Spray is none of these: its weapon's own dice go in once per defending mini)."""


@frozen
class Rule:
    keyword: str
    """The keyword's name in the card data ("Immune: Pierce", "Armor", "Shielded")."""
    option: str
    side: Side
    how: How
    page: str
    """The keyword note's name in the vault (docs/legion/keywords/<page>.md)."""
    when: str = ""
    """A condition the mapping checks itself: "force" (Jedi Hunter: the defender has a Force
    upgrade icon), "overrun" (an overrun attack), "spray" (the defender's minis)."""


RULES: tuple[Rule, ...] = (
    # The attacking unit's card.
    Rule("Precise", "precise", "attacker", "x", "Precise X"),
    Rule("Sharpshooter", "sharpshooter", "attacker", "x", "Sharpshooter X"),
    Rule("Marksman", "marksman", "attacker", "flag", "Marksman"),
    Rule("Death from Above", "death_from_above", "attacker", "flag", "Death From Above"),
    Rule("Jedi Hunter", "jedi_hunter", "attacker", "flag", "Jedi Hunter", when="force"),
    Rule("Makashi Mastery", "makashi", "attacker", "flag", "Makashi Mastery"),
    Rule("Jar'Kai Mastery", "jar_kai_mastery", "attacker", "flag", "Jar'Kai Mastery"),
    Rule("Duelist", "duelist", "attacker", "flag", "Duelist"),
    Rule("Hold the Line", "hold_the_line", "attacker", "flag", "Hold the Line"),
    Rule("Vaapad Mastery", "vaapad", "attacker", "x", "Vaapad Mastery"),
    # The attack pool's weapons.
    Rule("Critical", "critical", "weapon", "sum", "Critical X"),
    Rule("Pierce", "pierce", "weapon", "sum", "Pierce X"),
    Rule("Impact", "impact", "weapon", "sum", "Impact X"),
    Rule("Ram", "ram", "weapon", "sum", "Ram X"),
    Rule("Lethal", "lethal", "weapon", "sum", "Lethal X"),
    Rule("Ion", "ion", "weapon", "sum", "Ion X"),
    Rule("Anti-Materiel", "anti_materiel", "weapon", "sum", "Anti-Materiel X"),
    Rule("Anti-Personnel", "anti_personnel", "weapon", "sum", "Anti-Personnel X"),
    Rule("Assault", "assault", "weapon", "sum", "Assault X"),
    Rule("Blast", "blast", "weapon", "any", "Blast"),
    Rule("High Velocity", "high_velocity", "weapon", "all", "High Velocity"),
    Rule("Spray", "spray", "weapon", "flag", "Spray", when="spray"),
    Rule("Suppressive", "suppressive", "weapon", "any", "Suppressive"),
    Rule("Cumbersome", "cumbersome", "weapon", "any", "Cumbersome"),
    Rule("Immune: Deflect", "immune_deflect", "weapon", "any", "Immune Deflect"),
    Rule("Overrun", "overrun", "weapon", "any", "Overrun X", when="overrun"),
    Rule("Overwhelm", "overwhelm", "weapon", "any", "Overwhelm"),
    Rule("Sniper Team", "sniper_team", "weapon", "all", "Sniper Team"),
    # The defending unit's card.
    Rule("Armor", "armor_x", "defender", "x", "Armor X"),
    Rule("Cover", "cover_x", "defender", "x", "Cover X"),
    Rule("Danger Sense", "danger_sense", "defender", "x", "Danger Sense X"),
    Rule("Uncanny Luck", "uncanny_luck", "defender", "x", "Uncanny Luck X"),
    Rule("Shielded", "shields", "defender", "x", "Shields"),
    Rule("Deflect", "deflect", "defender", "flag", "Deflect"),
    Rule("Block", "block", "defender", "flag", "Block"),
    Rule("Outmaneuver", "outmaneuver", "defender", "flag", "Outmaneuver"),
    Rule("Soresu Mastery", "soresu", "defender", "flag", "Soresu Mastery"),
    Rule("Shien Mastery", "shien_mastery", "defender", "flag", "Shien Mastery"),
    Rule("Djem So Mastery", "djem_so", "defender", "flag", "Djem So Mastery"),
    Rule("Immune: Pierce", "immune_pierce", "defender", "flag", "Immune Pierce"),
    Rule("Immune: Blast", "immune_blast", "defender", "flag", "Immune Blast"),
    Rule("Immune: Melee Pierce", "immune_melee_pierce", "defender", "flag", "Immune Melee Pierce"),
    Rule("Impervious", "impervious", "defender", "flag", "Impervious"),
    Rule("Low Profile", "low_profile", "defender", "flag", "Low Profile"),
    Rule("Guardian", "defender_guardian", "defender", "flag", "Guardian X"),
    Rule("Duelist", "defender_duelist", "defender", "flag", "Duelist"),
    Rule("Hold the Line", "defender_hold_the_line", "defender", "flag", "Hold the Line"),
    Rule("Backup", "backup", "defender", "flag", "Backup"),
    Rule("Dug In", "dug_in", "defender", "flag", "Dug In"),
    Rule("Vaapad Mastery", "defender_vaapad", "defender", "x", "Vaapad Mastery"),
)

NOT_MODELLED = "not in the calculators"

ARC_DEPENDENT = {"Weak Point": "weak_point"}
"""Keywords the engine models whose value depends on where the attacker stands: the
mapping leaves them to the reader and says which option to set."""


def rules_for(keyword: str, sides: tuple[Side, ...]) -> tuple[Rule, ...]:
    """The rules of a card keyword on these sides."""
    return tuple(r for r in RULES if r.keyword.casefold() == keyword.casefold() and r.side in sides)


@cache
def page_of(keyword: str) -> str | None:
    """The keyword note a card keyword is explained by, if the engine has a rule for it."""
    found = [r.page for r in RULES if r.keyword.casefold() == keyword.casefold()]
    if keyword in ARC_DEPENDENT:
        return "Weak Point X"
    return found[0] if found else None

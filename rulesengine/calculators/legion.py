"""Star Wars: Legion calculators: the attack sequence and vehicle damage.

Presets are small pools that show the keyword at work (the keyword's own input set to a
value that changes the answer) while staying quick to compute in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.calculators.model import Calculator, Preset

ATTACK_FIELDS = ("red", "black", "white", "surge", "defense", "defense_surge", "ruleset")

_POOL = {"black": 4}

ATTACK_KEYWORDS: dict[str, Preset] = {
    "Guardian X": Preset.of(("guardian", "pierce"), **_POOL, surge="hit", pierce=1, guardian=("2,red,block",)),
    "Pierce X": Preset.of(("pierce", "immune_pierce", "impervious"), red=3, pierce=2, defense="red", defense_surge="block"),
    "Impervious": Preset.of(("impervious", "pierce"), red=3, pierce=2, impervious=True, defense="red"),
    "Immune Pierce": Preset.of(("immune_pierce", "pierce"), red=3, pierce=2, immune_pierce=True, defense="red"),
    "Dodge": Preset.of(("dodge", "melee"), **_POOL, surge="hit", dodge=1),
    "Cover": Preset.of(("cover", "dodge", "suppression", "melee"), **_POOL, cover="light"),
    "Cover X": Preset.of(("cover", "cover_x"), **_POOL, cover="light", cover_x=1),
    "Sharpshooter X": Preset.of(("cover", "sharpshooter"), **_POOL, cover="heavy", sharpshooter=1),
    "Blast": Preset.of(("blast", "cover"), **_POOL, cover="heavy", blast=True),
    "Aim": Preset.of(("aim", "precise", "aim_policy"), **_POOL, aim=1),
    "Precise X": Preset.of(("aim", "precise"), **_POOL, aim=1, precise=1),
    "Critical X": Preset.of(("critical", "surge", "dodge", "cover"), **_POOL, critical=2, cover="light"),
    "Impact X": Preset.of(("impact", "armor", "armor_x"), red=3, impact=2, armor=True),
    "Armor X": Preset.of(("armor_x", "armor", "impact"), red=3, armor_x=2),
    "Armor": Preset.of(("armor", "armor_x", "impact"), red=3, armor=True),
    "Low Profile": Preset.of(("low_profile", "cover", "ruleset"), **_POOL, cover="light", low_profile=True),
    "Dug In": Preset.of(("dug_in", "cover", "ruleset"), **_POOL, ruleset="2.6", cover="light", dug_in=True),
    "Shields": Preset.of(("shields", "armor"), red=3, critical=1, shields=2),
    "Immune Blast": Preset.of(("immune_blast", "blast", "cover"), **_POOL, blast=True, cover="heavy", immune_blast=True),
    "Immune Melee Pierce": Preset.of(("immune_melee_pierce", "melee", "pierce"), red=3, melee=True, pierce=2, immune_melee_pierce=True, defense="red"),
    "Weak Point X": Preset.of(("weak_point", "armor", "impact"), red=3, armor=True, weak_point=1),
    "Block": Preset.of(("block", "dodge", "defense_surge"), **_POOL, surge="hit", dodge=1, block=True),
    "Outmaneuver": Preset.of(("outmaneuver", "dodge"), **_POOL, surge="crit", dodge=2, outmaneuver=True),
    "Danger Sense X": Preset.of(("danger_sense", "suppression"), **_POOL, suppression=2, danger_sense=2),
    "High Velocity": Preset.of(("high_velocity", "dodge"), **_POOL, dodge=1, high_velocity=True),
    "Deflect": Preset.of(("deflect", "dodge", "melee", "immune_deflect"), **_POOL, surge="hit", dodge=1, deflect=True),
    "Immune Deflect": Preset.of(("immune_deflect", "deflect", "dodge"), **_POOL, surge="hit", dodge=1, deflect=True, immune_deflect=True),
    "Uncanny Luck X": Preset.of(("uncanny_luck", "defense"), **_POOL, uncanny_luck=2),
    "Soresu Mastery": Preset.of(("soresu", "dodge", "deflect"), **_POOL, dodge=1, soresu=True, defense="red"),
    "Backup": Preset.of(("backup", "ruleset", "cover"), **_POOL, surge="hit", ruleset="2.6", backup=True),
    "Duelist": Preset.of(("duelist", "aim", "defender_duelist", "dodge", "melee", "pierce"), red=3, melee=True, aim=1, duelist=True, defense="red"),
    "Hold the Line": Preset.of(("hold_the_line", "defender_hold_the_line", "melee"), **_POOL, melee=True, hold_the_line=True),
    "Makashi Mastery": Preset.of(("makashi", "pierce", "immune_pierce", "impervious", "melee"), red=3, melee=True, pierce=2,
                                 makashi=True, immune_pierce=True, defense="red"),
    "Jedi Hunter": Preset.of(("jedi_hunter", "surge"), **_POOL, jedi_hunter=True),
    "Death From Above": Preset.of(("death_from_above", "cover"), **_POOL, cover="heavy", death_from_above=True),
    "Ram X": Preset.of(("ram", "armor"), red=3, ram=1, armor=True),
    "Observe X": Preset.of(("observe", "aim"), **_POOL, observe=2),
    "Lethal X": Preset.of(("lethal", "aim", "pierce", "impervious"), red=3, aim=1, lethal=1, defense="red"),
    "Marksman": Preset.of(("marksman", "aim", "armor"), red=3, aim=1, marksman=True, armor=True),
    "Djem So Mastery": Preset.of(("djem_so", "melee"), black=3, melee=True, djem_so=True),
    "Smoke": Preset.of(("smoke", "cover", "ruleset"), **_POOL, smoke=1),
    "Suppressive": Preset.of(("suppressive", "suppression", "courage"), **_POOL, suppressive=True),
    "Spray": Preset.of(("spray",), red=1, spray=3),
    "Anti-Materiel X": Preset.of(("anti_materiel", "vehicle", "ruleset"), white=2, ruleset="2.6", anti_materiel=1, vehicle=True, defense="red"),
    "Anti-Personnel X": Preset.of(("anti_personnel", "vehicle", "ruleset"), black=1, ruleset="2.6", anti_personnel=1),
    "Cumbersome": Preset.of(("cumbersome",), black=2, cumbersome=True),
    "Shien Mastery": Preset.of(("shien_mastery", "deflect", "ruleset"), **_POOL, ruleset="2.6", surge="hit", deflect=True, shien_mastery=True),
    "Overrun X": Preset.of(("overrun", "cover", "dodge", "melee"), **_POOL, overrun=True, cover="heavy"),
    "Ion X": Preset.of(("ion", "shields"), red=3, shields=2, ion=2),
    "Jar'Kai Mastery": Preset.of(("jar_kai_mastery", "attacker_dodge", "melee", "armor"), black=3, melee=True, jar_kai_mastery=True, attacker_dodge=2),
    "Assault X": Preset.of(("assault", "assault_policy"), white=2, black=1, assault=2),
    "Sniper Team": Preset.of(("sniper_team", "sniper_policy", "cover", "dodge"), black=2, surge="crit", sniper_team=True, cover="heavy",
                             dodge=2, defense="red"),
    "Overwhelm": Preset.of(("overwhelm", "aim", "suppressive"), black=1, white=1, aim=1, overwhelm=True),
    "Vaapad Mastery": Preset.of(("vaapad", "defender_vaapad"), red=1, vaapad=2),
}

CHANGES_NO_DIE = ("Cumbersome",)
"""Keywords the calculator takes as printed although they change no die: their presets give
the same answer with the keyword as without it."""

ATTACK_PAGES: dict[str, Preset] = {
    "legion/Attack.md": Preset.of(
        ("aim", "dodge", "cover", "pierce", "critical", "guardian", "pool", "defender", "attack_faces", "guardian_faces",
         "defense_faces"),
        red=2, black=2, surge="hit", aim=1, dodge=1, cover="light", pierce=1, defense="red", defense_surge="block",
    ),
    "legion/Surges.md": Preset.of(("surge", "surge_tokens", "critical", "defense_surge", "defense_surge_tokens"), **_POOL, surge="crit", defense_surge="block"),
    "legion/Suppression.md": Preset.of(("suppression", "courage", "cover"), **_POOL, cover="light", suppression=1),
    "legion/Dice.md": Preset.of(("red", "black", "white", "defense"), red=1, black=1, white=1),
    "legion/Wounds.md": Preset.of(("defense", "defense_surge"), **_POOL),
}

ATTACK_LABELS = {
    "defender.wounds": "Wounds on the defender",
    "defender.expected_wounds": "Expected wounds on the defender",
    "defender.unit": "Defending unit",
    "defender.minis": "Its minis",
    "defender.wounds_per_mini": "Wounds per mini (from its card)",
    "defender.minis_defeated": "Minis defeated",
    "defender.expected_minis_defeated": "Expected minis defeated",
    "guardians[*].guardian": "Guardian {n}",
    "guardians[*].wounds": "Wounds on guardian {n}",
    "guardians[*].expected_wounds": "Expected wounds on guardian {n}",
    "guardians[*].suppression": "Probability that guardian {n} gains a suppression token",
    "suppression": "Probability that the defender gains a suppression token",
    "suppression_tokens": "Suppression tokens the defender gains",
    "sniper_team.cancelled": "Probability that the attacker cancels the pool (Sniper Team)",
    "attacker.wounds": "Wounds on the attacker (Deflect, Djem So Mastery)",
    "attacker.expected_wounds": "Expected wounds on the attacker",
    "defenders[*].wounds": "Wounds on defender {n}, after every pool against it",
    "defenders[*].expected_wounds": "Expected wounds on defender {n}",
    "defenders[*].suppression_tokens": "Suppression tokens defender {n} gains",
    "defenders[*].pools": "Defender {n} is attacked by",
    "defenders[*].unit": "Defending unit",
    "defenders[*].minis": "Its minis",
    "defenders[*].wounds_per_mini": "Wounds per mini (from its card)",
    "defenders[*].minis_defeated": "Minis defeated of defender {n}",
    "defenders[*].expected_minis_defeated": "Expected minis defeated of defender {n}",
    "pools[*].defender": "",
    "pools[*].expected_wounds": "Expected wounds from pool {n}",
}

VEHICLE_LABELS = {
    "damaged": "Damaged (block)",
    "disabled": "Disabled (blank)",
    "weapon_destroyed": "Weapon Destroyed (surge)",
    "vehicle_damage_token": "Gains a vehicle damage token (rulesets 2.6 and 2026)",
    "lose_action_when_damaged_activates": "A Damaged vehicle loses an action when it activates (white die blank)",
}


def _rulesets_taking(values: Mapping[str, object]) -> tuple[str, ...]:
    """The rulesets under which the attack calculator takes these inputs: a keyword of one
    ruleset only is refused, naming the other, before anything is computed."""
    from rulesengine.errors import InputError
    from rulesengine.legion import api
    from rulesengine.legion.model import RULESETS

    taking = []
    for ruleset in RULESETS:
        try:
            api.attack_from({**values, "ruleset": ruleset})
        except InputError:
            continue
        taking.append(ruleset)
    return tuple(taking)


def legion_calculators() -> tuple[Calculator, ...]:
    from rulesengine.legion import api

    attack = Calculator(
        name="legion-attack",
        title="Legion attack",
        game="legion",
        options=tuple(api.OPTIONS),
        run=api.run,
        fields=ATTACK_FIELDS,
        keywords=ATTACK_KEYWORDS,
        pages=ATTACK_PAGES,
        labels=ATTACK_LABELS,
        quiet=("attacker",),
        rulesets=_rulesets_taking,
    )
    vehicle = Calculator(
        name="legion-vehicle-damage",
        title="Legion vehicle damage",
        game="legion",
        options=tuple(api.VEHICLE_OPTIONS),
        run=api.run_vehicle_damage,
        fields=tuple(o.name for o in api.VEHICLE_OPTIONS),
        pages={"legion/Attack Resolution and Vehicle Damage.md": Preset.of()},
        labels=VEHICLE_LABELS,
    )
    return attack, vehicle

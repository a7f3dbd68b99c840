"""The Legion engine's inputs, declared once: every option of the attack (`OPTIONS`), a
guardian's fields (`GUARDIAN_FIELDS`) and the vehicle damage inputs (`VEHICLE_OPTIONS`). The
command line, the JSON entry point and the form all read these declarations."""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.legion import policies, readings
from rulesengine.legion import pool_specs
from rulesengine.legion.rulesets import NAMES as RULESET_NAMES
from rulesengine.legion.dice import ATTACK_FACES, DEFENSE_DICE, DEFENSE_FACES
from rulesengine.legion.model import (
    COVER,
    DEFENSE_SURGE_CHARTS,
    RULESETS,
    SURGE_CHARTS,
)
from rulesengine.legion.vehicle_damage import EFFECTS
from rulesengine.legion.keywords.vaapad import VAAPAD_MAX
from rulesengine.options import Field, Option
from rulesengine.records import replace


MAX_DICE = 30
"""The documented bound on one attack pool (red + black + white)."""


MAX_GUARDIANS = 4


MAX_GUARDIAN_X = 6


REPEAT_SEPARATOR = ";"


MAX_GUARDIAN_TOKENS = 10


MAX_WOUND_TOKENS = 10
"""The most wound tokens Vaapad Mastery's inputs take (its dice stop at `VAAPAD_MAX`)."""


GUARDIAN_FIELDS: tuple[Field, ...] = (
    Field("x", "Guardian X", "int", 1, minimum=1, maximum=MAX_GUARDIAN_X, positional=True),
    Field("die", "Defense die", "choice", "red", choices=tuple(reversed(tuple(DEFENSE_DICE))), positional=True),
    Field("surge", "Defense surge chart", "choice", "none", choices=DEFENSE_SURGE_CHARTS, positional=True,
          help="may be left out (none)"),
    Field("immune-pierce", "Immune: Pierce", "bool", False, help="Pierce cannot cancel this guardian's blocks"),
    Field("suppressed", "Suppressed (tokens reach its courage)", "bool", False, help="since 2.6: its suppression tokens reach its courage, so it "
          "cannot use Guardian X"),
    Field("surge-tokens", "Surge tokens", "int", 0, minimum=0, maximum=MAX_GUARDIAN_TOKENS,
          help="since 2.6: its own surge tokens convert its defense surges to blocks"),
    Field("deflect", "Deflect", "bool", False, help="since 2.6: surge: block while it uses Guardian X (not against High "
          "Velocity alone)"),
    Field("soresu", "Soresu Mastery", "bool", False, help="since 2.6: with a dodge token it rerolls its Guardian X dice"),
    Field("dodge", "Dodge tokens", "int", 0, minimum=0, maximum=MAX_GUARDIAN_TOKENS,
          help="since 2.6: its own dodge tokens (Soresu Mastery spends one)"),
    Field("impervious", "Impervious", "bool", False, help="ruleset 2026: the guardian has Impervious (what it does: the "
          "guardian-with-Impervious reading)"),
)
"""The parts of one `--guardian` value, declared once: the parser and the form read them."""


def _guardian_format() -> str:
    positional = ",".join(f.word.upper() for f in GUARDIAN_FIELDS if f.positional)
    rest = "".join(f"[,{f.word}]" if f.kind == "bool" else f"[,{f.word}=N]" for f in GUARDIAN_FIELDS if not f.positional)
    parts = "; ".join(f"{f.word.upper() if f.positional else f.word}: {_field_allowed(f)}"
                      + (f" ({f.help})" if f.help else "") for f in GUARDIAN_FIELDS)
    return f"{positional}{rest}: {parts} (e.g. 2,red,block or 2,white,none,surge-tokens=1,soresu,dodge=1)"


def _field_allowed(f: Field) -> str:
    if f.kind == "int":
        return f"{f.minimum} to {f.maximum}"
    if f.kind == "choice":
        return " or ".join(f.choices)
    return "its word"


GUARDIAN_FORMAT = _guardian_format()


GUARDIAN_IMMUNE_PIERCE = "immune-pierce"


GUARDIAN_SUPPRESSED = "suppressed"


SINCE_2_6 = ("2026", "2.6")
"""An input refused under the notes' ruleset: the form disables it there, saying which rulesets take it."""


ONLY_2026 = ("2026",)
"""An input of the 2026 rules only (the April 2026 attack keywords): refused under `2.6` and `notes`."""


def _part(field: Field) -> Option:
    """A guardian field as the form's row shows it: an input of its own; a field whose help
    starts "since 2.6" is taken only under rulesets 2.6 and 2026, one whose help starts
    "ruleset 2026" only under 2026."""
    rulesets = SINCE_2_6 if field.help.startswith("since 2.6") else ONLY_2026 if field.help.startswith("ruleset 2026") else ()
    return Option(field.word.replace("-", "_"), field.label, field.kind, field.default, minimum=field.minimum,
                  maximum=field.maximum, choices=field.choices, help=field.help, rulesets=rulesets)


GUARDIAN_PARTS: tuple[Option, ...] = tuple(_part(field) for field in GUARDIAN_FIELDS)
"""A guardian's fields as the form shows them, in `GUARDIAN_FORMAT`'s order (the form writes
the positional `X,DIE,SURGE`, then the word of each switch that is on and `word=N` for each
count not at its default)."""


def _int(name: str, label: str, hi: int, help: str = "", lo: int = 0, default: int = 0, *, group: str = "other",
         keywords: tuple[str, ...] = (), rulesets: tuple[str, ...] = ()) -> Option:
    return Option(name, label, "int", default, minimum=lo, maximum=hi, help=help, group=group, keywords=keywords,
                  rulesets=rulesets)


def _bool(name: str, label: str, help: str = "", *, group: str = "other", keywords: tuple[str, ...] = (),
          aliases: tuple[str, ...] = (), rulesets: tuple[str, ...] = ()) -> Option:
    return Option(name, label, "bool", False, help=help, group=group, keywords=keywords, aliases=aliases, rulesets=rulesets)


def _choice(name: str, label: str, choices: tuple[str, ...], help: str = "", *, group: str = "other",
            keywords: tuple[str, ...] = ()) -> Option:
    return Option(name, label, "choice", choices[0], choices=choices, help=help, group=group, keywords=keywords)


def _reading(rule: str) -> Option:
    choices = readings.CHOICES[rule]
    help = "; ".join(f"{c}: {readings.HELP[rule][c]}" for c in choices)
    return Option(f"{rule}_reading", readings.LABELS[rule], "choice", choices[0], choices=choices, help=help, group="policies",
                  keywords=readings.KEYWORDS[rule])


POLICY_KEYWORDS = {"assault": ("Assault X",), "sniper": ("Sniper Team",)}
"""The keyword whose choice a policy makes, where one keyword asks it."""


def _policy(decision: str) -> Option:
    choices = policies.CHOICES[decision]
    help = "; ".join(f"{c}: {policies.HELP[decision][c]}" for c in choices)
    return _choice(f"{decision}_policy", f"{decision.capitalize()} policy", choices, help, group="policies",
                   keywords=POLICY_KEYWORDS.get(decision, ()))


UNIT_OPTIONS: tuple[Option, ...] = (
    Option("attacker_unit", "Attacking unit", "text", None, help="a released unit's name as on its card, with its title in "
           "brackets where two cards share the name: its weapon's dice times its minis, its surge chart and the keywords the "
           "calculators know (the other inputs given add to it or override it)", group="units"),
    Option("weapon", "Weapons", "text", None, help="a weapon of the attacking unit or of its upgrades, by the weapon's own "
           "name, as NAME (every mini that may add it and is not given another) or NAME=N (N minis add it); repeat (or "
           "separate with ;) for several (default: the pool a player forms at the range)", repeatable=True, group="units",
           unit="weapon"),
    Option("range", "Range", "text", None, help="the range the defender is at: 1, 2, 3, 4 or melee; only weapons that reach "
           "it join the pool (default: the range whose default pool rolls the most expected hits)", group="units"),
    _int("minis", "Minis that fire", MAX_DICE, "0: every mini of the unit", group="units"),
    Option("upgrade", "Upgrades", "text", None, help="an upgrade of the attacking unit as on its card: a heavy weapon or "
           "personnel adds a mini (and its weapon), a weapon upgrade adds its weapon; repeat (or separate with ;) for several",
           repeatable=True, group="units", unit="upgrade"),
    Option("defender_unit", "Defending unit", "text", None, help="a released unit's name as on its card: its defense die, "
           "surge chart, courage and the keywords the calculators know; the result counts the minis defeated", group="units"),
)
"""A unit from the card data standing for the inputs on its card (`rulesengine.legion.units`);
the same words as URL and form parameters (attacker-unit, weapon, range, minis, upgrade, defender-unit)."""

UNIT_INPUTS = tuple(o.name for o in UNIT_OPTIONS)
"""attacker_unit, weapon, range, minis, upgrade, defender_unit."""


def names_units(values: Mapping[str, object]) -> bool:
    """Whether any unit input is given: only then is the card data (`rulesengine.legion.units`,
    its modules and `cards.json`) imported and read; an attack given by its dice needs none of it."""
    return any(values.get(name) not in (None, "", 0, (), []) for name in UNIT_INPUTS)


OPTIONS: tuple[Option, ...] = (
    _choice("ruleset", "Ruleset", RULESETS, "; ".join(f"{name}: {text}" for name, text in RULESET_NAMES.items()), group="policies"),
    *UNIT_OPTIONS,
    _int("red", "Red attack dice", MAX_DICE, f"at most {MAX_DICE} dice in all", group="dice"),
    _int("black", "Black attack dice", MAX_DICE, f"at most {MAX_DICE} dice in all", group="dice"),
    _int("white", "White attack dice", MAX_DICE, f"at most {MAX_DICE} dice in all", group="dice"),
    _choice("surge", "Attack surge chart", SURGE_CHARTS, group="dice"),
    _int("surge_tokens", "Surge tokens", 10, group="tokens"),
    _int("critical", "Critical X", 10, group="attacker"),
    _int("aim", "Aim tokens", 5, group="tokens"),
    _bool("immune_deflect", "Immune: Deflect", "the defender's Deflect sends no wound back (notes: it does nothing at all)", group="attacker",
          keywords=("Immune Deflect",)),
    _bool("duelist", "Duelist", "melee: an aim token spent gives Pierce 1", group="attacker", keywords=("Duelist",)),
    _bool("makashi", "Makashi Mastery", "melee: Pierce 1 less, and the defender loses Immune: Pierce and Impervious",
          group="attacker", keywords=("Makashi Mastery",), aliases=("--makashi-mastery",)),
    _bool("jedi_hunter", "Jedi Hunter", "against a unit with a Force upgrade icon: surge: crit", group="attacker",
          keywords=("Jedi Hunter",)),
    _bool("hold_the_line", "Hold the Line", "melee: surge: hit", group="attacker", keywords=("Hold the Line",)),
    _bool("death_from_above", "Death From Above", "the defender cannot use cover", group="attacker", keywords=("Death From Above",)),
    _int("ram", "Ram X", 5, "change up to X results to crits (blanks first)", group="attacker", keywords=("Ram X",)),
    _int("lethal", "Lethal X", 5, "step 6: up to X aim tokens left after rerolls, Pierce 1 each", group="attacker", keywords=("Lethal X",)),
    _bool("marksman", "Marksman", "aim tokens left after rerolls: a blank to a hit or a hit to a crit each", group="attacker",
          keywords=("Marksman",)),
    _int("precise", "Precise X", 3, group="attacker"),
    _int("pierce", "Pierce X", 10, group="attacker"),
    _int("impact", "Impact X", 10, group="attacker"),
    _int("spray", "Spray: defending minis in sight", 12, "the weapon's dice go in once per defending miniature in sight "
         "(0: no Spray)", group="attacker", keywords=("Spray",)),
    _int("anti_materiel", "Anti-Materiel X", 5, "since 2.6: against a vehicle, X of the weapon's dice are upgraded (white first)",
         group="attacker", keywords=("Anti-Materiel X",), rulesets=SINCE_2_6),
    _int("anti_personnel", "Anti-Personnel X", 5, "since 2.6: against a trooper, X of the weapon's dice are upgraded (white first)",
         group="attacker", keywords=("Anti-Personnel X",), rulesets=SINCE_2_6),
    _bool("cumbersome", "Cumbersome", "taken as fired without a move first (after a move the current rules downgrade its dice): it changes no die", group="attacker",
          keywords=("Cumbersome",)),
    _int("ion", "Ion X", 5, "step 6 first: the defender flips one shield token per hit or crit, up to X", group="attacker",
         keywords=("Ion X",)),
    _bool("jar_kai_mastery", "Jar'Kai Mastery", "melee: each of the attacker's dodge tokens turns a blank into a hit or a hit "
          "into a crit", group="attacker", keywords=("Jar'Kai Mastery",)),
    _int("attacker_dodge", "Attacker's dodge tokens", 10, "spent by Jar'Kai Mastery", group="tokens", keywords=("Jar'Kai Mastery",)),
    _int("assault", "Assault X", 5, "ruleset 2026, the defender at range 1 of the attacking unit's leader: X of the weapon's "
         "dice are upgraded (which ones: the assault policy)", group="attacker", keywords=("Assault X",), rulesets=ONLY_2026),
    _bool("sniper_team", "Sniper Team", "ruleset 2026, the pool holds only Sniper Team weapons, the unit has not moved and "
          "every mini sees the defender: every die is upgraded, and after Convert Attack Surges the attacker may cancel the "
          "pool (1 wound if a crit was cancelled; when: the sniper policy)", group="attacker", keywords=("Sniper Team",),
          rulesets=ONLY_2026),
    _bool("overwhelm", "Overwhelm", "ruleset 2026: the defender gains 1 more suppression token when an aim token was spent "
          "on rerolls", group="attacker", keywords=("Overwhelm",), rulesets=ONLY_2026),
    _int("vaapad", "Vaapad Mastery: attacker's wound tokens", MAX_WOUND_TOKENS, "ruleset 2026: 1 white attack die per wound "
         f"token, at most {VAAPAD_MAX} dice", group="attacker", keywords=("Vaapad Mastery",), rulesets=ONLY_2026),
    _int("defender_vaapad", "Vaapad Mastery: defender's wound tokens", MAX_WOUND_TOKENS, "ruleset 2026: 1 white defense die "
         f"per wound token, at most {VAAPAD_MAX} dice", group="defender", keywords=("Vaapad Mastery",), rulesets=ONLY_2026),
    _bool("overrun", "Overrun attack", "neither ranged nor melee: no cover, no guardian, no Deflect, no suppression; dodge "
          "tokens still cancel hits", group="attacker", keywords=("Overrun X",)),
    _bool("melee", "Melee attack", "a melee attack: no cover, no guardian, no suppression", group="attacker"),
    _choice("defense", "Defender's defense die", tuple(reversed(tuple(DEFENSE_DICE))), group="dice"),
    _choice("defense_surge", "Defender's defense surge chart", DEFENSE_SURGE_CHARTS, group="dice"),
    _int("defense_surge_tokens", "Defense surge tokens", 10, group="tokens"),
    _int("dodge", "Dodge tokens", 10, group="tokens"),
    _choice("cover", "Cover", tuple(COVER), group="defender"),
    _int("cover_x", "Cover X", 2, group="defender"),
    _int("sharpshooter", "Sharpshooter X", 2, group="attacker"),
    _bool("blast", "Blast", group="attacker"),
    _bool("suppressive", "Suppressive", "the defender gains one more suppression token", group="attacker", keywords=("Suppressive",)),
    _bool("high_velocity", "High Velocity", "the defender cannot spend dodge tokens", group="attacker", keywords=("High Velocity",)),
    _int("suppression", "Suppression tokens", 10, group="tokens"),
    _int("courage", "Courage", 10, "since 2.6: suppression improves cover at tokens >= courage", lo=1, default=1, group="defender"),
    _bool("armor", "Armor", group="defender"),
    _int("armor_x", "Armor X", 10, group="defender"),
    _bool("impervious", "Impervious", group="defender"),
    _bool("immune_pierce", "Immune: Pierce", group="defender"),
    _bool("vehicle", "Defender is a vehicle", "no suppression, no guardian; since 2.6: no cover from terrain", group="defender"),
    _bool("low_profile", "Low Profile", "with light or heavy cover one die becomes a block (notes: a defense die; 2.6: a cover die)",
          group="defender", keywords=("Low Profile",)),
    _bool("dug_in", "Dug In", "since 2.6: red dice for the cover roll", group="defender", keywords=("Dug In",), rulesets=SINCE_2_6),
    _int("shields", "Shield tokens", 10, "Shielded X gives X; each cancels a hit or crit", group="tokens", keywords=("Shields", "Shielded X")),
    _bool("immune_blast", "Immune: Blast", "Blast does not take away this defender's cover", group="defender", keywords=("Immune Blast",)),
    _bool("immune_melee_pierce", "Immune: Melee Pierce", "Pierce cannot be used against it in a melee attack", group="defender",
          keywords=("Immune Melee Pierce",)),
    _int("weak_point", "Weak Point X", 3, "the X of the arc the attacker is in (the pool gains Impact X)", group="defender",
         keywords=("Weak Point X",)),
    _bool("block", "Block", "after spending a dodge token: surge: block", group="defender", keywords=("Block",)),
    _bool("outmaneuver", "Outmaneuver", "dodge tokens cancel crits too", group="defender", keywords=("Outmaneuver",)),
    _int("danger_sense", "Danger Sense X", 10, "one more defense die per suppression token, up to X", group="defender",
         keywords=("Danger Sense X",)),
    _bool("deflect", "Deflect", "notes: after a dodge token, surge: block and a ranged attacker suffers a wound per surge; 2.6: "
          "ranged only, no token, surge: block and one wound if any surge", group="defender",
          keywords=("Deflect",)),
    _int("uncanny_luck", "Uncanny Luck X", 10, "reroll up to X defense dice", group="defender", keywords=("Uncanny Luck X",)),
    _bool("soresu", "Soresu Mastery", "ranged: reroll the defense dice (notes: after a dodge token)", group="defender",
          keywords=("Soresu Mastery",), aliases=("--soresu-mastery",)),
    _bool("backup", "Backup", "since 2.6, ranged: cancel up to 2 hits", group="defender", keywords=("Backup",), rulesets=SINCE_2_6),
    _bool("defender_duelist", "Defender has Duelist", "melee, after a dodge token: Immune: Pierce", group="defender",
          keywords=("Duelist",)),
    _bool("defender_hold_the_line", "Defender has Hold the Line", "melee: surge: block", group="defender",
          keywords=("Hold the Line",)),
    _int("observe", "Observation tokens", 10, "on the defender: the attacker rerolls one die per token (after aim tokens)",
         group="tokens", keywords=("Observe X", "Observation Tokens")),
    _int("smoke", "Smoke tokens in range", 5, "each improves a trooper's cover by 1 (notes: several count once)", group="tokens",
         keywords=("Smoke",)),
    _bool("shien_mastery", "Shien Mastery", "since 2.6, with Deflect: a wound on the attacker per defense surge; no suppression "
          "token when the defender suffers no wound", group="defender", keywords=("Shien Mastery",), rulesets=SINCE_2_6),
    _bool("djem_so", "Djem So Mastery", "melee: a blank on the attacker's dice wounds it", group="defender",
          keywords=("Djem So Mastery",), aliases=("--djem-so-mastery",)),
    _bool("defender_guardian", "Defender has Guardian X", "no guardian may help a defender that has Guardian X", group="defender"),
    _bool("transported", "Defender is transported", "guardians cannot help a transported unit", group="defender"),
    Option("guardian", "Guardians", "text", None, help=f"{GUARDIAN_FORMAT}; repeat (or separate with ;) for several, in order",
           repeatable=True, group="defender", spec_fields=GUARDIAN_FIELDS, parts=GUARDIAN_PARTS, joined="commas", unit="guardian"),
    Option("pool", "Further attack pools", "text", None, help=f"pools 2 on, resolved in this order: {pool_specs.POOL_FORMAT}; "
           f"repeat (or separate with ;) for several, at most {pool_specs.MAX_POOLS} pools in all", repeatable=True, group="dice",
           parts=(replace(_int("defender", "Defender it attacks", pool_specs.MAX_DEFENDERS, lo=2, default=2), numbered=True),),
           parts_from=pool_specs.POOL_INPUTS, joined="words", unit="pool", first=2),
    Option("defender", "Further defenders", "text", None, help=f"defenders 2 on: {pool_specs.DEFENDER_FORMAT}; repeat (or "
           f"separate with ;) for several, at most {pool_specs.MAX_DEFENDERS} defenders in all", repeatable=True, group="defender",
           parts_from=pool_specs.DEFENDER_INPUTS, joined="words", unit="defender", first=2),
    Option("attack_faces", "Attack faces", "text", None, choices=ATTACK_FACES, help="trace: comma list of crit, hit, surge, blank, one per die, red then black then white", group="trace",
           dice_from=("red", "black", "white")),
    Option("guardian_faces", "Guardian faces", "text", None, choices=DEFENSE_FACES, help="trace: comma list of block, surge, blank per guardian; repeat (or separate with ;) in guardian order", repeatable=True, group="trace"),
    Option("defense_faces", "Defense faces", "text", None, choices=DEFENSE_FACES, help="trace: comma list of block, surge, blank, one per defense die", group="trace"),
    *(_policy(d) for d in policies.CHOICES),
    *(_reading(r) for r in readings.CHOICES),
    _int("target", "Target wounds", MAX_DICE, "aim policy optimal: maximise the chance of at least this many wounds "
         "(0: the expected wounds)", group="policies"),
)


VEHICLE_OPTIONS: tuple[Option, ...] = (
    _choice("ruleset", "Ruleset", RULESETS, "notes: a red die picks Damaged, Disabled or Weapon Destroyed; 2.6 and 2026: one vehicle damage token"),
    Option("face", "Red die face", "choice", None, choices=tuple(EFFECTS), help="trace: the face the red defense die shows",
           rulesets=("notes",)),
)

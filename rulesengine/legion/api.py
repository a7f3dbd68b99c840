"""The Legion engine's one entry point for the CLI, the browser and the site's calculators.

`OPTIONS` declares every input once (name, label, kind, bounds, default); `run` takes loose
values (from argv, a form or JSON), validates them and returns a JSON-ready dict whose
probabilities are `str(Fraction)`. `run_vehicle_damage` does the same for vehicle damage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion import aim_choice, policies, readings
from rulesengine.legion.pools import AttackOutcome, resolve_attack, resolve_pools
from rulesengine.legion.resolve import PoolResult
from rulesengine.legion import pool_specs
from rulesengine.legion.keywords.suppressive import suppression_tokens
from rulesengine.legion.optimal import OPTIMAL_MAX_COST
from rulesengine.legion.pool_forming import formed
from rulesengine.legion.keywords import deflect, overrun, shien
from rulesengine.legion.keywords import guardian as guardian_keyword
from rulesengine.legion.rulesets import NAMES as RULESET_NAMES, check_ruleset
from rulesengine.legion.dice import ATTACK_FACES, DEFENSE_DICE, DEFENSE_FACES
from rulesengine.legion.model import (
    COVER,
    DEFENSE_SURGE_CHARTS,
    RULESETS,
    SURGE_CHARTS,
    Attack,
    Attacker,
    AttackPool,
    Defender,
    Faces,
    Guardian,
    Weapons,
)
from rulesengine.legion.vehicle_damage import EFFECTS, TOKEN, vehicle_damage
from rulesengine.options import Field, Option, typed, validate
from rulesengine.wording import plural

MAX_DICE = 30
"""The documented bound on one attack pool (red + black + white)."""
MAX_GUARDIANS = 4
MAX_GUARDIAN_X = 6
REPEAT_SEPARATOR = ";"
MAX_GUARDIAN_TOKENS = 10
GUARDIAN_FIELDS: tuple[Field, ...] = (
    Field("x", "Guardian X", "int", 1, minimum=1, maximum=MAX_GUARDIAN_X, positional=True),
    Field("die", "Defense die", "choice", "red", choices=tuple(reversed(tuple(DEFENSE_DICE))), positional=True),
    Field("surge", "Defense surge chart", "choice", "none", choices=DEFENSE_SURGE_CHARTS, positional=True,
          help="may be left out (none)"),
    Field("immune-pierce", "Immune: Pierce", "bool", False, help="Pierce cannot cancel this guardian's blocks"),
    Field("suppressed", "Suppressed (tokens reach its courage)", "bool", False, help="ruleset 2.6: its suppression tokens reach its courage, so it "
          "cannot use Guardian X"),
    Field("surge-tokens", "Surge tokens", "int", 0, minimum=0, maximum=MAX_GUARDIAN_TOKENS,
          help="ruleset 2.6: its own surge tokens convert its defense surges to blocks"),
    Field("deflect", "Deflect", "bool", False, help="ruleset 2.6: surge: block while it uses Guardian X (not against High "
          "Velocity alone)"),
    Field("soresu", "Soresu Mastery", "bool", False, help="ruleset 2.6: with a dodge token it rerolls its Guardian X dice"),
    Field("dodge", "Dodge tokens", "int", 0, minimum=0, maximum=MAX_GUARDIAN_TOKENS,
          help="ruleset 2.6: its own dodge tokens (Soresu Mastery spends one)"),
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


ONLY_2_6 = ("2.6",)
"""An input refused under the notes' ruleset: the form disables it there, saying which ruleset takes it."""


def _part(field: Field) -> Option:
    """A guardian field as the form's row shows it: an input of its own; a field whose help
    names ruleset 2.6 is taken only under that ruleset."""
    rulesets = ONLY_2_6 if field.help.startswith("ruleset 2.6") else ()
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


def _policy(decision: str) -> Option:
    choices = policies.CHOICES[decision]
    help = "; ".join(f"{c}: {policies.HELP[decision][c]}" for c in choices)
    return _choice(f"{decision}_policy", f"{decision.capitalize()} policy", choices, help, group="policies")


OPTIONS: tuple[Option, ...] = (
    _choice("ruleset", "Ruleset", RULESETS, "; ".join(f"{name}: {text}" for name, text in RULESET_NAMES.items()), group="policies"),
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
    _int("anti_materiel", "Anti-Materiel X", 5, "ruleset 2.6: against a vehicle, X of the weapon's dice are upgraded (white first)",
         group="attacker", keywords=("Anti-Materiel X",), rulesets=ONLY_2_6),
    _int("anti_personnel", "Anti-Personnel X", 5, "ruleset 2.6: against a trooper, X of the weapon's dice are upgraded (white first)",
         group="attacker", keywords=("Anti-Personnel X",), rulesets=ONLY_2_6),
    _bool("cumbersome", "Cumbersome", "taken as fired without a move first (after a move the current rules downgrade its dice): it changes no die", group="attacker",
          keywords=("Cumbersome",)),
    _int("ion", "Ion X", 5, "step 6 first: the defender flips one shield token per hit or crit, up to X", group="attacker",
         keywords=("Ion X",)),
    _bool("jar_kai_mastery", "Jar'Kai Mastery", "melee: each of the attacker's dodge tokens turns a blank into a hit or a hit "
          "into a crit", group="attacker", keywords=("Jar'Kai Mastery",)),
    _int("attacker_dodge", "Attacker's dodge tokens", 10, "spent by Jar'Kai Mastery", group="tokens", keywords=("Jar'Kai Mastery",)),
    _bool("overrun", "Overrun attack", "neither ranged nor melee: no cover, no guardian, no Deflect, no suppression; dodge "
          "tokens still cancel hits", group="attacker", keywords=("Overrun X",)),
    _bool("melee", "Melee attack", "a melee attack: no cover, no guardian, no suppression", group="attacker"),
    _choice("defense", "Defense die", tuple(reversed(tuple(DEFENSE_DICE))), group="dice"),
    _choice("defense_surge", "Defense surge chart", DEFENSE_SURGE_CHARTS, group="dice"),
    _int("defense_surge_tokens", "Defense surge tokens", 10, group="tokens"),
    _int("dodge", "Dodge tokens", 10, group="tokens"),
    _choice("cover", "Cover", tuple(COVER), group="defender"),
    _int("cover_x", "Cover X", 2, group="defender"),
    _int("sharpshooter", "Sharpshooter X", 2, group="attacker"),
    _bool("blast", "Blast", group="attacker"),
    _bool("suppressive", "Suppressive", "the defender gains one more suppression token", group="attacker", keywords=("Suppressive",)),
    _bool("high_velocity", "High Velocity", "the defender cannot spend dodge tokens", group="attacker", keywords=("High Velocity",)),
    _int("suppression", "Suppression tokens", 10, group="tokens"),
    _int("courage", "Courage", 10, "ruleset 2.6: suppression improves cover at tokens >= courage", lo=1, default=1, group="defender"),
    _bool("armor", "Armor", group="defender"),
    _int("armor_x", "Armor X", 10, group="defender"),
    _bool("impervious", "Impervious", group="defender"),
    _bool("immune_pierce", "Immune: Pierce", group="defender"),
    _bool("vehicle", "Defender is a vehicle", "no suppression, no guardian; ruleset 2.6: no cover from terrain", group="defender"),
    _bool("low_profile", "Low Profile", "with light or heavy cover one die becomes a block (notes: a defense die; 2.6: a cover die)",
          group="defender", keywords=("Low Profile",)),
    _bool("dug_in", "Dug In", "ruleset 2.6: red dice for the cover roll", group="defender", keywords=("Dug In",), rulesets=ONLY_2_6),
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
    _bool("backup", "Backup", "ruleset 2.6, ranged: cancel up to 2 hits", group="defender", keywords=("Backup",), rulesets=ONLY_2_6),
    _bool("defender_duelist", "Defender has Duelist", "melee, after a dodge token: Immune: Pierce", group="defender",
          keywords=("Duelist",)),
    _bool("defender_hold_the_line", "Defender has Hold the Line", "melee: surge: block", group="defender",
          keywords=("Hold the Line",)),
    _int("observe", "Observation tokens", 10, "on the defender: the attacker rerolls one die per token (after aim tokens)",
         group="tokens", keywords=("Observe X", "Observation Tokens")),
    _int("smoke", "Smoke tokens in range", 5, "each improves a trooper's cover by 1 (notes: several count once)", group="tokens",
         keywords=("Smoke",)),
    _bool("shien_mastery", "Shien Mastery", "ruleset 2.6, with Deflect: a wound on the attacker per defense surge; no suppression "
          "token when the defender suffers no wound", group="defender", keywords=("Shien Mastery",), rulesets=ONLY_2_6),
    _bool("djem_so", "Djem So Mastery", "melee: a blank on the attacker's dice wounds it", group="defender",
          keywords=("Djem So Mastery",), aliases=("--djem-so-mastery",)),
    _bool("defender_guardian", "Defender has Guardian X", "no guardian may help a defender that has Guardian X", group="defender"),
    _bool("transported", "Defender is transported", "guardians cannot help a transported unit", group="defender"),
    Option("guardian", "Guardians", "text", None, help=f"{GUARDIAN_FORMAT}; repeat (or separate with ;) for several, in order",
           repeatable=True, group="defender", spec_fields=GUARDIAN_FIELDS, parts=GUARDIAN_PARTS, joined="commas", unit="guardian"),
    Option("pool", "Further attack pools", "text", None, help=f"pools 2 on, resolved in this order: {pool_specs.POOL_FORMAT}; "
           f"repeat (or separate with ;) for several, at most {pool_specs.MAX_POOLS} pools in all", repeatable=True, group="dice",
           parts=(_int("defender", "Defender it attacks", pool_specs.MAX_DEFENDERS, lo=1, default=1),),
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
    _choice("ruleset", "Ruleset", RULESETS, "notes: a red die picks Damaged, Disabled or Weapon Destroyed; 2.6: one vehicle damage token"),
    Option("face", "Red die face", "choice", None, choices=tuple(EFFECTS), help="trace: the face the red defense die shows",
           rulesets=("notes",)),
)


def _split(values: tuple[object, ...]) -> tuple[str, ...]:
    """A repeatable text value, with ';' also separating items (one box in a form)."""
    return tuple(part.strip() for v in values for part in str(v).split(REPEAT_SEPARATOR) if part.strip())


def _faces(option: str, text: object, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not text:
        return ()
    faces = tuple(f.strip().lower() for f in str(text).split(","))
    for face in faces:
        if face not in allowed:
            raise InputError(option, "a comma list of " + ", ".join(allowed), text)
    return faces


def _guardian(text: str) -> Guardian:
    """One `--guardian` value, read by `GUARDIAN_FIELDS`: the positional parts in order
    (the last may be left out), then each other part once, as its word or `word=N`."""
    parts = [p.strip().lower() for p in text.split(",")]
    positional = [f for f in GUARDIAN_FIELDS if f.positional]
    named = {f.word: f for f in GUARDIAN_FIELDS if not f.positional}
    values: dict[str, object] = {f.word: f.default for f in GUARDIAN_FIELDS}
    head = 0
    while head < len(parts) and head < len(positional) and parts[head].split("=")[0] not in named:
        values[positional[head].word] = parts[head]
        head += 1
    seen: set[str] = set()
    for part in parts[head:]:
        word, eq, number = part.partition("=")
        field = named.get(word)
        if field is None or word in seen or (field.kind == "bool") == bool(eq):
            raise InputError("--guardian", GUARDIAN_FORMAT, text)
        seen.add(word)
        values[word] = True if field.kind == "bool" else number
    if head < len(positional) - 1:
        raise InputError("--guardian", GUARDIAN_FORMAT, text)
    for f in GUARDIAN_FIELDS:
        v = values[f.word]
        if f.kind == "int":
            v = str(v)
            if not v.isdigit() or not (f.minimum or 0) <= int(v) <= (f.maximum or 0):
                raise InputError("--guardian", GUARDIAN_FORMAT, text)
            values[f.word] = int(v)
        elif f.kind == "choice" and v not in f.choices:
            raise InputError("--guardian", GUARDIAN_FORMAT, text)
    return Guardian(x=int(str(values["x"])), die=str(values["die"]), surge=str(values["surge"]),
                    immune_pierce=values["immune-pierce"] is True, suppressed=values["suppressed"] is True,
                    surge_tokens=int(str(values["surge-tokens"])), deflect=values["deflect"] is True,
                    soresu=values["soresu"] is True, dodge=int(str(values["dodge"])))


def attack_from(values: Mapping[str, object]) -> Attack:
    """Validated values to the engine's model; raises InputError naming the flag."""
    given = {k: v for k, v in values.items() if v != ""}
    v = validate(OPTIONS, given)
    weapons = Weapons(red=_int_of(v, "red"), black=_int_of(v, "black"), white=_int_of(v, "white"),
                      critical=_int_of(v, "critical"), pierce=_int_of(v, "pierce"), impact=_int_of(v, "impact"),
                      sharpshooter=_int_of(v, "sharpshooter"), blast=_bool_of(v, "blast"),
                      high_velocity=_bool_of(v, "high_velocity"), suppressive=_bool_of(v, "suppressive"),
                      ion=_int_of(v, "ion"))
    if weapons.size > MAX_DICE:
        raise InputError("--red/--black/--white", f"at most {MAX_DICE} attack dice in all", weapons.size)
    minis = _int_of(v, "spray")
    weapons = formed(weapons, _bool_of(v, "vehicle"), _str_of(v, "ruleset"), minis_in_sight=minis,
                     anti_materiel_x=_int_of(v, "anti_materiel"), anti_personnel_x=_int_of(v, "anti_personnel"),
                     is_cumbersome=_bool_of(v, "cumbersome"))
    if weapons.size > MAX_DICE:
        raise InputError("--spray", f"at most {MAX_DICE} attack dice in all (the weapon's dice {minis} times make {weapons.size})", minis)
    guardians = tuple(_guardian(g) for g in _split(typed(v, "guardian", tuple)))
    if len(guardians) > MAX_GUARDIANS:
        raise InputError("--guardian", f"at most {plural(MAX_GUARDIANS, 'guardian')}", len(guardians))
    faces = Faces(
        attack=_faces("--attack-faces", v["attack_faces"], ATTACK_FACES),
        guardians=tuple(_faces("--guardian-faces", g, DEFENSE_FACES) for g in _split(typed(v, "guardian_faces", tuple))),
        defense=_faces("--defense-faces", v["defense_faces"], DEFENSE_FACES),
    )
    if len(faces.attack) > weapons.size:
        raise InputError("--attack-faces", f"at most {plural(weapons.size, 'face')}, one per attack die (red, then black, then white)", v["attack_faces"])
    if (faces.defense or faces.guardians) and len(faces.attack) < weapons.size:
        which = "--defense-faces" if faces.defense else "--guardian-faces"
        raise InputError(which, f"only with --attack-faces for every attack die ({weapons.size})", len(faces.attack))
    if len(faces.guardians) > len(guardians):
        raise InputError("--guardian-faces", f"at most {plural(len(guardians), 'list')}, one per --guardian", len(faces.guardians))
    defender = Defender(
        defense=_str_of(v, "defense"), surge=_str_of(v, "defense_surge"), surge_tokens=_int_of(v, "defense_surge_tokens"),
        dodge=_int_of(v, "dodge"), cover=_str_of(v, "cover"), cover_x=_int_of(v, "cover_x"),
        suppression=_int_of(v, "suppression"), courage=_int_of(v, "courage"), armor=_bool_of(v, "armor"),
        armor_x=_int_of(v, "armor_x"), impervious=_bool_of(v, "impervious"), immune_pierce=_bool_of(v, "immune_pierce"),
        has_guardian=_bool_of(v, "defender_guardian"), transported=_bool_of(v, "transported"),
        vehicle=_bool_of(v, "vehicle"), low_profile=_bool_of(v, "low_profile"), dug_in=_bool_of(v, "dug_in"),
        shields=_int_of(v, "shields"), immune_blast=_bool_of(v, "immune_blast"),
        immune_melee_pierce=_bool_of(v, "immune_melee_pierce"), weak_point=_int_of(v, "weak_point"),
        block=_bool_of(v, "block"), outmaneuver=_bool_of(v, "outmaneuver"), danger_sense=_int_of(v, "danger_sense"),
        deflect=_bool_of(v, "deflect"), uncanny_luck=_int_of(v, "uncanny_luck"), soresu=_bool_of(v, "soresu"),
        backup=_bool_of(v, "backup"), duelist=_bool_of(v, "defender_duelist"), hold_the_line=_bool_of(v, "defender_hold_the_line"),
        observe=_int_of(v, "observe"), djem_so=_bool_of(v, "djem_so"), smoke=_int_of(v, "smoke"),
        shien=_bool_of(v, "shien_mastery"),
    )
    ruleset = _str_of(v, "ruleset")
    check_ruleset(defender, ruleset)
    guardian_keyword.check(guardians, ruleset)
    shien.check(defender, ruleset)
    attacker = Attacker(surge=_str_of(v, "surge"), surge_tokens=_int_of(v, "surge_tokens"), aim=_int_of(v, "aim"),
                        precise=_int_of(v, "precise"), immune_deflect=_bool_of(v, "immune_deflect"),
                        duelist=_bool_of(v, "duelist"), makashi=_bool_of(v, "makashi"), jedi_hunter=_bool_of(v, "jedi_hunter"),
                        hold_the_line=_bool_of(v, "hold_the_line"), death_from_above=_bool_of(v, "death_from_above"),
                        ram=_int_of(v, "ram"), lethal=_int_of(v, "lethal"), marksman=_bool_of(v, "marksman"),
                        jar_kai=_bool_of(v, "jar_kai_mastery"), dodge=_int_of(v, "attacker_dodge"))
    chosen = policies.Policies(aim=_str_of(v, "aim_policy"), guardian=_str_of(v, "guardian_policy"),
                               pierce=_str_of(v, "pierce_policy"), dodge=_str_of(v, "dodge_policy"),
                               target=_int_of(v, "target"))
    pool = AttackPool(weapons, defender, guardians, faces)
    pools = (pool,) + _further_pools(given, typed(v, "pool", tuple), typed(v, "defender", tuple))
    if len(pools) > 1 and sum(p.weapons.size for p in pools) > MAX_DICE:
        sizes = " + ".join(str(p.weapons.size) for p in pools)
        raise InputError("--pool", f"at most {MAX_DICE} attack dice in all pools together ({sizes})", sum(p.weapons.size for p in pools))
    numbers = [p.defender_number for p in pools]
    if len(set(numbers)) < len(numbers) and (len(pools) > pool_specs.MAX_POOLS_AGAIN or
                                              sum(p.weapons.size for p in pools) > pool_specs.MAX_DICE_AGAIN):
        raise InputError("--pool", f"when a defender is attacked by more than one pool: at most {pool_specs.MAX_POOLS_AGAIN} "
                         f"pools and {pool_specs.MAX_DICE_AGAIN} attack dice in the attack (the defender's tokens carry "
                         "between its pools, which multiplies the work)",
                         f"{len(pools)} pools, {sum(p.weapons.size for p in pools)} attack dice")
    if chosen.target and len(pools) > 1:
        raise InputError("--target", "one attack pool only: with several pools, optimal maximises the expected wounds over "
                         "every defender together (a chance of at least k wounds does not add up over defenders)", chosen.target)
    kind = overrun.attack_kind(_bool_of(v, "melee"), _bool_of(v, "overrun"), len(pools))
    if attacker.jar_kai and len(pools) > 1:
        raise InputError("--jar-kai-mastery", "one attack pool only (the calculator does not carry the attacker's dodge tokens "
                         "from pool to pool)", len(pools))
    read = readings.Readings(**{rule: _str_of(v, f"{rule}_reading") for rule in readings.CHOICES})
    attack = Attack(attacker, pools, melee=kind == "melee", ruleset=ruleset, policies=chosen, overrun=kind == "overrun", readings=read)
    dice = sum(p.weapons.size for p in pools)
    if len(pools) > 1 and dice > pool_specs.MAX_DICE_WOUNDS_BACK and any(wounds_back_per_surge(attack, p) for p in pools):
        raise InputError("--pool", f"at most {pool_specs.MAX_DICE_WOUNDS_BACK} attack dice in all pools together when a "
                         "defender's Deflect wounds the attacker for each defense surge (Shien Mastery, or Deflect under "
                         "ruleset notes): those wounds are carried from pool to pool, which multiplies the work", dice)
    return attack


def wounds_back_per_surge(attack: Attack, pool: AttackPool) -> bool:
    """The pool's defender can send a wound back to the attacker for each defense surge."""
    defender = pool.defender
    return (deflect.works(defender, attack.attacker, attack.ranged, attack.ruleset, pool.weapons.high_velocity)
            and not attack.attacker.immune_deflect and deflect.wound_per_surge(defender, attack.ruleset)
            and (defender.dodge > 0 or not deflect.needs_dodge(attack.ruleset)))


def _further_pools(given: Mapping[str, object], pools: tuple[object, ...], defenders: tuple[object, ...]) -> tuple[AttackPool, ...]:
    """Pools 2 on (`--pool`), each against defender 1 (the ordinary inputs) or one of
    `--defender`'s; every defender must be attacked by a pool."""
    specs = [{k: given[k] for k in pool_specs.DEFENDER_INPUTS if k in given}]
    specs += [pool_specs.defender_words(text, n) for n, text in enumerate(_split(defenders), 2)]
    if len(specs) > pool_specs.MAX_DEFENDERS:
        raise InputError("--defender", f"at most {pool_specs.MAX_DEFENDERS} defenders in all", len(specs))
    texts = _split(pools)
    if len(texts) + 1 > pool_specs.MAX_POOLS:
        raise InputError("--pool", f"at most {pool_specs.MAX_POOLS} attack pools in all", len(texts) + 1)
    common = {k: given[k] for k in ("ruleset", "melee", "overrun") if k in given}
    out: list[AttackPool] = []
    for n, text in enumerate(texts, 2):
        values, target = pool_specs.pool_words(text, n, len(specs))
        try:
            built = attack_from({**common, **specs[target - 1], **values}).pools[0]
        except InputError as e:
            name = e.option.lstrip("-").split("/")[0]
            where = f"defender {target}" if target > 1 and name.replace("-", "_") in pool_specs.DEFENDER_INPUTS else f"pool {n}"
            raise InputError("--defender" if where.startswith("defender") else "--pool", f"{where}: {name}: {e.allowed}", e.got) from None
        out.append(replace(built, defender_number=target))
    attacked = {1} | {p.defender_number for p in out}
    idle = [n for n in range(1, len(specs) + 1) if n not in attacked]
    if idle:
        raise InputError("--defender", f"defender {idle[0]} has no pool: give a --pool with defender={idle[0]}", len(specs))
    return tuple(out)


def _int_of(values: Mapping[str, object], name: str) -> int:
    return typed(values, name, int)


def _bool_of(values: Mapping[str, object], name: str) -> bool:
    return typed(values, name, bool)


def _str_of(values: Mapping[str, object], name: str) -> str:
    return typed(values, name, str)


ATTACKER_OPTIONS = ("ruleset", "surge", "surge_tokens", "aim", "precise", "melee", "aim_policy", "guardian_policy", "pierce_policy",
                    "dodge_policy", "immune_deflect", "duelist", "makashi", "jedi_hunter", "hold_the_line", "death_from_above", "ram",
                    "lethal", "marksman", "target", "jar_kai_mastery", "attacker_dodge", "overrun",
                    *(f"{rule}_reading" for rule in readings.CHOICES))
"""Inputs that belong to the attack as a whole, not to one pool: given in the first pool."""


def attack_from_pools(pools: Sequence[Mapping[str, object]]) -> Attack:
    """Several pools (step 3), each against its own defender; the first pool's values
    also give the attacker's surge chart, tokens, ruleset and policies."""
    if not pools:
        raise InputError("pools", "at least one attack pool")
    first = attack_from(pools[0])
    later: list[AttackPool] = []
    for n, values in enumerate(pools[1:], 2):
        shared = sorted(k for k in values if k in ATTACKER_OPTIONS)
        if shared:
            raise InputError(f"pools[{n}].{shared[0]}", "attacker inputs (" + ", ".join(ATTACKER_OPTIONS) + ") go in the first pool only")
        later.extend(replace(p, defender_number=n) for p in attack_from(values).pools)
    return replace(first, pools=first.pools + tuple(later))


def wounds_json(d: Distribution[int]) -> dict[str, object]:
    return {"wounds": d.to_json(), "expected_wounds": str(d.expected())}


def pool_json(attack: Attack, pool: AttackPool, r: PoolResult) -> dict[str, object]:
    quiet = shien.applies(pool.defender, attack.attacker, attack.ranged, attack.ruleset, pool.weapons.high_velocity)
    return {
        "defender": wounds_json(r.wounds),
        "guardians": [{"guardian": g.label(), **wounds_json(d), **_guardian_suppression(attack, r, i)}
                      for i, (g, d) in enumerate(zip(pool.guardians, r.guardian_wounds))],
        "suppression": str(r.suppression),
        "suppression_tokens": suppression_tokens(r.suppression, pool.weapons, pool.defender, quiet).to_json(),
        "attacker": wounds_json(r.attacker_wounds),
        "steps": [dict(s) for s in r.steps],
    }


def _guardian_suppression(attack: Attack, r: PoolResult, index: int) -> dict[str, object]:
    """Ruleset 2.6: a guardian that used Guardian X gains one suppression token; its chance
    (the chance it cancelled at least one hit). The notes' text gives it none."""
    if not guardian_keyword.gains_suppression(attack.ruleset) or index >= len(r.guardians_acted):
        return {}
    return {"suppression": str(r.guardians_acted[index])}


def result_json(attack: Attack, results: tuple[PoolResult, ...]) -> dict[str, object]:
    """The `--json` object for the first pool (the CLI and forms give one pool)."""
    return {"ruleset": attack.ruleset, "policies": attack.policies.to_json(), **_readings_json(attack),
            **pool_json(attack, attack.pools[0], results[0])}


def _readings_json(attack: Attack) -> dict[str, object]:
    """`{"readings": {...}}` naming the readings the answer depends on, or nothing."""
    used = readings.applied(attack)
    return {"readings": used} if used else {}


def check_cost(attack: Attack) -> Attack:
    """The attack with its default aim policy chosen (`aim_choice.chosen`); refuses, before
    computing, an input beyond a policy the reader named's declared bound."""
    attack = aim_choice.chosen(attack)
    why = aim_choice.heuristic_refusal(attack, attack.policies.aim)
    if why:
        raise InputError("--aim-policy", why, attack.policies.aim)
    if attack.policies.aim != "optimal" or attack.policies.why:
        return attack
    cost = aim_choice.optimal_costs(attack)
    if cost.alone > OPTIMAL_MAX_COST:
        raise InputError("--aim-policy", f"optimal: too costly for this pool (cost {cost.alone:,} above {OPTIMAL_MAX_COST:,}; "
                         "fewer dice, colours, tokens or Precise lower it; with Lethal X or Marksman each count of aim "
                         "tokens left is weighed apart), or choose another policy (the default, optimal-if-it-fits, "
                         "takes the best heuristic where optimal is too costly)", attack.policies.aim)
    if cost.total > OPTIMAL_MAX_COST:
        raise InputError("--aim-policy", f"optimal: too costly for these pools (cost {cost.total:,} above {OPTIMAL_MAX_COST:,}: a pool "
                         "after another is weighed once for every count of tokens the pools before may leave it, a pool before "
                         "another once for every count of aim tokens it may leave; fewer pools, "
                         "dice, tokens or Precise lower it), or choose another policy (the default, optimal-if-it-fits, "
                         "takes the best heuristic where optimal is too costly)", attack.policies.aim)
    return attack


def pools_json(attack: Attack, outcome: AttackOutcome) -> dict[str, object]:
    """The `--json` object of an attack with several pools: each defender's wounds after
    every pool against it, which defender each pool attacked, every guardian's wounds,
    the attacker's wounds in all, and pool 1's trace."""
    guardians = [{"guardian": f"{g.label()} (pool {n})", **wounds_json(d), **_guardian_suppression(attack, r, i)}
                 for n, (pool, r) in enumerate(zip(attack.pools, outcome.pools), 1)
                 for i, (g, d) in enumerate(zip(pool.guardians, r.guardian_wounds))]
    return {
        "ruleset": attack.ruleset,
        "policies": attack.policies.to_json(),
        **_readings_json(attack),
        "defenders": [{**wounds_json(d.wounds), "suppression_tokens": d.suppression_tokens.to_json(),
                       "pools": _pools_text(d.pools)} for d in outcome.defenders],
        "pools": [{"defender": p.defender_number, "expected_wounds": str(r.wounds.expected())}
                  for p, r in zip(attack.pools, outcome.pools)],
        "guardians": guardians,
        "attacker": wounds_json(outcome.attacker_wounds),
        "steps": [dict(s) for s in outcome.pools[0].steps],
    }


def _pools_text(numbers: tuple[int, ...]) -> str:
    """"pool 1", "pools 1 and 3": words, so that no reader takes it for a number."""
    if len(numbers) == 1:
        return f"pool {numbers[0]}"
    return "pools " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def run(values: Mapping[str, object]) -> dict[str, object]:
    """Validate, resolve the attack exactly, and return the CLI's `--json` object (with
    `--pool`, `pools_json`'s)."""
    attack = check_cost(attack_from(values))
    if len(attack.pools) > 1:
        return pools_json(attack, resolve_pools(attack))
    return result_json(attack, resolve_attack(attack))


def run_pools(pools: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """Several pools resolved in turn: `{"ruleset", "policies", "pools": [...]}`, each pool
    shaped like `run`'s object without the first two keys."""
    attack = check_cost(attack_from_pools(pools))
    results = resolve_attack(attack)
    return {
        "ruleset": attack.ruleset,
        "policies": attack.policies.to_json(),
        **_readings_json(attack),
        "pools": [pool_json(attack, pool, r) for pool, r in zip(attack.pools, results)],
    }


def run_vehicle_damage(values: Mapping[str, object]) -> dict[str, object]:
    """Ruleset notes: P(Damaged), P(Disabled), P(Weapon Destroyed); ruleset 2.6: the vehicle
    damage token. Both: P(a damaged vehicle loses an action when it activates)."""
    v = validate(VEHICLE_OPTIONS, {k: x for k, x in values.items() if x != ""})
    face = None if v["face"] is None else str(v["face"])  # validate gave one of EFFECTS' faces
    ruleset = str(v["ruleset"])
    if face is not None and ruleset != "notes":
        raise InputError("--face", "only with --ruleset notes (since 2.6 no die is rolled: the vehicle gains a damage token)", face)
    result = vehicle_damage(face, ruleset)
    out: dict[str, object] = {"ruleset": ruleset}
    for effect in (EFFECTS.values() if ruleset == "notes" else (TOKEN,)):
        out[effect] = str(result.effect[effect])
    out["lose_action_when_damaged_activates"] = str(result.lose_action_when_damaged_activates)
    out["steps"] = [] if face is None else [{
        "step": "vehicle-damage", "title": "Vehicle damage", "rule": "vehicle-damage",
        "text": f"The red defense die shows {face}: the vehicle is {EFFECTS[face].replace('_', ' ')}.",
        "state": {"effect": EFFECTS[face]},
    }]
    return out


def fraction_text(p: Fraction) -> str:
    """For tables: exact value and a rounded percentage (display only)."""
    return f"{p} ({float(p) * 100:.2f}%)"

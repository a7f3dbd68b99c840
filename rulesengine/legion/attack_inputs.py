"""From loose input values (argv, a form, JSON) to the engine's model of an attack:
validated against `inputs.OPTIONS`, each refusal naming its flag (`attack_from`,
`attack_from_pools`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from rulesengine.errors import InputError
from rulesengine.legion import policies, readings
from rulesengine.legion import pool_specs
from rulesengine.legion.pool_forming import formed
from rulesengine.legion.keywords import deflect, overrun, shien, vaapad
from rulesengine.legion.keywords import overwhelm as overwhelm_keyword
from rulesengine.legion.keywords import guardian as guardian_keyword
from rulesengine.legion.rulesets import check_ruleset
from rulesengine.legion.dice import ATTACK_FACES, DEFENSE_FACES
from rulesengine.legion.model import Attack, Attacker, AttackPool, Defender, Faces, Guardian, Weapons
from rulesengine.options import typed, validate
from rulesengine.wording import plural
from rulesengine.legion.inputs import (
    MAX_DICE,
    MAX_GUARDIANS,
    REPEAT_SEPARATOR,
    GUARDIAN_FIELDS,
    GUARDIAN_FORMAT,
    _reading,
    OPTIONS,
    UNIT_INPUTS,
    names_units,
)
from rulesengine.records import replace


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
                    soresu=values["soresu"] is True, dodge=int(str(values["dodge"])), impervious=values["impervious"] is True)


def attack_from(values: Mapping[str, object], assault_whites: int | None = None) -> Attack:
    """Validated values to the engine's model; raises InputError naming the flag. Units
    named (`attacker_unit`, `defender_unit`, ...) stand for the inputs on their cards, under
    the other values given (`units.unit_values`). `assault_whites`: how many white dice
    Assault X upgrades (None: as its policy starts; `assault_choice` tries each way under
    the policy most-wounds)."""
    if names_units(values):
        from rulesengine.legion import units  # the card data: only when a unit is named

        values = units.unit_values(values)
    given = {k: v for k, v in values.items() if v != "" and k not in UNIT_INPUTS}
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
                     is_cumbersome=_bool_of(v, "cumbersome"), assault_x=_int_of(v, "assault"), assault_whites=assault_whites,
                     assault_policy=_str_of(v, "assault_policy"), sniper=_bool_of(v, "sniper_team"),
                     vaapad_tokens=_int_of(v, "vaapad"))
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
        shien=_bool_of(v, "shien_mastery"), vaapad=vaapad.dice(_int_of(v, "defender_vaapad")),
    )
    ruleset = _str_of(v, "ruleset")
    for flag, used, keyword in (("--overwhelm", _bool_of(v, "overwhelm"), overwhelm_keyword),
                                ("--defender-vaapad", _int_of(v, "defender_vaapad"), vaapad)):
        if used and ruleset not in keyword.RULESETS:
            raise InputError(flag, "only with --ruleset " + " or ".join(keyword.RULESETS)
                             + f" ({keyword.NAME} came with the April 2026 rulebook)", used)
    vaapad.check(defender.defense, _int_of(v, "defender_vaapad"))
    check_ruleset(defender, ruleset)
    guardian_keyword.check(guardians, ruleset)
    shien.check(defender, ruleset)
    attacker = Attacker(surge=_str_of(v, "surge"), surge_tokens=_int_of(v, "surge_tokens"), aim=_int_of(v, "aim"),
                        precise=_int_of(v, "precise"), immune_deflect=_bool_of(v, "immune_deflect"),
                        duelist=_bool_of(v, "duelist"), makashi=_bool_of(v, "makashi"), jedi_hunter=_bool_of(v, "jedi_hunter"),
                        hold_the_line=_bool_of(v, "hold_the_line"), death_from_above=_bool_of(v, "death_from_above"),
                        ram=_int_of(v, "ram"), lethal=_int_of(v, "lethal"), marksman=_bool_of(v, "marksman"),
                        jar_kai=_bool_of(v, "jar_kai_mastery"), dodge=_int_of(v, "attacker_dodge"),
                        overwhelm=_bool_of(v, "overwhelm"))
    chosen = policies.Policies(aim=_str_of(v, "aim_policy"), guardian=_str_of(v, "guardian_policy"),
                               pierce=_str_of(v, "pierce_policy"), dodge=_str_of(v, "dodge_policy"),
                               assault=_str_of(v, "assault_policy"), sniper=_str_of(v, "sniper_policy"),
                               target=_int_of(v, "target"))
    pool = AttackPool(weapons, defender, guardians, faces)
    pools = (pool,) + _further_pools(given, typed(v, "pool", tuple), typed(v, "defender", tuple))
    if len(pools) > 1 and sum(p.weapons.size for p in pools) > MAX_DICE:
        sizes = " + ".join(str(p.weapons.size) for p in pools)
        raise InputError("--pool", f"at most {MAX_DICE} attack dice in all pools together ({sizes})", sum(p.weapons.size for p in pools))
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
    """Pools 2 on (`--pool`), each against one of `--defender`'s defenders, pool N against
    defender N unless it names another; no two pools attack one defender, and every
    defender is attacked by a pool."""
    specs = [{k: given[k] for k in pool_specs.DEFENDER_INPUTS if k in given}]
    specs += [pool_specs.defender_words(text, n) for n, text in enumerate(_split(defenders), 2)]
    if len(specs) > pool_specs.MAX_DEFENDERS:
        raise InputError("--defender", f"at most {pool_specs.MAX_DEFENDERS} defenders in all", len(specs))
    texts = _split(pools)
    if len(texts) + 1 > pool_specs.MAX_POOLS:
        raise InputError("--pool", f"at most {pool_specs.MAX_POOLS} attack pools in all", len(texts) + 1)
    common = {k: given[k] for k in ("ruleset", "melee", "overrun") if k in given}
    out: list[AttackPool] = []
    taken = {1: 1}
    for n, text in enumerate(texts, 2):
        values, target = pool_specs.pool_words(text, n, len(specs), taken)
        try:
            built = attack_from({**common, **specs[target - 1], **values}).pools[0]
        except InputError as e:
            name = e.option.lstrip("-").split("/")[0]
            where = f"defender {target}" if target > 1 and name.replace("-", "_") in pool_specs.DEFENDER_INPUTS else f"pool {n}"
            raise InputError("--defender" if where.startswith("defender") else "--pool", f"{where}: {name}: {e.allowed}", e.got) from None
        out.append(replace(built, defender_number=target))
    idle = [n for n in range(1, len(specs) + 1) if n not in taken]
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
                    "lethal", "marksman", "target", "jar_kai_mastery", "attacker_dodge", "overrun", "overwhelm", "vaapad",
                    "assault_policy", "sniper_policy",
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

"""JSON-in/JSON-out entry point for one SWTCG attack, and the declared inputs.

`OPTIONS` is the single description of the attack's inputs: the command line, `run`
and the site's calculator form are all built from it. Bounds keep exact results quick
(at most 30 + 10 + 10 + 10 attack dice); they are wider than any printed card needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.options import Option, validate
from rulesengine.swtcg.comma_list import comma_items
from rulesengine.swtcg.dice import hit_threshold
from rulesengine.swtcg.hidden_cost import HIDDEN_COST_OPTIONS, run_hidden_cost
from rulesengine.swtcg.intercept import SPEC_HELP as INTERCEPT_HELP
from rulesengine.swtcg.intercept import SPEC_LIMITS
from rulesengine.swtcg.intercept import parse_intercepting_units
from rulesengine.swtcg.policies import DEFLECT_POLICIES, EVADE_POLICIES, OVERKILL_POLICIES, Policies
from rulesengine.swtcg.power import PowerChanges, attacker_arena
from rulesengine.swtcg.reroll import REROLL_POLICIES, REROLLERS, Reroll, chosen_dice
from rulesengine.swtcg.sequence import Attack, Outcome, declare_attack, deflect_target, resolve, trace
from rulesengine.swtcg.switch import ARENAS, SPEC_HELP as SWITCH_HELP, parse_switch, switch_bonus
from rulesengine.wording import plural
from rulesengine.swtcg.units import DEFENDER, MAX_INTERCEPTORS, SECOND_UNIT, Attacker, Unit

__all__ = ["HIDDEN_COST_OPTIONS", "KEYWORDS", "NO_NUMBER", "OPTIONS", "run", "run_hidden_cost"]


def _int(name: str, label: str, default: int, lo: int, hi: int, help: str = "", *, group: str = "other",
         keywords: tuple[str, ...] = ()) -> Option:
    return Option(name, label, "int", default, minimum=lo, maximum=hi, help=help, group=group, keywords=keywords)


def _bool(name: str, label: str, help: str = "", *, group: str = "other", keywords: tuple[str, ...] = ()) -> Option:
    return Option(name, label, "bool", False, help=help, group=group, keywords=keywords)


D6_FACES = tuple(str(face) for face in range(1, 7))
"""The faces of an attack die, as the trace's inputs take them."""

OPTIONS: tuple[Option, ...] = (
    _int("power", "Attacker's power", 3, 0, 30, "one attack die per point of power", group="dice"),
    _int("accuracy", "Accuracy", 0, -5, 5, "added to each attack die; negative for Accuracy -X", group="attacker"),
    _int("critical_hit", "Critical Hit", 0, 0, 20, "extra damage if any natural 6 is rolled", group="attacker"),
    _bool("armor", "Defender has Armor", "hit only on 5 or more", group="defender"),
    _int("shields", "Defender's Shields", 0, 0, 30, "the attacker gets this much less power against the defender", group="defender"),
    _int("parry", "Defender's Parry", 0, 0, 20, "prevented if any natural 1 is rolled", group="defender"),
    _int("evade", "Defender's Evade", 0, 0, 20, "prevent up to this much damage", group="defender"),
    _int("deflect", "Defender's Deflect", 0, 0, 20, "prevent this much and do it to another unit", group="defender"),
    _int("health", "Defender's health", 3, 1, 30, group="defender"),
    _int("damage", "Damage already on the defender", 0, 0, 29, group="defender"),
    _bool("overkill", "Attacker has Overkill", "excess hits may go to a second unit", group="attacker"),
    _int("second_health", "Second unit's remaining health", 3, 1, 30, "the unit Overkill hits (or Deflect, if it picks it)", group="defender"),
    _int("second_evade", "Second unit's Evade", 0, 0, 20, group="defender"),
    Option("intercept_by", "Intercepting units", "text", None, repeatable=True,
           help=INTERCEPT_HELP + f"; several intercept in order (repeat, or separate with ;), at most {MAX_INTERCEPTORS}; empty for none", group="defender",
           parts=(*(Option(k, k.capitalize(), "int", 3 if k == "health" else 0, minimum=lo, maximum=hi) for k, (lo, hi) in SPEC_LIMITS.items()),
                  Option("armor", "Armor", "bool", False)), joined="pairs", unit="intercepting unit"),
    _bool("precision", "Attacker has Precision (Elude)", "the attack cannot be intercepted", group="attacker"),
    _int("bombard", "Bombard X (Space unit at a Ground unit)", 0, 0, 30,
         "the attacker, in the Space arena, uses Bombard to attack the defender in the Ground arena with this power "
         "(power changes still apply); needs the arena ground, since a unit in the Space arena cannot be bombarded; "
         "0 for a normal attack in the defender's arena", group="attacker"),
    _int("inspiration", "Inspiring units with the attacker", 0, 0, 10, "+1 power each", group="attacker"),
    _int("pilot_power", "Pilot's power bonus", 0, 0, 10, "what the attacker's Pilot gives it", group="attacker"),
    Option("switch", "Attacker's Switch power", "text", "", help=SWITCH_HELP + "; empty for none", group="attacker",
           parts=tuple(Option(a, f"Power in the {a} arena", "int", 0, minimum=-10, maximum=10) for a in ARENAS), joined="pairs"),
    Option("arena", "Defender's arena (where the attack is)", "choice", "ground", choices=ARENAS,
           help="the arena the defender is in; the attacker is in it too (its Switch reads it) unless it uses Bombard, "
                "which needs ground and puts the attacker in space", group="defender"),
    _int("defender_inspiration", "Inspiring units with the defender", 0, 0, 10, "+1 health each", group="defender"),
    _int("attacker_deflect", "Attacker's Deflect", 0, 0, 20, "if deflected damage reaches the attacker", group="attacker"),
    _bool("unpreventable", "The attack's damage is unpreventable", "Parry, Evade and Deflect cannot touch it", group="attacker"),
    Option("faces", "Faces rolled (trace)", "text", "", choices=D6_FACES, help="comma-separated faces 1-6, one per attack die; empty for the exact distribution", group="trace"),
    Option("reroll_by", "Re-roll effect played by", "choice", "nobody", choices=REROLLERS,
           help="an effect that lets this player re-roll some attack dice; Critical Hit and Parry read the roll after re-rolls", group="dice"),
    _int("reroll_dice", "Dice the effect may re-roll", 1, 0, 10, "at most this many, each once", group="dice"),
    Option("reroll_policy", "Which dice are re-rolled", "choice", "usual", choices=tuple(REROLL_POLICIES),
           help="usual: the attacker re-rolls misses, the defender hits; or misses, hits, ones, sixes", group="policies"),
    Option("reroll_faces", "Faces the re-rolled dice show (trace)", "text", "", choices=D6_FACES,
           help="comma-separated faces 1-6, one per re-rolled die, in the order the policy picks them (the trace names them)", group="trace"),
    Option("evade_policy", "Evade choice", "choice", "most", choices=tuple(EVADE_POLICIES), group="policies"),
    Option("overkill_policy", "Overkill choice", "choice", "all-excess", choices=tuple(OVERKILL_POLICIES), group="policies"),
    Option("deflect_policy", "Deflect target", "choice", "attacker", choices=tuple(DEFLECT_POLICIES),
           help="the unit in the arena the defender's Deflect does its damage to: attacker, itself, the second unit, "
                "the unit first attacked or an intercepting unit (by its place in the list), or nobody", group="policies"),
)

KEYWORDS: dict[str, str] = {
    "Accuracy": "accuracy",
    "Armor": "armor",
    "Bombard": "bombard",
    "Critical Hit": "critical_hit",
    "Deflect": "deflect",
    "Evade": "evade",
    "Hidden Cost": "build_cost,counters,x",
    "Inspiration": "inspiration",
    "Intercept": "intercept_by",
    "Overkill": "overkill",
    "Parry": "parry",
    "Pilot": "pilot_power",
    "Precision": "precision",
    "Shields": "shields",
    "Switch": "switch,arena",
}

NO_NUMBER: dict[str, str] = {
    "Elude": "Elude was renamed Precision and only forbids Intercept; the Precision option of the attack calculator shows it.",
    "Enhance": "Enhance offers an extra effect for an extra cost; whether to pay is a choice, and there is nothing to count.",
    "Equip": "Equip attaches Equipment during the build step; it changes no die, damage or cost the engine could count.",
    "Reserves": "Reserves says when another ability works (only in the build zone); the number, if any, belongs to that ability.",
}


def _int_of(v: Mapping[str, object], name: str) -> int:
    value = v[name]
    assert isinstance(value, int)
    return value


def _attack(v: Mapping[str, object]) -> Attack:
    """The attack that validated inputs describe."""
    bombard = _int_of(v, "bombard")
    arena = attacker_arena(str(v["arena"]), bombard)
    changes = PowerChanges(
        bombard=bombard,
        inspiration=_int_of(v, "inspiration"),
        pilot=_int_of(v, "pilot_power"),
        switch=switch_bonus(parse_switch(str(v["switch"])), arena),
    )
    extra_health = _int_of(v, "defender_inspiration")
    defender = Unit(
        name=DEFENDER, health=_int_of(v, "health") + extra_health, damage=_int_of(v, "damage"),
        armor=bool(v["armor"]), shields=_int_of(v, "shields"), parry=_int_of(v, "parry"),
        evade=_int_of(v, "evade"), deflect=_int_of(v, "deflect"),
    )
    if defender.remaining_health <= 0:
        raise InputError("--damage", "less than the defender's health (a unit whose damage reaches its health is discarded)", defender.damage)
    specs = v["intercept_by"]
    assert isinstance(specs, tuple)
    interceptors = tuple(
        replace(unit, health=unit.health + extra_health)
        for unit in parse_intercepting_units(tuple(p.strip() for s in specs for p in str(s).split(";") if p.strip()))
    )
    second = Unit(name=SECOND_UNIT, health=_int_of(v, "second_health"), evade=_int_of(v, "second_evade"))
    in_arena = bool(v["overkill"]) or v["deflect_policy"] == "second-unit"
    attack = Attack(
        attacker=Attacker(
            power=_int_of(v, "power"), accuracy=_int_of(v, "accuracy"), critical_hit=_int_of(v, "critical_hit"),
            overkill=bool(v["overkill"]), precision=bool(v["precision"]), deflect=_int_of(v, "attacker_deflect"),
        ),
        defender=defender,
        second=second if in_arena else None,
        interceptors=interceptors,
        power_changes=changes,
        unpreventable=bool(v["unpreventable"]),
        policies=Policies(evade=str(v["evade_policy"]), overkill=str(v["overkill_policy"]), deflect=str(v["deflect_policy"]),
                          reroll=str(v["reroll_policy"])),
        reroll=Reroll(str(v["reroll_by"]), _int_of(v, "reroll_dice"), str(v["reroll_policy"])),
    )
    declared, _ = declare_attack(attack)
    try:
        deflect_target(attack.policies.deflect, declared.interception)
    except ValueError:
        units = ["attacker", "itself", "second-unit", "nobody"]
        units += ["attacked-unit"] if declared.interception.intercepted else []
        units += [f"intercepting-unit-{n}" for n in range(1, len(interceptors) + 1) if declared.interception.intercepted]
        raise InputError("--deflect-policy", "a unit in this attack's arena: " + ", ".join(units), attack.policies.deflect) from None
    return attack


def _faces(text: str, dice: int, flag: str = "--faces", why: str = "this attack rolls") -> tuple[int, ...]:
    faces = f"{dice} comma-separated faces" if dice != 1 else "1 face"
    allowed = f"{faces} from 1 to 6 ({why} {plural(dice, 'die', 'dice')})"
    if dice == 0 and not text.strip():
        return ()
    parts = comma_items(text, flag, allowed)
    if len(parts) != dice or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
        raise InputError(flag, allowed, text)
    return tuple(int(p) for p in parts)


def _traced(attack: Attack, v: Mapping[str, object], dice: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The faces rolled and the faces re-rolled dice show (trace mode), or None."""
    faces_text, again_text = str(v["faces"]).strip(), str(v["reroll_faces"]).strip()
    if again_text and not attack.reroll.played:
        raise InputError("--reroll-faces", "empty unless a re-roll effect is played (--reroll-by attacker or defender)", again_text)
    if not faces_text:
        if again_text:
            raise InputError("--reroll-faces", "empty unless --faces gives the roll (trace)", again_text)
        return None
    faces = _faces(faces_text, dice)
    declared, _ = declare_attack(attack)
    picked = chosen_dice(faces, declared.accuracy, declared.armor, attack.reroll)
    return faces, _faces(again_text, len(picked), "--reroll-faces", f"the {attack.reroll.rule} policy re-rolls")


def _intercept_status(attack: Attack) -> str:
    if not attack.interceptors:
        return "none"
    return "forbidden by Precision" if attack.attacker.precision else "intercepted"


def _sorted_json(d: Distribution[int]) -> dict[str, str]:
    return {str(k): str(p) for k, p in sorted(d.items())}


def run(values: Mapping[str, object]) -> dict[str, object]:
    """The attack's exact result (or its trace when `faces` is given), as JSON values.

    Keys: `policies` (the choice made for each player decision) and `policy_text`;
    `attack` (who defends after Intercept, power, dice, the number a die must reach);
    `damage` (damage placed on the defender -> probability), `expected_damage`,
    `defeated` (probability the defender is discarded); `second` (the same for the
    unit Overkill hits, with `used`); `deflected` (damage Deflect places on its target);
    `steps` (only with `faces`: the windows in order). Probabilities are `str(Fraction)`.
    Raises InputError naming the flag of any input that is not allowed.
    """
    v = validate(OPTIONS, values)
    attack = _attack(v)
    declared, _ = declare_attack(attack)
    traced = _traced(attack, v, declared.dice)
    steps: list[dict[str, object]] = []
    if traced is not None:
        outcome, trace_steps = trace(attack, *traced)
        outcomes: Distribution[Outcome] = Distribution.certain(outcome)
        steps = [s.to_json() for s in trace_steps]
    else:
        outcomes = resolve(attack)
    defender = outcomes.map(lambda o: o.defender_damage)
    second = outcomes.map(lambda o: o.second_damage)
    deflected = outcomes.map(lambda o: o.deflected_damage)
    target = deflect_target(attack.policies.deflect, declared.interception)
    return {
        "policies": attack.policies.to_json(),
        "policy_text": attack.policies.texts(),
        "attack": {
            "defender": declared.defender.name,
            "intercepted": _intercept_status(attack) == "intercepted",
            "intercept": _intercept_status(attack),
            "attacked": [u.name for u in declared.interception.passed],
            "power": declared.power,
            "dice": declared.dice,
            "hits_on": hit_threshold(declared.armor),
        },
        "damage": _sorted_json(defender),
        "expected_damage": str(defender.expected()),
        "defeated": str(outcomes.probability(lambda o: o.defender_discarded)),
        "second": {
            "used": attack.second is not None,
            "damage": _sorted_json(second),
            "expected_damage": str(second.expected()),
            "defeated": str(outcomes.probability(lambda o: o.second_discarded)),
        },
        "deflected": {
            "target": None if target is None else (declared.defender.name if target == DEFENDER else target),
            "damage": _sorted_json(deflected),
            "expected_damage": str(deflected.expected()),
        },
        "steps": steps,
    }

"""Star Wars Trading Card Game calculators: one attack, and Hidden Cost.

Keyword pages come from the engine's own `KEYWORDS` (keyword -> the inputs that exercise
it), so a keyword the engine learns gets a calculator without an edit here; the presets
below only pick values that show a few keywords more clearly.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.calculators.model import Calculator, Preset, showing_value
from rulesengine.options import Option

ATTACK_FIELDS = ("power", "accuracy", "armor", "shields", "health", "damage")

_UNIT = {"power": 4, "health": 5}

HAND_PRESETS: dict[str, Preset] = {
    "Accuracy": Preset.of(("accuracy", "armor"), **_UNIT, accuracy=1, armor=True),
    "Armor": Preset.of(("armor", "accuracy"), **_UNIT, armor=True, accuracy=1),
    "Overkill": Preset.of(("overkill", "second_health", "second_evade", "overkill_policy"), power=6, health=2, overkill=True, second_health=3),
    "Evade": Preset.of(("evade", "evade_policy"), **_UNIT, evade=2),
    "Deflect": Preset.of(("deflect", "deflect_policy", "attacker_deflect", "intercept_by"), **_UNIT, deflect=2),
    "Intercept": Preset.of(("intercept_by", "precision", "deflect_policy"), **_UNIT, intercept_by=("health=5,armor", "health=3,shields=1")),
    "Precision": Preset.of(("precision", "intercept_by"), **_UNIT, intercept_by="health=5,armor", precision=True),
    "Switch": Preset.of(("switch", "arena"), **_UNIT, switch="ground=+1,space=+2", arena="space"),
    "Bombard": Preset.of(("bombard",), power=0, health=5, bombard=3),
    # Both read the roll after re-rolls: the player each hurts re-rolls the die it needs.
    "Critical Hit": Preset.of(("critical_hit", "reroll_by", "reroll_dice", "reroll_policy"), **_UNIT,
                              critical_hit=2, reroll_by="defender", reroll_policy="sixes"),
    "Parry": Preset.of(("parry", "reroll_by", "reroll_dice", "reroll_policy"), **_UNIT,
                       parry=2, reroll_by="attacker", reroll_policy="ones"),
}

ALIASES = {"Elude": "Precision"}
"""Keywords the glossary defines under another name: the page gets that keyword's preset."""

ATTACK_LABELS = {
    "damage": "Damage to the defender",
    "expected_damage": "Expected damage to the defender",
    "defeated": "Probability that the defender is discarded",
    "deflected.damage": "Damage Deflect does to the unit it picks",
    "deflected.expected_damage": "Expected damage Deflect does to the unit it picks",
    "second.damage": "Damage to the second unit (Overkill)",
    "second.expected_damage": "Expected damage to the second unit",
    "second.defeated": "Probability that the second unit is discarded",
    "attack.defender": "",
    "attack.intercepted": "Intercepted",
    "attack.intercept": "Intercept",
    "attack.attacked[*]": "Attacked, then intercepted",
    "attack.power": "Attacker's power (before Shields)",
    "attack.dice": "Attack dice rolled (power less Shields)",
    "attack.hits_on": "A die hits when face + Accuracy is at least",
    "deflected.target": "",
    "second.used": "",
}


HIDDEN_COST_LABELS = {
    "can_complete": "Can be completed now",
    "required_counters": "Build counters required",
    "remaining_build_cost": "Remaining build cost",
    "force": "Force to pay",
    "reason": "Why",
    "reading": "Reading",
    "note": "How the engine reads the rule",
}


def _option_names(spec: object) -> tuple[str, ...]:
    """KEYWORDS values name one option or several ("a,b" or a tuple)."""
    if isinstance(spec, str):
        return tuple(s.strip() for s in spec.split(",") if s.strip())
    if isinstance(spec, (list, tuple)):
        return tuple(str(s) for s in spec)
    return ()


def keyword_presets(keywords: Mapping[str, object], options: tuple[Option, ...]) -> dict[str, Preset]:
    by_name = {o.name: o for o in options}
    presets: dict[str, Preset] = {}
    for keyword, spec in keywords.items():
        if keyword in HAND_PRESETS:
            presets[keyword] = HAND_PRESETS[keyword]
            continue
        names = tuple(n for n in _option_names(spec) if n in by_name)
        values: dict[str, object] = dict(_UNIT)
        for name in names:
            shown = showing_value(by_name[name])
            if shown is not None:
                values[name] = shown
        presets[keyword] = Preset.of(names, **values)
    return presets


def hits_on(calc: Calculator, values: Mapping[str, object]) -> str:
    """The natural faces that hit: one die showing each face in turn (trace mode), with
    the block's other inputs. The roll step's hit count is read, so Critical Hit or
    damage prevention in the block do not blur the answer."""
    faces = []
    for face in range(1, 7):
        result = calc.run({**values, "power": 1, "faces": str(face)})
        if _hits(result) > 0:
            faces.append(str(face))
    return ",".join(faces)


def _hits(result: Mapping[str, object]) -> int:
    steps = result.get("steps")
    for step in steps if isinstance(steps, list) else []:
        if isinstance(step, Mapping) and step.get("step") == "roll":
            state = step.get("state")
            hits = state.get("hits") if isinstance(state, Mapping) else None
            if isinstance(hits, int):
                return hits
    raise LookupError("the engine's trace has no roll step that counts hits")


def swtcg_calculators() -> tuple[Calculator, ...]:
    from rulesengine.swtcg import api

    options = tuple(api.OPTIONS)
    presets = keyword_presets(api.KEYWORDS, options)
    presets.pop("Hidden Cost", None)  # Hidden Cost is its own calculator, not an attack
    presets.update({alias: presets[name] for alias, name in ALIASES.items() if name in presets})
    attack = Calculator(
        name="swtcg-attack",
        title="SWTCG attack",
        game="swtcg",
        options=options,
        run=api.run,
        fields=ATTACK_FIELDS,
        keywords=presets,
        labels=ATTACK_LABELS,
        quiet=("deflected", "second", "attack.intercepted", "attack.intercept"),
        probes={"hits-on": hits_on},
    )
    hidden_options = tuple(api.HIDDEN_COST_OPTIONS)
    hidden_cost = Calculator(
        name="swtcg-hidden-cost",
        title="SWTCG Hidden Cost",
        game="swtcg",
        options=hidden_options,
        run=api.run_hidden_cost,
        fields=tuple(o.name for o in hidden_options),
        keywords={"Hidden Cost": Preset.of(tuple(o.name for o in hidden_options))},
        labels=HIDDEN_COST_LABELS,
    )
    return attack, hidden_cost

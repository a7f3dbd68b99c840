"""The Legion engine's one entry point for the CLI, the browser and the site's calculators.

`OPTIONS` declares every input once (name, label, kind, bounds, default); `run` takes loose
values (from argv, a form or JSON), validates them and returns a JSON-ready dict whose
probabilities are `str(Fraction)`. `run_vehicle_damage` does the same for vehicle damage.
The declarations live in `inputs.py`, the reading of values into the model in
`attack_inputs.py`; this module answers (and re-exports their public names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from rulesengine.distribution import Distribution
from rulesengine.errors import InputError
from rulesengine.legion import aim_choice, assault_choice, policies, pool_specs, readings, readings_used
from rulesengine.legion.pools import AttackOutcome, resolve_attack, resolve_pools
from rulesengine.legion.resolve import PoolResult
from rulesengine.legion.optimal import OPTIMAL_MAX_COST
from rulesengine.legion.keywords import shien
from rulesengine.legion.keywords import guardian as guardian_keyword
from rulesengine.legion.model import Attack, AttackPool
from rulesengine.legion.vehicle_damage import EFFECTS, TOKEN, vehicle_damage
from rulesengine.legion.rulesets import NAMES
from rulesengine.options import validate
from rulesengine.legion.inputs import (
    MAX_DICE,
    MAX_GUARDIANS,
    MAX_GUARDIAN_X,
    MAX_GUARDIAN_TOKENS,
    GUARDIAN_FIELDS,
    GUARDIAN_FORMAT,
    OPTIONS,
    VEHICLE_OPTIONS,
    names_units,
)
from rulesengine.legion.attack_inputs import attack_from, ATTACKER_OPTIONS, attack_from_pools

if TYPE_CHECKING:
    from rulesengine.legion.units import Units

__all__ = ["pool_specs", "ATTACKER_OPTIONS", "GUARDIAN_FIELDS", "GUARDIAN_FORMAT", "MAX_DICE", "MAX_GUARDIANS",
           "MAX_GUARDIAN_TOKENS", "MAX_GUARDIAN_X", "OPTIONS", "VEHICLE_OPTIONS", "attack_from",
           "attack_from_pools", "check_cost", "fraction_text", "pool_json", "pools_json", "result_json",
           "run", "run_pools", "run_vehicle_damage", "units_json", "wounds_json"]


def wounds_json(d: Distribution[int]) -> dict[str, object]:
    return {"wounds": d.to_json(), "expected_wounds": str(d.expected())}


def pool_json(attack: Attack, pool: AttackPool, r: PoolResult) -> dict[str, object]:
    return {
        "defender": wounds_json(r.wounds),
        "guardians": [{"guardian": g.label(), **wounds_json(d), **_guardian_suppression(attack, r, i)}
                      for i, (g, d) in enumerate(zip(pool.guardians, r.guardian_wounds))],
        "suppression": str(r.suppression),
        "suppression_tokens": r.suppression_tokens.to_json(),
        **({"sniper_team": {"cancelled": str(r.sniper_cancelled)}} if pool.weapons.sniper_team else {}),
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
    return {"ruleset": attack.ruleset, "rulebook": NAMES[attack.ruleset], "policies": _policies_json(attack), **_readings_json(attack),
            **pool_json(attack, attack.pools[0], results[0])}


def _policies_json(attack: Attack) -> dict[str, str]:
    """The policies by name; Assault X's and Sniper Team's only when the attack has them."""
    used = ("assault",) * any(p.weapons.assault_ways for p in attack.pools)
    used += ("sniper",) * any(p.weapons.sniper_team for p in attack.pools)
    return attack.policies.to_json(used)


def _readings_json(attack: Attack) -> dict[str, object]:
    """`{"readings": {...}}` naming the readings the answer depends on, or nothing."""
    used = readings_used.applied(attack)
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
                         "uses the best fixed reroll rule where optimal is too costly)", attack.policies.aim)
    if cost.total > OPTIMAL_MAX_COST:
        raise InputError("--aim-policy", f"optimal: too costly for these pools (cost {cost.total:,} above {OPTIMAL_MAX_COST:,}: a pool "
                         "after another is weighed once for every count of tokens the pools before may leave it, a pool before "
                         "another once for every count of aim tokens it may leave; fewer pools, "
                         "dice, tokens or Precise lower it), or choose another policy (the default, optimal-if-it-fits, "
                         "uses the best fixed reroll rule where optimal is too costly)", attack.policies.aim)
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
        "rulebook": NAMES[attack.ruleset],
        "policies": _policies_json(attack),
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
    `--pool`, `pools_json`'s). Units named (`--attacker-unit`, `--defender-unit`, ...) stand
    for the inputs on their cards, under the values given beside them; with a defending
    unit, the defender's result also gives the minis defeated (`units_json`)."""
    found, mapped = None, None
    if names_units(values):
        from rulesengine.legion import units  # the card data: only when a unit is named

        found = units.Units(values)
        mapped = units.attacker_mapped(values, found)
    attack = check_cost(attack_from(values))
    attack, outcome = assault_choice.resolved(attack, lambda whites: check_cost(attack_from(values, whites)))
    if len(attack.pools) > 1:
        result = pools_json(attack, outcome)
        if mapped is not None:
            result["pool"] = mapped.pool
        first = cast(list[dict[str, object]], result["defenders"])[0]
        first.update(units_json(found, outcome.defenders[0].wounds))
        return result
    result = result_json(attack, outcome.pools)
    cast(dict[str, object], result["defender"]).update(units_json(found, outcome.pools[0].wounds))
    if mapped is not None:
        result["pool"] = mapped.pool
    return result


def units_json(found: Units | None, wounds: Distribution[int]) -> dict[str, object]:
    """With a defending unit: `{"unit": name, "minis": N, "wounds_per_mini": W,
    "minis_defeated": {k: p}, "expected_minis_defeated": e}`; else nothing."""
    unit = found.defender if found is not None else None
    if unit is None or unit.minis < 1:  # no defender unit, or its minis come from its upgrades
        return {}
    from rulesengine.legion.units import minis_defeated

    defeated = minis_defeated(wounds, unit)
    return {"unit": unit.name, "minis": unit.minis, "wounds_per_mini": unit.wounds,
            "minis_defeated": defeated.to_json(), "expected_minis_defeated": str(defeated.expected())}


def run_pools(pools: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """Several pools resolved in turn: `{"ruleset", "policies", "pools": [...]}`, each pool
    shaped like `run`'s object without the first two keys."""
    attack = check_cost(attack_from_pools(pools))
    results = resolve_attack(attack)
    return {
        "ruleset": attack.ruleset,
        "rulebook": NAMES[attack.ruleset],
        "policies": _policies_json(attack),
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
    out: dict[str, object] = {"ruleset": ruleset, "rulebook": NAMES[ruleset]}
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

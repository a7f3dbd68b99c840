"""`rulesengine legion [options] [--json]` and `rulesengine legion vehicle-damage [--json]`.

Thin: the parser comes from `api.OPTIONS`, the work from `api.run`; bad input is one line
on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import cast

from rulesengine.errors import RulesError
from rulesengine.legion import api
from rulesengine.options import Option, argument_parser, given
from rulesengine.wording import plural

PROG = "rulesengine legion"

JSON = Mapping[str, object]
"""One object of `api`'s JSON results, read back for the tables."""


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    if args[:1] == ["vehicle-damage"]:
        return _run(f"{PROG} vehicle-damage", api.VEHICLE_OPTIONS, api.run_vehicle_damage, args[1:], _vehicle_table)
    return _run(PROG, api.OPTIONS, api.run, args, _attack_table)


def _run(prog: str, options: Sequence[Option], run: Callable[[JSON], dict[str, object]], args: list[str],
         table: Callable[[JSON], str]) -> int:
    namespace = argument_parser(prog, options).parse_args(args)
    try:
        result = run(given(namespace, options))
    except RulesError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    try:
        print(_json(result) if namespace.json else table(result))
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        sys.stdout = open(os.devnull, "w")
    return 0


def _json(result: JSON) -> str:
    import json  # only `--json` needs it; a table does not

    return json.dumps(result, indent=2)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def _wounds_table(title: str, part: JSON, key: str = "wounds", word: str = "wounds") -> list[str]:
    wounds = {int(k): Fraction(str(v)) for k, v in cast(JSON, part[key]).items()}
    lines = [title, f"  {word:>6}  {'probability':>11}  {'at least':>9}  exact"]
    for w in sorted(wounds):
        at_least = sum((p for k, p in wounds.items() if k >= w), Fraction(0))
        lines.append(f"  {w:>6}  {_percent(wounds[w]):>11}  {_percent(at_least):>9}  {wounds[w]}")
    expected = Fraction(str(part[f"expected_{key}"]))
    lines.append(f"  expected {key.replace('_', ' ')}: {float(expected):.4f} ({expected})")
    if "minis_defeated" in part and key == "wounds":
        minis, each = cast(int, part["minis"]), cast(int, part["wounds_per_mini"])
        lines += _wounds_table(f"  Minis defeated ({part['unit']}: {plural(minis, 'mini')}, {plural(each, 'wound')} each)",
                               part, "minis_defeated", "minis")
    return lines


def _attack_table(result: JSON) -> str:
    policies = ", ".join(f"{k}={v}" for k, v in cast(JSON, result["policies"]).items())
    readings = "".join(f"; {k} reading: {v}" for k, v in cast(JSON, result.get("readings", {})).items())
    lines = [f"Legion attack, ruleset {result['ruleset']} ({result['rulebook']}); policies: {policies}{readings}"]
    if "pool" in result:
        lines.append(f"Attack pool: {result['pool']}")
    if "defenders" in result:
        return "\n".join(lines + _pools_lines(result))
    lines += _wounds_table("Defender", cast(JSON, result["defender"]))
    for i, g in enumerate(cast(Sequence[JSON], result["guardians"]), 1):
        lines += _wounds_table(f"Guardian {i} ({g['guardian']})", g)
    attacker = cast(JSON, result["attacker"])
    if attacker["expected_wounds"] != "0":
        lines += _wounds_table("Attacker (Deflect)", attacker)
    suppression = Fraction(str(result["suppression"]))
    lines.append(f"Defender gains a suppression token: {_percent(suppression).strip()} ({suppression})")
    tokens = cast(JSON, result["suppression_tokens"])
    if any(int(k) > 1 for k in tokens):
        lines.append("Suppression tokens it gains: " + ", ".join(f"{k}: {v}" for k, v in tokens.items()))
    if "sniper_team" in result:
        cancelled = Fraction(str(cast(JSON, result["sniper_team"])["cancelled"]))
        lines.append(f"Attacker cancels the pool (Sniper Team): {_percent(cancelled).strip()} ({cancelled})")
    for step in cast(Sequence[JSON], result["steps"]):
        lines.append(f"  [{step['step']}] {step['title']}: {step['text']}")
    return "\n".join(lines)


def _pools_lines(result: JSON) -> list[str]:
    """Several pools (`--pool`): each defender's wounds after every pool against it."""
    lines = []
    for n, d in enumerate(cast(Sequence[JSON], result["defenders"]), 1):
        lines += _wounds_table(f"Defender {n} (attacked by {d['pools']})", d)
    for g in cast(Sequence[JSON], result["guardians"]):
        lines += _wounds_table(f"Guardian {g['guardian']}", g)
    attacker = cast(JSON, result["attacker"])
    if attacker["expected_wounds"] != "0":
        lines += _wounds_table("Attacker (Deflect, Djem So Mastery)", attacker)
    for step in cast(Sequence[JSON], result["steps"]):
        lines.append(f"  [pool 1, {step['step']}] {step['title']}: {step['text']}")
    return lines


def _vehicle_table(result: JSON) -> str:
    lines = [f"Legion vehicle damage, ruleset {result['ruleset']} ({result['rulebook']})"]
    for key in ("damaged", "disabled", "weapon_destroyed", "vehicle_damage_token", "lose_action_when_damaged_activates"):
        if key not in result:
            continue
        p = Fraction(str(result[key]))
        lines.append(f"  {key.replace('_', ' '):<36} {_percent(p)}  {p}")
    for step in cast(Sequence[JSON], result["steps"]):
        lines.append(f"  {step['text']}")
    return "\n".join(lines)

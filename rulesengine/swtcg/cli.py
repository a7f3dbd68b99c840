"""`python -m rulesengine swtcg [options] [--json]` and `... swtcg hidden-cost ...`.

Thin: the parser comes from the declared options and every check lives in `api`, so a
bad input gets the same one-line message here as from the JSON entry point.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import cast

from rulesengine.errors import RulesError
from rulesengine.options import Option, argument_parser, given
from rulesengine.swtcg.api import HIDDEN_COST_OPTIONS, OPTIONS, run, run_hidden_cost

PROG = "rulesengine swtcg"


def _percent(p: Fraction) -> str:
    """Display only: the engine's answer stays the exact fraction printed beside it."""
    return f"{float(p) * 100:.2f}%"


def damage_rows(damage: Mapping[str, str]) -> list[str]:
    """Damage, probability %, at least %, exact fraction: one aligned row per amount."""
    exact = {int(k): Fraction(v) for k, v in damage.items()}  # api: amount -> str(Fraction)
    rows = [f"{'damage':>6}  {'probability':>11}  {'at least':>9}  exact"]
    for amount in sorted(exact):
        at_least = sum((p for k, p in exact.items() if k >= amount), Fraction(0))
        rows.append(f"{amount:>6}  {_percent(exact[amount]):>11}  {_percent(at_least):>9}  {exact[amount]}")
    return rows


def attack_table(result: Mapping[str, object]) -> str:
    attack = result["attack"]
    assert isinstance(attack, dict)
    lines = [
        f"defender: {attack['defender']}   power {attack['power']}   dice {attack['dice']}   hit on {attack['hits_on']}+",
        "policies: " + ", ".join(f"{k}={v}" for k, v in cast(Mapping[str, object], result["policies"]).items()),
    ]
    lines += damage_rows(cast(Mapping[str, str], result["damage"]))
    lines.append(f"expected damage: {result['expected_damage']}")
    defeated = Fraction(str(result["defeated"]))
    lines.append(f"defender discarded: {_percent(defeated)} ({defeated})")
    second = result["second"]
    assert isinstance(second, dict)
    if second["used"]:
        second_out = Fraction(str(second["defeated"]))
        lines.append(f"second unit: expected damage {second['expected_damage']}, discarded {_percent(second_out)} ({second_out})")
    deflected = result["deflected"]
    assert isinstance(deflected, dict)
    if deflected["expected_damage"] != "0":
        lines.append(f"deflected onto the {deflected['target']}: expected damage {deflected['expected_damage']}")
    for s in cast(Sequence[Mapping[str, object]], result["steps"]):
        lines.append(f"[{s['step']}] {s['text']}")
    return "\n".join(lines)


def hidden_cost_table(result: Mapping[str, object]) -> str:
    verdict = f"yes, for {result['force']} Force" if result["can_complete"] else "no"
    return f"can complete now: {verdict}\n{result['reason']}\nreading: {result['reading']}: {result['note']}"


def _main(prog: str, options: Sequence[Option], compute: Callable[[Mapping[str, object]], dict[str, object]],
          table: Callable[[Mapping[str, object]], str], argv: Sequence[str]) -> int:
    try:
        namespace = argument_parser(prog, options).parse_args(list(argv))
    except SystemExit as stop:  # argparse already printed its one line (or --help)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        result = compute(given(namespace, options))
    except RulesError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if namespace.json else table(result))
    return 0


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] == "hidden-cost":
        return _main(PROG + " hidden-cost", HIDDEN_COST_OPTIONS, run_hidden_cost, hidden_cost_table, args[1:])
    return _main(PROG, OPTIONS, run, attack_table, args)

"""`python -m rulesengine swtcg [options] [--json]` and `... swtcg hidden-cost ...`.

Thin: the parser comes from the declared options and every check lives in `api`, so a
bad input gets the same one-line message here as from the JSON entry point.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import cast

from rulesengine.errors import RulesError
from rulesengine.options import Option, argument_parser, given
from rulesengine.swtcg.api import HIDDEN_COST_OPTIONS, OPTIONS, run, run_hidden_cost

PROG = "rulesengine swtcg"


def _percent(fraction: str) -> str:
    """Display only: the engine's answer stays the exact fraction printed beside it."""
    num, _, den = fraction.partition("/")
    return f"{100 * int(num) / int(den or 1):6.2f}%"


def attack_table(result: Mapping[str, object]) -> str:
    attack = result["attack"]
    assert isinstance(attack, dict)
    lines = [
        f"defender: {attack['defender']}   power {attack['power']}   dice {attack['dice']}   hit on {attack['hits_on']}+",
        "policies: " + ", ".join(f"{k}={v}" for k, v in cast(Mapping[str, object], result["policies"]).items()),
        "damage  probability",
    ]
    for amount, p in cast(Mapping[str, str], result["damage"]).items():  # api: amount -> str(Fraction)
        lines.append(f"{amount:>6}  {p:>14} {_percent(p)}")
    lines.append(f"expected damage: {result['expected_damage']}")
    lines.append(f"defender discarded: {result['defeated']} {_percent(str(result['defeated']))}")
    second = result["second"]
    assert isinstance(second, dict)
    if second["used"]:
        lines.append(f"second unit: expected damage {second['expected_damage']}, discarded {second['defeated']}")
    deflected = result["deflected"]
    assert isinstance(deflected, dict)
    if deflected["expected_damage"] != "0":
        lines.append(f"deflected onto the attacker: expected damage {deflected['expected_damage']}")
    for s in cast(Sequence[Mapping[str, object]], result["steps"]):
        lines.append(f"[{s['step']}] {s['text']}")
    return "\n".join(lines)


def hidden_cost_table(result: Mapping[str, object]) -> str:
    verdict = f"yes, for {result['force']} Force" if result["can_complete"] else "no"
    return f"can complete now: {verdict}\n{result['reason']}\nnote: {result['note']}"


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

"""`rulesengine legion-army LIST.json --defender-unit NAME [--cover ...] [--json]`: every unit
of a list exported by Legion HQ or Tabletop Admiral (Tabletop Simulator JSON) against one
target, at range 1 to 4 and in melee.

Thin, as `legion.cli`: the work is `army.army_json`; bad input (a file that cannot be read,
a text that is no list, a name matched by no card, a target not found) is one line per
problem on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import cast

from rulesengine.errors import InputError, RulesError
from rulesengine.legion.army import COVER, RANGES, army_json, cover_of, read, target
from rulesengine.legion.army_list import ListError
from rulesengine.options import Option, argument_parser

PROG = "rulesengine legion-army"
OPTIONS: tuple[Option, ...] = (
    Option("defender_unit", "Target", "text", None, help="the unit the army attacks: a released unit's name as on its card "
           "(with its title in brackets where two cards share the name)", group="units"),
    COVER,
)

JSON = Mapping[str, object]


def main(argv: Sequence[str]) -> int:
    parser = argument_parser(PROG, OPTIONS)
    parser.description = ("Each unit of a list exported for Tabletop Simulator (Legion HQ, Tabletop Admiral), with its "
                          "upgrades, against one target: the default pool at range 1 to 4 and in melee, its exact expected "
                          "wounds, the chance of at least one wound and the minis defeated. Each cell is what "
                          "`rulesengine legion --attacker-unit ... --upgrade ... --range R --defender-unit ... --cover ...` "
                          "answers.")
    parser.add_argument("list", metavar="LIST.json", help="the list's export (a file; - reads standard input)")
    namespace = parser.parse_args(list(argv))
    problems: list[str] = []
    aim = None
    for check in (lambda: cover_of(namespace.cover), lambda: target(namespace.defender_unit or "")):
        try:  # the cover and the target, each on its own line
            check()
        except InputError as e:
            problems.append(f"{PROG}: {e}")
    if not problems:
        aim = target(namespace.defender_unit, namespace.cover)
    text = _read(namespace.list, problems)
    if text is not None:
        try:
            problems += [f"{PROG}: {namespace.list}: {p}" for p in read(text)[2]]
        except ListError as e:
            problems += [f"{PROG}: {namespace.list}: {p}" for p in e.problems]
    if problems or aim is None or text is None:
        return _refuse(problems)
    try:
        result = army_json(text, aim.unit.name, aim.cover)
    except RulesError as e:
        return _refuse([f"{PROG}: {e}"])
    listed = cast(Sequence[JSON], result["problems"])
    if listed:  # what the single-unit command refused (an illegal upgrade)
        return _refuse([f"{PROG}: {namespace.list}: {p['where']}: {p['message']}" for p in listed])
    try:
        print(json.dumps(result, indent=2) if namespace.json else table(result))
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        sys.stdout = open(os.devnull, "w")
    return 0


def _read(path: str, problems: list[str]) -> str | None:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        problems.append(f"{PROG}: {path}: cannot read the list ({reason})")
        return None


def _refuse(lines: Sequence[str]) -> int:
    for line in lines:
        print(line, file=sys.stderr)
    return 2


def _number(text: object, digits: int = 2) -> str:
    return f"{float(Fraction(str(text))):.{digits}f}"


def _cell(cell: JSON) -> str:
    if cell["expected_wounds"] is None:
        return "—"
    minis = "" if cell["expected_minis_defeated"] is None else f" {_number(cell['expected_minis_defeated'])}m"
    return f"{_number(cell['expected_wounds'])}w {float(Fraction(str(cell['at_least_one_wound']))) * 100:.0f}%{minis}"


def table(result: JSON) -> str:
    """One line per unit and range: expected wounds (w), the chance of at least one wound,
    expected minis defeated (m); then the exact fractions and the pool of each cell."""
    defender = cast(JSON, result["defender"])
    ranges = {"melee": "melee"} | {r: f"range {r}" for r in RANGES if r != "melee"}
    lines = [f"Against {defender['unit']} ({defender['minis']} {'mini' if defender['minis'] == 1 else 'minis'}, "
             f"{defender['wounds_per_mini']} {'wound' if defender['wounds_per_mini'] == 1 else 'wounds'} each), "
             f"cover: {result['cover']}. Each cell: expected wounds (w), chance of at least one wound, "
             "expected minis defeated (m).",
             "  " + f"{'unit':<40}" + "".join(f"{ranges[r]:>20}" for r in RANGES)]
    for row in cast(Sequence[JSON], result["units"]):
        cells = cast(JSON, row["at_range"])
        lines.append("  " + f"{str(row['name'])[:40]:<40}" + "".join(f"{_cell(cast(JSON, cells[r])):>20}" for r in RANGES))
    for row in cast(Sequence[JSON], result["units"]):
        upgrades = ", ".join(cast(Sequence[str], row["upgrades"])) or "no upgrades"
        lines.append(f"{row['name']} ({row['unit']}; {upgrades})")
        not_in = cast(Sequence[str], row["upgrades_not_in_attack"])
        if not_in:
            lines.append(f"  not in the attack: {', '.join(not_in)}")
        for r in RANGES:
            cell = cast(JSON, cast(JSON, row["at_range"])[r])
            if cell["expected_wounds"] is None:
                lines.append(f"  {ranges[r]}: no pool: {cell['reason']}")
                continue
            minis = "" if cell["expected_minis_defeated"] is None else f", minis defeated {cell['expected_minis_defeated']}"
            pool = f" [{_pool_text(cell['pool'])}]" if cell["pool"] else ""
            lines.append(f"  {ranges[r]}: expected wounds {cell['expected_wounds']}, at least one "
                         f"{cell['at_least_one_wound']}{minis}{pool}")
    return "\n".join(lines)


def _pool_text(pool: object) -> str:
    if isinstance(pool, Mapping):
        return str(pool.get("text") or ", ".join(f"{k}: {v}" for k, v in pool.items()))
    return str(pool)

"""Adversarial search of the Legion calculator's whole input space for slow inputs.

Run: nice .venv/bin/python scripts/bench/legion_search.py [--seed N] [--draws N] [--rounds N]
     [--table]

It draws random inputs the form admits from the declared options themselves (every option
of `api.OPTIONS`, every guardian field of `api.GUARDIAN_FIELDS`, several pools and
defenders, every aim policy), and with `--units` of them (default 0.4) a released attacking
unit with legal upgrades (one per slot of its upgrade bar, at random), a range or none,
sometimes weapons named with minis (`--weapon NAME=N`), and a defending unit; then it
mutates the slowest (a die more, a guardian more, a bigger X or token count, a keyword
switched on; for a unit: another range, upgrade, weapon or defender) for a few rounds. Each input runs in this
process with every cache cleared first (as cold as a fresh worker), timed in CPU seconds,
stopped past `--stop` seconds. An input the rules refuse (a keyword of the other ruleset,
melee with a ranged keyword) is drawn again; one refused for its declared cost counts as
refused. It prints the 10 slowest with their command lines, the refusal rate, and whether
the declared costs bound the time (no admitted input above 0.3 s); `--costs` (and
`--write-docs`) also time every random input refused for `optimal`'s declared cost anyway,
beside that cost, to show whether the cost refuses only what is slow; `--table` prints the
Markdown the docs' speed section shows. No test asserts a time: figures come from here.
Each further pool is drawn against its own defender, as the rules form them.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from rulesengine.errors import InputError  # noqa: E402
from rulesengine.legion import aim_choice, api, policies  # noqa: E402
from rulesengine.legion.attack_inputs import attack_from  # noqa: E402
from rulesengine.legion import units  # noqa: E402
from rulesengine.legion.optimal import OPTIMAL_MAX_COST  # noqa: E402
from rulesengine.options import Field, Option  # noqa: E402

BAR = 0.3
"""The promise: every admitted input answered within this many CPU seconds (CPython)."""
SKIPPED = {"red", "black", "white", "guardian", "pool", "defender", "attack_faces", "guardian_faces", "defense_faces",
           "target", "aim_policy", "attacker_unit", "weapon", "minis", "upgrade", "defender_unit", "range"}
"""Options drawn apart (dice, guardians, pools, policies) or not at all (faces: a trace; units:
they stand for dice and keywords the search draws itself)."""
COST_WORDS = ("too costly", "multiplies the work", "at most 16 attack dice")
"""Words of a refusal for cost (a declared bound), not for the rules."""


class Stopped(Exception):
    pass


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped


def _clear_caches() -> None:
    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper):
            obj.cache_clear()


def _draw_int(rng: random.Random, lo: int, hi: int, off: float) -> int:
    """Mostly the low bound (a keyword left off), else anything up to the bound."""
    return lo if rng.random() < off else rng.randint(lo, hi)


def _option_value(rng: random.Random, option: Option) -> object:
    if option.kind == "int":
        return _draw_int(rng, option.minimum or 0, option.maximum or 0, 0.75)
    if option.kind == "bool":
        return rng.random() < 0.12
    return rng.choice(option.choices)


def _field_value(rng: random.Random, field: Field) -> object:
    if field.kind == "int":
        return _draw_int(rng, field.minimum or 0, field.maximum or 0, 0.0 if field.positional else 0.6)
    if field.kind == "bool":
        return rng.random() < 0.25
    return rng.choice(field.choices)


def guardian_text(rng: random.Random) -> str:
    """One `--guardian` value from the declared fields."""
    parts: list[str] = []
    for f in api.GUARDIAN_FIELDS:
        v = _field_value(rng, f)
        if f.positional:
            parts.append(str(v))
        elif f.kind == "bool" and v:
            parts.append(f.word)
        elif f.kind == "int" and v:
            parts.append(f"{f.word}={v}")
    return ",".join(parts)


def defender_text(rng: random.Random) -> str:
    """One `--defender` value: a defense die, dodge tokens, sometimes a guardian."""
    return (f"defense={rng.choice(('red', 'white'))} dodge={rng.randint(0, 2)}"
            + (f" guardian={guardian_text(rng)}" if rng.random() < 0.4 else ""))


def _dice(rng: random.Random, total: int) -> dict[str, int]:
    cuts = sorted(rng.randint(0, total) for _ in range(2))
    return {"red": cuts[0], "black": cuts[1] - cuts[0], "white": total - cuts[1]}


def draw(rng: random.Random) -> dict[str, Any]:
    """One random input over every option (not yet checked against the rules)."""
    values: dict[str, Any] = {}
    for option in api.OPTIONS:
        if option.name in SKIPPED:
            continue
        v = _option_value(rng, option)
        if v != option.default:
            values[option.name] = v
    values["aim_policy"] = rng.choice(policies.AIM)
    pools = rng.choices((1, 2, 3), weights=(80, 12, 8))[0]
    total = rng.randint(1, api.MAX_DICE)
    first = rng.randint(1, total) if pools > 1 else total
    values.update({k: v for k, v in _dice(rng, first).items() if v})
    guardians = rng.choices(range(api.MAX_GUARDIANS + 1), weights=(40, 20, 15, 12, 13))[0]
    if guardians:
        values["guardian"] = [guardian_text(rng) for _ in range(guardians)]
    if pools > 1:
        left = total - first
        texts, defenders = [], []
        for n in range(2, pools + 1):
            size = max(1, left // (pools - n + 1))
            left -= size
            dice = " ".join(f"{c}={k}" for c, k in _dice(rng, size).items() if k)
            # The rules form each further pool against its own defender (Attack, steps 2 and 3).
            texts.append(f"{dice} defender={n}")
            defenders.append(defender_text(rng))
        values["pool"] = texts
        values["defender"] = defenders
    if values.get("aim_policy") in ("optimal", policies.DEFAULT_AIM) and rng.random() < 0.2 and pools == 1:
        values["target"] = rng.randint(1, 6)
    return values


UNIT_SHARE = 0.4
"""The share of random inputs drawn as units (`--units`)."""


def _upgrades(rng: random.Random, unit: units.Unit) -> list[str]:
    """Legal upgrades: for each slot of the unit's upgrade bar, one card of that kind or none."""
    legal = units.upgrades_for(unit)
    chosen: list[units.Upgrade] = []
    for kind in unit.upgrade_bar:
        fits = [u for u in legal if u.kind == kind and (not u.unique or u not in chosen)]
        if fits and rng.random() < 0.5:
            chosen.append(rng.choice(fits))
    return [u.name for u in chosen]


def _weapons(rng: random.Random, unit: units.Unit, upgrades: list[str]) -> list[str]:
    """One to three weapons of the unit and its upgrades, some with a count of minis."""
    cards = [units.find_upgrade(n, unit) for n in upgrades]
    names = [w.name for w in unit.weapons] + [w.name for u in cards for w in u.weapons]
    picked = rng.sample(names, min(len(names), rng.randint(1, 3)))
    return [f"{n}={rng.randint(1, 3)}" if rng.random() < 0.5 else n for n in picked]


def unit_draw(rng: random.Random) -> dict[str, Any]:
    """One random input naming units: the attacker's card, upgrades, range, weapons, the defender."""
    released = [u for u in units.cards().released if u.weapons]
    attacker = rng.choice(released)
    values: dict[str, Any] = {"attacker_unit": attacker.name, "defender_unit": rng.choice(units.cards().released).name}
    upgrades = _upgrades(rng, attacker)
    if upgrades:
        values["upgrade"] = upgrades
    if rng.random() < 0.7:
        values["range"] = rng.choice(units.RANGES)
    if rng.random() < 0.3:
        values["weapon"] = _weapons(rng, attacker, upgrades)
    for option in api.OPTIONS:
        if option.name in SKIPPED or option.group not in ("tokens", "policies") or rng.random() < 0.7:
            continue
        v = _option_value(rng, option)
        if v != option.default:
            values[option.name] = v
    values["aim_policy"] = rng.choice(policies.AIM)
    if rng.random() < 0.3:
        values["cover"] = rng.choice(("light", "heavy"))
    return values


def unit_mutate(rng: random.Random, values: dict[str, Any]) -> dict[str, Any]:
    """A neighbour of a unit input: another range, upgrades, weapons, defender or token."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in values.items()}
    attacker = units.find_unit(values["attacker_unit"])
    choice = rng.randrange(5)
    if choice == 0:
        out["range"] = rng.choice(units.RANGES)
    elif choice == 1:
        out["upgrade"] = _upgrades(rng, attacker)
        out.pop("weapon", None)
    elif choice == 2:
        out["weapon"] = _weapons(rng, attacker, list(out.get("upgrade", [])))
    elif choice == 3:
        out["defender_unit"] = rng.choice(units.cards().released).name
    else:
        option = rng.choice([o for o in api.OPTIONS if o.name not in SKIPPED and o.group in ("tokens", "policies")])
        out[option.name] = _option_value(rng, option)
    return out


def mutate(rng: random.Random, values: dict[str, Any]) -> dict[str, Any]:
    """A neighbour: a die more or less, a guardian more or bigger, a token or keyword changed."""
    if "attacker_unit" in values:
        return unit_mutate(rng, values)
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in values.items()}
    choice = rng.randrange(5)
    if choice == 0:
        colour = rng.choice(("red", "black", "white"))
        now: int = values.get(colour, 0)
        out[colour] = max(0, now + rng.choice((-2, -1, 1, 2, 4)))
    elif choice == 1:
        guardians = out.setdefault("guardian", [])
        if len(guardians) < api.MAX_GUARDIANS and rng.random() < 0.5:
            guardians.append(guardian_text(rng))
        elif guardians:
            guardians[rng.randrange(len(guardians))] = guardian_text(rng)
    else:
        option = rng.choice([o for o in api.OPTIONS if o.name not in SKIPPED])
        out[option.name] = _option_value(rng, option)
    return out


REASONS: dict[str, int] = {}
"""How many refusals each option's bound made (the flag the refusal names)."""


def measure(values: dict[str, Any], stop: float, count: bool = True) -> tuple[str, float]:
    """("ok", CPU s), ("refused", CPU s to refuse), ("invalid", 0) or ("stopped", stop);
    a refusal counts in `REASONS` unless `count` is False (the named inputs)."""
    _clear_caches()
    signal.signal(signal.SIGPROF, _stop)
    start = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, stop)
    try:
        api.run(values)
    except Stopped:
        return "stopped", stop
    except InputError as e:
        text = str(e)
        if any(w in text for w in COST_WORDS):
            reason = text.split(":")[0] + (" optimal" if "optimal" in text else "")
            if count:
                REASONS[reason] = REASONS.get(reason, 0) + 1
            return "refused", time.process_time() - start
        return "invalid", time.process_time() - start
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return "ok", time.process_time() - start


def command(values: dict[str, Any]) -> str:
    parts = ["legion"]
    for k, v in values.items():
        flag = "--" + k.replace("_", "-")
        for one in v if isinstance(v, list) else [v]:
            if one is True:
                parts.append(flag)
            elif one is not False:
                parts.append(f'{flag} "{one}"' if " " in str(one) else f"{flag} {one}")
    return " ".join(parts)


def valid_draw(rng: random.Random, stop: float, share: float = UNIT_SHARE) -> tuple[dict[str, Any], str, float]:
    while True:
        values = unit_draw(rng) if rng.random() < share else draw(rng)
        status, seconds = measure(values, stop)
        if status != "invalid":
            return values, status, seconds


def search(seed: int, draws: int, rounds: int, mutants: int, stop: float, share: float = UNIT_SHARE) -> dict[str, Any]:
    rng = random.Random(seed)
    sampled: list[tuple[str, float, dict[str, Any]]] = []
    for _ in range(draws):
        values, status, seconds = valid_draw(rng, stop, share)
        sampled.append((status, seconds, values))
    random_part = list(sampled)
    for _ in range(rounds):
        slowest = sorted((s for s in sampled if s[0] in ("ok", "stopped")), key=lambda s: -s[1])[:5]
        for _, _, values in slowest:
            for _ in range(mutants):
                child = mutate(rng, values)
                status, seconds = measure(child, stop)
                if status != "invalid":
                    sampled.append((status, seconds, child))
    return {"random": random_part, "all": sampled}


DOCS = ROOT / "docs" / "How the calculators work.md"
HEADING = "### Speed (Legion)"


def docs_section(found: dict[str, Any], stop: float, args: argparse.Namespace, costs: list[tuple[int, str, float, bool]]) -> str:
    """The docs' Speed section, written from this run's figures (`--write-docs`)."""
    random_part: list[tuple[str, float, dict[str, Any]]] = found["random"]
    sampled: list[tuple[str, float, dict[str, Any]]] = found["all"]
    admitted = sorted(s[1] for s in sampled if s[0] in ("ok", "stopped"))
    rnd = sorted(s[1] for s in random_part if s[0] in ("ok", "stopped"))
    refused = [s for s in random_part if s[0] == "refused"]
    started = [st for st in random_part if st[2].get("aim_policy") == policies.DEFAULT_AIM]
    started_refused = [st for st in started if st[0] == "refused"]
    load = os.getloadavg()
    reasons = ", ".join(f"`{k}` {v}" for k, v in sorted(REASONS.items())) or "none"
    lines = [
        HEADING, "",
        "Every input the Legion form or command line admits is meant to be answered within 0.3 s of CPU in CPython; an "
        "input whose declared cost is above its bound is refused before computing, with the reason beside the field. "
        "This section is written by `nice .venv/bin/python scripts/bench/legion_search.py "
        f"--seed {args.seed} --draws {args.draws} --rounds {args.rounds} --mutants {args.mutants} --write-docs` (a random "
        "search over every input of the form, several pools and every guardian field included, then mutants of the 5 "
        "slowest; each input timed in CPU seconds with every cache cleared first), last run on a shared 2-core machine "
        f"with a load average of {load[0]:.1f}. Rerun it for figures on another machine.", "",
        "| Inputs | Count | Median CPU | Slowest CPU | Above 0.3 s | Refused |",
        "|---|---|---|---|---|---|",
        f"| random valid inputs (seed {args.seed}) | {len(random_part)} | {rnd[len(rnd) // 2]:.3f} s | {rnd[-1]:.3f} s | "
        f"{sum(1 for t in rnd if t > BAR)} | {len(refused)} ({100 * len(refused) / max(1, len(random_part)):.1f} %) |",
        f"| random and mutants of the slowest | {len(sampled)} | {admitted[len(admitted) // 2]:.3f} s | {admitted[-1]:.3f} s | "
        f"{sum(1 for t in admitted if t > BAR)} | |", "",
        "| Named input | CPU time |", "|---|---|", *named_rows(stop), "",
        "Refusals by the input whose declared bound refused them (random inputs and mutants): "
        + reasons + ". An `--aim-policy` refusal is "
        "`optimal` named by hand for a pool too large for it (the default, `optimal-if-it-fits`, takes the best "
        "heuristic there instead); a `--pool` refusal is more than 16 attack dice in several pools while a defender's "
        "Deflect wounds the attacker for each defense surge. "
        "The search draws each aim policy, the default included, equally often, and forms each further pool against "
        "its own defender, as the rules do. Of the random inputs with the aim policy a form starts with "
        f"(`{policies.DEFAULT_AIM}`), {len(started)} here, {len(started_refused)} "
        f"({100 * len(started_refused) / max(1, len(started)):.1f} %) were refused: the target is at most 1 %, and that "
        "policy refuses nothing (where `optimal` is too costly it takes the best heuristic, and Assault X's `most-wounds` "
        "takes the white dice first beyond its declared cost).", "",
        f"`optimal` named by hand in the random inputs: its declared cost (refused above {OPTIMAL_MAX_COST:,}) against "
        "its CPU time, for the 5 dearest it admitted and every one it refused (computed anyway, the bound lifted for the "
        "measure only).", "",
        "| Declared cost | CPU time | Answer |", "|---|---|---|",
        *(f"| {cost:,} | " + (f"over {stop:.0f} s (stopped)" if status == "stopped" else f"{seconds:.3f} s")
          + (" | refused before computing |" if refused else " | admitted |") for cost, status, seconds, refused in costs), "",
    ]
    return "\n".join(lines)


def write_docs(section: str) -> None:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(HEADING)
    end = text.index("\n## ", start) + 1
    DOCS.write_text(text[:start] + section + "\n" + text[end:], encoding="utf-8")


def report(found: dict[str, Any], stop: float, seed: int, table: bool) -> None:
    random_part: list[tuple[str, float, dict[str, Any]]] = found["random"]
    sampled: list[tuple[str, float, dict[str, Any]]] = found["all"]
    admitted = [s for s in sampled if s[0] in ("ok", "stopped")]
    refused = [s for s in random_part if s[0] == "refused"]
    over = [s for s in admitted if s[1] > BAR]
    load = os.getloadavg()
    times = sorted(s[1] for s in admitted)
    median = times[len(times) // 2] if times else 0.0
    print(f"seed {seed}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (os.getloadavg, as `uptime` shows)")
    named = [s for s in sampled if "attacker_unit" in s[2] and s[0] in ("ok", "stopped")]
    print(f"inputs naming units (random and mutants): {len(named)}, slowest "
          f"{max((s[1] for s in named), default=0.0):.3f} s CPU")
    print(f"random valid inputs: {len(random_part)}, refused before computing for their declared cost: {len(refused)} "
          f"({100 * len(refused) / max(1, len(random_part)):.1f} %)")
    started = [st for st in random_part if st[2].get("aim_policy") == policies.DEFAULT_AIM]
    started_refused = [st for st in started if st[0] == "refused"]
    print(f"of those with the aim policy a form starts with ({policies.DEFAULT_AIM}): {len(started)}, refused: "
          f"{len(started_refused)} ({100 * len(started_refused) / max(1, len(started)):.1f} %; the target: at most 1 %)")
    print("refusals by the option whose declared bound refused them (random and mutants): "
          + (", ".join(f"{k} {v}" for k, v in sorted(REASONS.items())) or "none"))
    print(f"inputs timed (random and mutants): {len(sampled)}, admitted: {len(admitted)}, admitted above {BAR} s CPU: "
          f"{len(over)}; median {median:.3f} s, slowest {times[-1] if times else 0:.3f} s")
    print("the declared costs bound the time on everything sampled" if not over else
          f"the declared costs do NOT bound the time: {len(over)} admitted inputs above {BAR} s")
    print("10 slowest admitted inputs (CPU seconds, caches cleared first):")
    for status, seconds, values in sorted(admitted, key=lambda s: -s[1])[:10]:
        shown = f"> {stop:.1f} (stopped)" if status == "stopped" else f"{seconds:.3f}"
        print(f"  {shown:>8}  {command(values)}")
    if table:
        print()
        print("| Inputs | Count | Median CPU | Slowest CPU | Above 0.3 s | Refused |")
        print("|---|---|---|---|---|---|")
        rnd = sorted(s[1] for s in random_part if s[0] in ("ok", "stopped"))
        print(f"| random valid inputs (seed {seed}) | {len(random_part)} | {rnd[len(rnd) // 2]:.3f} s | {rnd[-1]:.3f} s | "
              f"{sum(1 for t in rnd if t > BAR)} | {len(refused)} ({100 * len(refused) / max(1, len(random_part)):.1f} %) |")
        print(f"| random and mutants of the slowest | {len(sampled)} | {median:.3f} s | {times[-1]:.3f} s | {len(over)} | |")
        print()
        print("| Named input | CPU time |")
        print("|---|---|")
        for row in named_rows(stop):
            print(row)


NAMED: tuple[tuple[str, dict[str, Any]], ...] = (
    ("ruleset 2026: 30 dice, Assault 5 (most-wounds), Sniper Team, Overwhelm, Vaapad 3, Impervious, a guardian with Impervious",
     {"red": 10, "black": 9, "white": 8, "assault": 5, "sniper_team": True, "overwhelm": True, "aim": 2, "vaapad": 3,
      "pierce": 3, "impervious": True, "guardian": ["2,red,none,impervious"], "defense": "red", "cover": "heavy",
      "dodge": 2}),
    ("ruleset 2026: Assault 1 (most-wounds, 2 ways, at its declared bound), 20 dice, four guardians 6, Impervious",
     {"red": 6, "black": 7, "white": 7, "assault": 1, "surge": "hit", "aim": 2, "pierce": 4, "impervious": True,
      "guardian": ["6,red,none", "6,white,block,impervious", "6,red,block", "6,white,none"], "defense": "red",
      "defense_surge_tokens": 4, "dodge": 2, "cover": "light"}),
    ("ruleset 2026: Assault 1 (most-wounds, 2 ways) with Sniper Team, 10 dice, two guardians, Impervious",
     {"black": 5, "white": 5, "assault": 1, "sniper_team": True, "surge": "crit", "aim": 2, "pierce": 2,
      "impervious": True, "guardian": ["4,red,none", "4,white,block"], "defense": "red", "dodge": 2, "cover": "heavy"}),
    ("issue 24's defence stack: 30 red dice, Pierce 10, four guardians 6, Impervious, 10 defense surge tokens",
     {"red": 30, "surge": "hit", "pierce": 10, "guardian": ["6,red,none", "6,white,block", "6,red,block", "6,white,none"],
      "defense": "red", "impervious": True, "defense_surge_tokens": 10}),
    ("optimal, 6 red 4 black 2 white dice, 2 aim tokens (the bench's 12-dice defender)",
     {"red": 6, "black": 4, "white": 2, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1, "pierce": 2,
      "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block", "aim_policy": "optimal"}),
    ("optimal, 4 red 4 black 4 white dice, 2 aim tokens (same defender)",
     {"red": 4, "black": 4, "white": 4, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1, "pierce": 2,
      "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block", "aim_policy": "optimal"}),
    ("optimal, 5 red 5 black 5 white dice, 2 aim tokens (same defender)",
     {"red": 5, "black": 5, "white": 5, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1, "pierce": 2,
      "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block", "aim_policy": "optimal"}),
    ("the default aim policy on the same 5/5/5 pool (optimal too costly there: the best heuristic)",
     {"red": 5, "black": 5, "white": 5, "surge": "hit", "aim": 2, "cover": "light", "dodge": 1, "pierce": 2,
      "guardian": ["2,red,block"], "defense": "red", "defense_surge": "block"}),
    ("optimal, 9 red 9 black dice, 1 aim token", {"red": 9, "black": 9, "aim": 1, "aim_policy": "optimal"}),
    ("optimal, 15 red 15 black dice, 1 aim token", {"red": 15, "black": 15, "aim": 1, "aim_policy": "optimal"}),
    ("four guardians with every 2.6 field, 30 dice of three colours",
     {"ruleset": "2.6", "red": 10, "black": 10, "white": 10, "surge": "hit", "pierce": 10, "defense": "red",
      "impervious": True, "danger_sense": 4, "suppression": 4, "uncanny_luck": 3, "defense_surge_tokens": 10,
      "guardian": ["6,red,none,surge-tokens=3,soresu,dodge=1", "6,white,block,deflect", "6,red,none,surge-tokens=10",
                   "6,white,none,soresu,dodge=2"]}),
)
"""Inputs the docs name, timed the same way (cold caches, CPU seconds)."""


def named_rows(stop: float) -> list[str]:
    rows = []
    for name, values in NAMED:
        status, seconds = measure(values, stop, count=False)
        shown = "refused before computing (declared cost)" if status == "refused" else f"{seconds:.3f} s"
        rows.append(f"| {name} | {shown} |")
    return rows


def optimal_costs(found: dict[str, Any], stop: float) -> list[tuple[int, str, float, bool]]:
    """`optimal` named by hand in the random inputs: (declared cost, status, CPU s, refused)
    for each one refused for its cost, computed anyway (its bound lifted for this run only),
    and for the 5 dearest it admitted: whether the declared cost refuses what is slow."""
    admitted: list[tuple[int, str, float, bool]] = []
    refused: list[tuple[int, str, float, bool]] = []
    setattr(api, "OPTIMAL_MAX_COST", 10**30)  # the name `api.check_cost` reads; restored below
    try:
        for status, seconds, values in found["random"]:
            if values.get("aim_policy") != "optimal" or status not in ("ok", "refused"):
                continue
            cost = aim_choice.optimal_costs(attack_from(values))
            if status == "refused":
                forced, seconds = measure(values, stop, count=False)
                refused.append((max(cost.alone, cost.total), forced, seconds, True))
            else:
                admitted.append((max(cost.alone, cost.total), status, seconds, False))
    finally:
        setattr(api, "OPTIMAL_MAX_COST", OPTIMAL_MAX_COST)
    admitted = sorted(admitted, key=lambda r: -r[0])[:5]
    return sorted(admitted + refused)


def cost_lines(rows: list[tuple[int, str, float, bool]], stop: float) -> list[str]:
    return [f"{cost:,} -> " + (f"over {stop:.0f} s (stopped)" if status == "stopped" else f"{seconds:.3f} s")
            + (" (refused; computed anyway)" if refused else " (admitted)") for cost, status, seconds, refused in rows]


def pyodide_times(found: dict[str, Any], count: int) -> None:
    """The `count` slowest admitted inputs again, each in a fresh Pyodide under Node (as a new
    browser worker runs it: wall seconds of `api.run` after the engine is imported)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("Pyodide timings skipped: no node or node_modules/pyodide (bash scripts/setup.sh)")
        return
    admitted = sorted((s for s in found["all"] if s[0] == "ok"), key=lambda s: -s[1])[:count]
    named = [(s, c, v) for (s, c), (_, v) in ((measure(v, 5.0, count=False), (n, v)) for n, v in NAMED) if s == "ok"]
    print(f"the {len(admitted)} slowest admitted inputs, then the named inputs, in Pyodide (scripts/bench/legion_pyodide.mjs, "
          "a fresh Pyodide each; promise: 1 s):")
    for _, cpu, values in admitted + named:
        done = subprocess.run([node, str(ROOT / "scripts" / "bench" / "legion_pyodide.mjs"), str(ROOT)], input=json.dumps([values]),
                              capture_output=True, text=True, timeout=120, check=True)
        seconds = json.loads(done.stdout)[0]["seconds"]
        print(f"  {seconds:6.3f} s Pyodide, {cpu:.3f} s CPython CPU  {command(values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draws", type=int, default=300, help="random valid inputs")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of mutating the 5 slowest")
    parser.add_argument("--mutants", type=int, default=8, help="mutants of each of the slowest per round")
    parser.add_argument("--stop", type=float, default=5.0, help="CPU seconds before an input is stopped")
    parser.add_argument("--table", action="store_true", help="also print the docs' Markdown table")
    parser.add_argument("--write-docs", action="store_true", help="rewrite the Speed section of docs/How the calculators work.md")
    parser.add_argument("--costs", action="store_true", help="time the inputs refused for optimal's cost anyway")
    parser.add_argument("--pyodide", type=int, default=0, metavar="N", help="time the N slowest admitted inputs in Pyodide too")
    parser.add_argument("--units", type=float, default=UNIT_SHARE, help="the share of random inputs that name units")
    args = parser.parse_args()
    found = search(args.seed, args.draws, args.rounds, args.mutants, args.stop, args.units)
    report(found, args.stop, args.seed, args.table)
    costs = optimal_costs(found, args.stop) if args.costs or args.write_docs else []
    if costs:
        print(f"optimal named by hand: declared cost (bound {OPTIMAL_MAX_COST:,}) -> CPU seconds")
        for line in cost_lines(costs, args.stop):
            print("  " + line)
    if args.pyodide:
        pyodide_times(found, args.pyodide)
    if args.write_docs:
        write_docs(docs_section(found, args.stop, args, costs))


if __name__ == "__main__":
    main()

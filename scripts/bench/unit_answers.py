"""What precomputing every unit-against-unit answer at build would cost (issue 44's first pick).

Not product code: a measurement to decide how the first answer after picking two units can
come before Python. For a built site (`publish.sh` output), it reads every calculator with
the unit pickers as the page's script reads it (`scripts/calculators/answers.py`), fills
both sides from two units as the pickers do (every field a unit fills: its card's value,
else the field's default), and groups the calculators by what is left of their page's own
inputs once the units are picked (the residue: the fields no unit fills, and the way back
to the root). Answers are shared only within a group.

For a few attacking units (sampled from every faction), it computes the engine's answer
(`rulesengine.calculators.api.calculate`, the worker's entry point) against every released
defender on one page of each group, and prints, per attacker file: the engine's time,
its bytes raw, gzip -9 and brotli -q 11, the same with the defenders deduplicated by
defence profile (one answer per distinct `defender_values`), and with only the engine's
`result` kept (the figures without the HTML: what a JavaScript renderer would need). It
then scales those to every attacker and every group and sets them beside the built site's
own size (raw, and as sent: each file's smallest of raw, .gz, .br) and the 20 % the issue
allows.

    .venv/bin/python scripts/bench/unit_answers.py SITE_DIR [--attackers 6] [--groups 2]

The request is the form's inputs with the unit fields filled; a worked example's faces that
the page's trace-fit.mjs would adjust are sent as the form holds them (the answer may then
be a refusal: that is measured too). Quote the figures with the machine's load (printed).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from html import unescape
from pathlib import Path

import brotli

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from rulesengine.calculators.api import calculate  # noqa: E402
from rulesengine.errors import InputError  # noqa: E402
from rulesengine.legion.units import Unit, attacker_values, cards, defender_values  # noqa: E402
from scripts.calculators import answers  # noqa: E402
from scripts.calculators.units import units_text  # noqa: E402

START = re.compile(r'<div class="calculator"[^>]*data-unit-data="[^"]*"[^>]*>')
UNIT_INPUTS = ("attacker_unit", "weapon", "range", "minis", "upgrade", "defender_unit")


def defaults(form_html: str) -> dict[str, object]:
    """Each field's default (`data-default` on its `.calculator-field`), by the name of its control."""
    out: dict[str, object] = {}
    for found in re.finditer(r'class="calculator-field[^"]*"[^>]*data-default="([^"]*)"[^>]*>.*?name="([^"]+)"', form_html, re.S):
        out.setdefault(found.group(2), json.loads(unescape(found.group(1))))
    return out


def calculators(site: Path) -> list[tuple[str, str, dict[str, object], dict[str, object]]]:
    """(page, base, inputs as shown, field defaults) of every calculator with unit pickers."""
    out = []
    for page in sorted(site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        for found in START.finditer(html):
            end = html.find("</form>", found.end())
            form = html[found.start():end + len("</form>")]
            base = re.search(r' data-base="([^"]*)"', found.group(0))
            if end < 0 or base is None:
                continue
            out.append((str(page.relative_to(site)), unescape(base.group(1)), answers.form_inputs(answers.read_form(form)), defaults(form)))
    return out


def filled(inputs: dict[str, object], field_defaults: dict[str, object], fields: list[str], card: dict[str, object]) -> None:
    for name in fields:
        if name in field_defaults and name in inputs:
            inputs[name] = card.get(name, field_defaults[name])


def sizes(text: str) -> tuple[int, int, int]:
    raw = text.encode()
    return len(raw), len(gzip.compress(raw, 9)), len(brotli.compress(raw, quality=11))


def site_bytes(site: Path) -> tuple[int, int]:
    """The site's bytes raw (without the .gz/.br copies), and as sent (each file's smallest copy)."""
    raw = sent = 0
    for path in site.rglob("*"):
        if not path.is_file() or path.suffix in (".gz", ".br"):
            continue
        size = path.stat().st_size
        raw += size
        copies = [size] + [p.stat().st_size for p in (path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")) if p.is_file()]
        sent += min(copies)
    return raw, sent


def sample(released: list[Unit], count: int) -> list[Unit]:
    """`count` attackers, one faction after another (each faction's first that fires)."""
    by_faction: dict[str, list[Unit]] = defaultdict(list)
    for unit in released:
        if unit.minis and unit.weapons:
            by_faction[unit.faction].append(unit)
    picked: list[Unit] = []
    while len(picked) < count and any(by_faction.values()):
        for members in by_faction.values():
            if members and len(picked) < count:
                picked.append(members.pop(len(members) // 2))
    return picked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--attackers", type=int, default=6)
    parser.add_argument("--groups", type=int, default=2)
    args = parser.parse_args()
    data = json.loads(units_text())
    attacker_fields, defender_fields = list(data["attackerFields"]), list(data["defenderFields"])
    found = calculators(args.site)
    groups: dict[str, list[tuple[str, str, dict[str, object], dict[str, object]]]] = defaultdict(list)
    for page, base, inputs, field_defaults in found:
        left = {k: v for k, v in inputs.items() if k not in attacker_fields and k not in defender_fields and k not in UNIT_INPUTS}
        groups[answers.request_key({"base": base, **left})].append((page, base, inputs, field_defaults))
    released = list(cards().released)
    profiles = {json.dumps(defender_values(d).as_dict(), sort_keys=True) for d in released}
    print(f"calculators with unit pickers: {len(found)} on {len({p for p, *_ in found})} pages; "
          f"groups by residue: {len(groups)} (largest {max(len(g) for g in groups.values())})")
    print(f"released units: {len(released)}; distinct defence profiles: {len(profiles)}")
    ordered = sorted(groups.values(), key=len, reverse=True)[:args.groups]
    per_file: list[tuple[float, tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = []
    for group in ordered:
        page, base, inputs, field_defaults = group[0]
        print(f"\ngroup of {len(group)} calculators, e.g. {page}")
        for attacker in sample(released, args.attackers):
            try:
                card = attacker_values(attacker).as_dict()
            except InputError:
                continue
            full: dict[str, object] = {}
            results: dict[str, object] = {}
            seen: dict[str, object] = {}
            ok = 0
            started = time.perf_counter()
            for defender in released:
                request = dict(inputs)
                filled(request, field_defaults, attacker_fields, card)
                defence = defender_values(defender).as_dict()
                filled(request, field_defaults, defender_fields, defence)
                request.update(attacker_unit=attacker.name, defender_unit=defender.name)
                response = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": request, "base": base})))
                ok += bool(response.get("ok"))
                full[defender.name] = response
                results[defender.name] = response.get("result") or response.get("error")
                seen.setdefault(json.dumps(defence, sort_keys=True), response)
            spent = time.perf_counter() - started
            whole, deduped, figures = (sizes(json.dumps(x, separators=(",", ":"), ensure_ascii=False)) for x in (full, seen, results))
            per_file.append((spent, whole, deduped, figures))
            print(f"  {attacker.name:40} {spent:6.2f} s  answered {ok:3}/{len(released)}  "
                  f"whole raw/gz/br {whole[0]:>9,}/{whole[1]:>7,}/{whole[2]:>6,}  "
                  f"by profile {deduped[0]:>9,}/{deduped[1]:>7,}/{deduped[2]:>6,}  "
                  f"figures only {figures[0]:>8,}/{figures[1]:>6,}/{figures[2]:>6,}")
    if not per_file:
        return
    files = len(released) * len(groups)
    mean = [sum(x) / len(per_file) for x in zip(*[(t, *w, *d, *f) for t, w, d, f in per_file])]
    raw, sent = site_bytes(args.site)
    print(f"\nscaled to {len(released)} attackers x {len(groups)} groups = {files} files:")
    print(f"  engine time  {mean[0] * files / 60:8.1f} min on one core")
    for label, at in (("whole", 1), ("by profile", 4), ("figures only", 7)):
        print(f"  {label:12} raw {mean[at] * files / 2**20:9.1f} MiB  gzip {mean[at + 1] * files / 2**20:8.1f} MiB  "
              f"brotli {mean[at + 2] * files / 2**20:8.1f} MiB")
    print(f"  the built site: {raw / 2**20:.1f} MiB raw, {sent / 2**20:.1f} MiB as sent; 20 % of it: "
          f"{raw / 5 / 2**20:.1f} MiB raw, {sent / 5 / 2**20:.1f} MiB as sent")
    print(f"  cores: {os.cpu_count()}; uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()

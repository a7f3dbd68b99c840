"""Answers computed at build time for a unit named on the Attack page, so the first result
of a reader who comes in by a unit shows before Python arrives (issue 44).

On the page holding the Attack calculator (the page a unit page's "Open in the Attack
calculator" opens: `unit_pages.attack_href`), its first calculator gets, per released unit,
the engine's answers (`answers.answer`: the worker's own entry point, cached like the other
answers) to:

- each link of the unit's page: one attacker, one weapon for every mini, no defender unit
  (`c.pool=&c.defender=&c.attacker_unit=NAME&c.weapon=WEAPON`), as the page's script reads
  that address (address.mjs `fromParams`: the page's inputs, what the unit fills, the
  address's own values);
- the unit typed as the attacker in the form as shown (units.mjs `unitTyped`: the pool
  boxes cleared, the unit's fields filled).

Each unit's answers go to one file, `assets/calculators/unit-answers/<page>/<unit index in
units.json>.json`, the same table as answers.py's (`{calculator, base, answers: {request
key: response}}`); the calculator names the pattern in `data-unit-answers`
(`.../{}.json?v=<hash of every file>`), and the page fetches a unit's file once the
request names that unit (answers.mjs `unitAnswersArriving`). As with answers.py, a request
is looked up whole, so a reading that differs from the page's is only a miss (Python
answers it).

Why not every unit against every unit: `scripts/bench/unit_answers.py` measures it. Per
attacker, 166 defenders cost 1.4-5 s of engine time and 1-2.3 MB of answers (14-26 KB with
brotli), and the 59 calculators with unit pickers fall into 47 groups whose answers differ:
some 6 hours of engine time and 12 GiB for the site, against 20 % of a 94 MiB site.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from html import escape, unescape
from pathlib import Path

from rulesengine.calculators.legion import ATTACK_PAGES
from scripts.calculators import answers
from scripts.calculators.answers import CACHE, Answers, Control, answer, form_inputs, read_form, request_key

FOLDER = "assets/calculators/unit-answers/"
ATTRIBUTE = "data-unit-answers"
PLACE = "{}"
"""Where the page puts a unit's index in the pattern."""


def is_attack_page(page_src: str) -> bool:
    """The Attack page in any vault folder ("legion/Attack.md"): the first of the pages that
    carry the Attack calculator (`ATTACK_PAGES`), the one the unit pages link to when the
    vault has it (units_extension.py). The others (Dice, Surges, ...) get none."""
    first = next(iter(ATTACK_PAGES)).split("/", 1)[1]
    return "/" in page_src and page_src.split("/", 1)[1] == first


def _fold(text: object) -> str:
    """units.mjs `fold`."""
    return re.sub(r"[^0-9a-z]+", " ", str(text or "").lower()).strip()


def _js_text(value: object) -> str:
    """setInputs: the text a control is given for `value`."""
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(_js_text(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return answers._js_string(value)


def set_inputs(controls: Sequence[Control], values: Mapping[str, object]) -> list[Control]:
    """form.mjs `setInputs` on the controls: each named in `values` set to its value."""
    out = []
    for c in controls:
        if c.name not in values:
            out.append(c)
            continue
        want = values[c.name]
        if c.type == "checkbox":
            out.append(replace(c, checked=want is True or want == "true"))
        elif c.type == "radio":
            out.append(replace(c, checked=c.value == _js_text(want)))
        elif c.type == "select":
            text = _js_text(want)
            # a select given a value none of its options has shows none (value "")
            out.append(replace(c, value=text if text in c.choices else "", selected=(text,) if text in c.choices else ()))
        elif c.type == "select-multiple":
            out.append(c)  # not a field a unit fills
        else:
            out.append(replace(c, value=_js_text(want)))
    return out


def card_values(unit: Mapping[str, object], weapon: str) -> dict[str, object] | None:
    """units.mjs `cardValues` for the attacker: no range, no minis, no upgrade, and
    `weapon` ("" the default pool) for every mini; None where the data holds no such pool."""
    pools = unit["pools"]
    assert isinstance(pools, list)
    index = next((i for i, (at, name, owner, _) in enumerate(pools) if at == "" and _fold(name) == _fold(weapon)), -1)
    if index < 0 or pools[index][2] >= 0:
        return None
    attack = unit["attack"]
    assert isinstance(attack, list)
    return dict(attack[index][""])


def fill(data: Mapping[str, object], defaults: Mapping[str, object], card: Mapping[str, object]) -> dict[str, object]:
    """units.mjs `fillOf` for the attacker: every field a unit fills, its card's value or the field's default."""
    fields = data["attackerFields"]
    assert isinstance(fields, list)
    return {name: card[name] if name in card else defaults[name] for name in fields if name in defaults}


def requests(form_html: str, data: Mapping[str, object]) -> dict[int, list[dict[str, object]]]:
    """Per unit index: the inputs the page sends for each link of its page and for the unit typed."""
    controls = read_form(form_html)
    defaults = answers.field_defaults(form_html)
    baseline = form_inputs(controls)
    units = data["units"]
    assert isinstance(units, list)
    out: dict[int, list[dict[str, object]]] = {}
    for index, unit in enumerate(units):
        weapons = [name for at, name, owner, _ in unit["pools"] if name and not at and owner < 0]
        wanted = []
        for weapon in weapons:
            # address.mjs fromParams: the page's inputs, under the address's, what the unit fills
            given = {"pool": "", "defender": "", "attacker_unit": unit["name"], "weapon": weapon}
            card = card_values(unit, weapon)
            if card is None:
                continue
            values = {**baseline, **fill(data, defaults, card), **given}
            wanted.append(form_inputs(set_inputs(controls, values)))
        # units.mjs unitTyped: the pool's boxes cleared, then the unit's fields filled
        typed = set_inputs(controls, {"attacker_unit": unit["name"], "weapon": "", "range": "", "upgrade": "", "minis": "0"})
        card = card_values(unit, "")
        if card is not None:
            wanted.append(form_inputs(set_inputs(typed, fill(data, defaults, card))))
        out[index] = wanted
    return out


def tables(form_html: str, calculator: str, base: str, data: Mapping[str, object], cache_dir: Path = CACHE) -> dict[int, Answers]:
    out = {}
    for index, wanted in requests(form_html, data).items():
        table = Answers(calculator, base)
        for inputs in wanted:
            key = request_key(inputs)
            if key not in table.answers:
                table.answers[key] = answer({"calculator": calculator, "inputs": inputs, "base": base}, cache_dir)
        if table.answers:
            out[index] = table
    return out


CALCULATOR_START = re.compile(r'<div class="calculator" [^>]*data-unit-data="[^"]*"[^>]*>')


def attach(page_html: str, page_src: str, site_dir: Path, cache_dir: Path = CACHE) -> str:
    """The Attack page with its first unit calculator naming its units' answers (written
    under `site_dir`); any other page as it is, and every page when answers are off."""
    if not answers.enabled() or not is_attack_page(page_src):
        return page_html
    found = CALCULATOR_START.search(page_html)
    if found is None or found.start() != page_html.find('<div class="calculator" '):
        return page_html  # the unit pages' links fill the page's first calculator only
    end = page_html.find("</form>", found.end())
    base = re.search(r' data-base="([^"]*)"', found.group(0))
    name = re.search(r' data-calculator="([^"]+)"', found.group(0))
    if end < 0 or base is None or name is None:
        return page_html
    from scripts.calculators.units import units_text

    data = json.loads(units_text())
    made = tables(page_html[found.start():end + len("</form>")], name.group(1), unescape(base.group(1)), data, cache_dir)
    if not made:
        return page_html
    folder = answers.file_name(page_src, name.group(1)).removesuffix(".json")
    digest = hashlib.sha256()
    for index, table in sorted(made.items()):
        text = table.text()
        digest.update(text.encode() + b"\0")
        target = site_dir / FOLDER / folder / f"{index}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    pattern = escape(f"{unescape(base.group(1))}{FOLDER}{folder}/{PLACE}.json?v={digest.hexdigest()[:12]}", quote=True)
    opening = f'{found.group(0)[:-1]} {ATTRIBUTE}="{pattern}">'
    return page_html[:found.start()] + opening + page_html[found.end():]

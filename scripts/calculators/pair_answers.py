"""Answers computed at build time for two units picked, figures only (issue 44's first pick).

On the pages a reader meets first (`PAGES`: Guardian X and the Attack page), the first
calculator with unit pickers gets, per released attacking unit typed in its form, the
engine's answer against every released defending unit (and against none, the attacker
alone), so the result shows as soon as the two units are picked, before Python arrives.

The requests are the ones the page sends: the form as shown, the attacker typed (units.mjs
`unitTyped`: its weapon, range, upgrades and minis cleared, every field its card fills set),
a worked example's attack faces following the dice counts (trace-fit.mjs `followCounts`),
the defender typed (its fields filled), and, while the engine refuses a face list, that
list's last face dropped and the engine asked again (trace-fit.mjs `refit`): each request of
that chain is stored, refusals too, so the page shows the same notes as with Python.

Each attacker's answers go to one file, `assets/calculators/pair-answers/<page>/<unit index
in units.json>.json`, holding figures only and each distinct one once:

    {"calculator", "base", "inputs": what typing the attacker changes in the page's form,
     "diffs": [what a request changes beyond that and its defender's fields],
     "responses": [{"result": the engine's result} or {"error", "option"}],
     "chains": [[[diff, response], ...]: the requests the page sends for one defender, in
     turn], "alone": the chain of the attacker alone, "answers": [each defender's chain]}

What they all share goes once in the page's file, `<page>.json` (`page_part`): the form with
the attacker's boxes cleared, each defender's fields, the units' names (the order of
"answers"), and the calculator's words for result-html.mjs.

A defender's name inside a result is written as `NAME` (its own name put back by the page),
so defenders with one defence profile share their figures. The page (answers.mjs) rebuilds
each stored request (`inputs` with the diff, and the defender's name) and uses an answer
only when it is exactly the request it sends; it writes the HTML, sentence and headline with
result-html.mjs from the calculator's words (`result_meta.py`, one file per calculator).
Anything else is a miss: Python answers it. Each attacker's file is kept in
`.cache/answers/pairs/` under the hash of the engine's source and everything it was made
from, so a rebuild reads 161 files per page instead of computing 27,000 answers.

What a build with an empty cache pays (`scripts/bench/publish_cold.py`): the engine reads of
a defending unit only what `_profile` holds (what `defender_values` makes of its card, its
minis and wounds, its Force icon) and its name, which it only writes back; and of its minis
and wounds only the minis defeated reads more than whether it has minis (`_reading`), with
the attacker's Spray, which its mapping against the defender shows (`_mapping`). So
defenders alike in `_reading` and that mapping, sent the same request bar the name, are
asked once per attacker and share the chain, each one's minis defeated worked out from the
same wounds (166 defenders, 73 kinds), unless a name shows in the answers otherwise than as
a whole string. The files not kept are computed by a forked process per core; in a
build (`attach(..., wait=False)`) the page is written at once, its version naming each
file's key rather than its text, and the files are written by `finish()` at the build's end,
so the engine's work runs beside the rest of the build.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import re
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from fractions import Fraction
from html import escape, unescape
from pathlib import Path
from typing import TYPE_CHECKING, cast

from scripts.calculators import answers
from scripts.calculators.answers import CACHE, Control, form_inputs, read_form
from scripts.calculators.unit_answers import card_values, set_inputs

if TYPE_CHECKING:
    from rulesengine.legion.units import Unit, Units

FOLDER = "assets/calculators/pair-answers/"
ATTRIBUTE = "data-pair-answers"
META_ATTRIBUTE = "data-pair-meta"
NAME = "\u0000defender"
"""Stands for the defender's own name in a stored result."""
PAGES = ("legion/keywords/Guardian X.md", "legion/Attack.md")
"""The pages whose first unit calculator gets pair answers (vault paths below the vault's folder)."""
MOST_REFITS = 12
MAPPING_READS = ("attacker_unit", "weapon", "range", "upgrade", "minis", "spray", "ruleset")
"""The request's fields the attacking unit's mapping reads (`units.Units`, `units.ruleset_of`)."""
FACES = ";"


def covered(page_src: str) -> bool:
    return any(page_src == page or page_src.endswith("/" + page) for page in PAGES)


def _units(text: str) -> list[list[str]]:
    """trace-fit.mjs unitsOf."""
    return [[f.strip() for f in unit.split(",") if f.strip()] for unit in text.split(FACES)] if text.strip() else []


def _text(units: Sequence[Sequence[str]]) -> str:
    """trace-fit.mjs textOf."""
    return f"{FACES} ".join(", ".join(faces) for faces in units if faces)


def dice_from(form_html: str) -> dict[str, list[str]]:
    """Every face list of the form (data-faces): the counts whose dice it lists, in order."""
    out = {}
    for tag in re.findall(r"<input\b[^>]*\bdata-faces=[^>]*>", form_html):
        name = re.search(r' name="([^"]+)"', tag)
        order = re.search(r' data-dice-from="([^"]*)"', tag)
        if name:
            out[unescape(name.group(1))] = unescape(order.group(1)).split() if order else []
    return out


def follow_counts(before: Mapping[str, object], after: dict[str, object], lists: Mapping[str, list[str]]) -> None:
    """trace-fit.mjs followCounts: each face list that follows dice counts, after `before`'s
    counts became `after`'s (faces of dice removed go; dice added before faces drop them)."""
    for name, order in lists.items():
        if not order or not isinstance(after.get(name), str):
            continue
        faces = (_units(str(after[name])) or [[]])[0]
        start = 0
        for count in order:
            was, now = before.get(count), after.get(count)
            if not isinstance(was, int) or not isinstance(now, int) or was == now:
                start += now if isinstance(now, int) else was if isinstance(was, int) else 0
                continue
            end = start + min(was, now)
            if now < was:
                del faces[end:end + was - now]
            elif len(faces) > end:
                del faces[end:]
            start += now
        text = _text([faces])
        if text != str(after[name]).strip():
            after[name] = text


def figures(calculator: str, inputs: Mapping[str, object], base: str) -> dict[str, object]:
    """The entry point's answer without its HTML: {"result"} or {"error", "option"}."""
    from rulesengine.calculators.api import calculate, in_form_words
    from rulesengine.calculators.registry import calculator as named
    from rulesengine.calculators.render import compute
    from rulesengine.errors import InputError

    calc = named(calculator)
    try:
        return {"result": compute(calc, inputs)}
    except InputError as e:
        return {"error": in_form_words(calc, e), "option": e.option.split("/")[0].lstrip("-").replace("-", "_")}
    except Exception:
        # Whatever else the entry point says (a rules error, an internal one), as it says it.
        response = json.loads(calculate(json.dumps({"calculator": calculator, "inputs": dict(inputs), "base": base})))
        return {"error": response["error"], "option": response.get("option")}


def _chain(calculator: str, inputs: dict[str, object], base: str, lists: Mapping[str, list[str]]) -> list[tuple[dict[str, object], dict[str, object]]]:
    """The requests the page sends for `inputs` and their answers: while the engine refuses a
    face list, its last face dropped (trace-fit.mjs refit)."""
    out = []
    for _ in range(MOST_REFITS):
        answer = figures(calculator, inputs, base)
        out.append((dict(inputs), answer))
        option = answer.get("option")
        if "error" not in answer or option not in lists or not isinstance(inputs.get(str(option)), str):
            break
        units = _units(str(inputs[str(option)]))
        if not units:
            break
        units[-1].pop()
        inputs = {**inputs, str(option): _text(units)}
    return out


def defender_fill(data: Mapping[str, object], index: int, values: Mapping[str, object], defaults: Mapping[str, object]) -> dict[str, object]:
    """units.mjs cardValues and fillOf for the defending unit at `index`."""
    units = data["units"]
    rulesets = data["rulesets"]
    by_ruleset = data["byRuleset"]
    assert isinstance(units, list) and isinstance(rulesets, list) and isinstance(by_ruleset, dict)
    ruleset = values.get("ruleset")
    special = by_ruleset.get(ruleset, {}).get(str(index), {}) if ruleset and ruleset != rulesets[0] else {}
    card = special.get("defense") or units[index]["defense"]
    fields = data["defenderFields"]
    assert isinstance(fields, list)
    return {name: card[name] if name in card else defaults[name] for name in fields if name in defaults}


def attacker_fill(data: Mapping[str, object], index: int, values: Mapping[str, object], defaults: Mapping[str, object]) -> dict[str, object] | None:
    """units.mjs cardValues and fillOf for the attacking unit typed (its default pool)."""
    units = data["units"]
    rulesets = data["rulesets"]
    by_ruleset = data["byRuleset"]
    assert isinstance(units, list) and isinstance(rulesets, list) and isinstance(by_ruleset, dict)
    unit = units[index]
    if not unit["pools"]:
        return None
    pool = next((i for i, (at, name, _, _) in enumerate(unit["pools"]) if at == "" and name == ""), -1)
    if pool < 0 or unit["pools"][pool][2] >= 0:
        return None
    ruleset = values.get("ruleset")
    special = by_ruleset.get(ruleset, {}).get(str(index), {}) if ruleset and ruleset != rulesets[0] else {}
    card = special.get(f"{pool}/") or card_values(unit, "")
    if card is None:
        return None
    fields = data["attackerFields"]
    assert isinstance(fields, list)
    return {name: card[name] if name in card else defaults[name] for name in fields if name in defaults}


def _named(value: object, name: str) -> object:
    """`value` with every string that is exactly the defender's name written as NAME."""
    if isinstance(value, dict):
        return {k: _named(v, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, name) for v in value]
    return NAME if value == name and name else value


@cache
def _profile(name: str, ruleset: str) -> str | None:
    """All that the engine reads of the defending unit named `name` but its name (None: no
    such unit): what `units.defender_values` makes of its card under every ruleset (and the
    request's own), its minis and wounds (the minis defeated; Spray), and whether it bears a
    Force upgrade icon (the attacker's Jedi Hunter). The sharing keys on less (`_reading`);
    the tests compare with this whole profile."""
    found = _reading(name, ruleset)
    if found is None:
        return None
    reading, unit = found
    return repr((unit.minis, unit.wounds, reading))


@cache
def _reading(name: str, ruleset: str) -> tuple[str, Unit] | None:
    """What the engine's attack reads of the defending unit named `name` (None: no such
    unit): `_profile` but for its minis and wounds, which only the minis defeated read
    (`api.units_json`: whether there are any, beside the wounds) and Spray (the attacker's
    mapping, `_mapping`); and the unit."""
    from rulesengine.errors import InputError
    from rulesengine.legion.model import RULESETS
    from rulesengine.legion.units import defender_values, find_unit

    try:
        unit = find_unit(name.strip(), "--defender-unit")
    except InputError:
        return None
    rulesets = (*RULESETS, *(() if not ruleset or ruleset in RULESETS else (ruleset,)))
    return repr((unit.minis >= 1, "force" in unit.upgrade_bar, [defender_values(unit, ruleset=r).values for r in rulesets])), unit


def _found(calculator: str, request: Mapping[str, object]) -> tuple[dict[str, object], Units] | None:
    """The entry point's values for `request` and the units they name, found as it finds
    them (None: it refuses them; the request is then asked as it is)."""
    from rulesengine.calculators.inputs import prepare
    from rulesengine.calculators.registry import calculator as named
    from rulesengine.errors import InputError
    from rulesengine.legion.units import Units

    try:
        values = prepare(named(calculator), request)
        return values, Units(values)
    except InputError:
        return None


def _mapping(calculator: str, request: Mapping[str, object]) -> str | None:
    """The attacking unit's inputs as the engine maps them for `request` (its defender decides
    Spray and Jedi Hunter: `units.attacker_values`); None when the entry point refuses the
    units it names."""
    from rulesengine.errors import InputError
    from rulesengine.legion.units import attacker_mapped

    found = _found(calculator, request)
    if found is None:
        return None
    try:
        return repr(attacker_mapped(*found))
    except InputError:
        return None


@dataclass(frozen=True)
class _Defending:
    """What `api.units_json` reads of the units a request names: the defending unit."""

    defender: Unit


def _minis_of(answer: dict[str, object], unit: Unit) -> dict[str, object]:
    """`answer`, the engine's for a defender alike but for its minis and wounds, made the one
    for `unit`: its minis defeated (`api.units_json`) from the same wounds."""
    from rulesengine.distribution import Distribution
    from rulesengine.legion.api import units_json

    result = answer.get("result")
    if not isinstance(result, dict):
        return answer
    defenders = result.get("defenders")
    part = defenders[0] if isinstance(defenders, list) and defenders else result.get("defender")
    if not isinstance(part, dict) or "minis_defeated" not in part:
        return answer
    wounds = part["wounds"]
    assert isinstance(wounds, dict)
    # A new answer where it differs (the same keys in the same places), the rest shared.
    mine = {**part, **units_json(cast("Units", _Defending(unit)), Distribution({int(w): Fraction(p) for w, p in wounds.items()}))}
    if isinstance(defenders, list) and defenders:
        return {**answer, "result": {**result, "defenders": [mine, *defenders[1:]]}}
    return {**answer, "result": {**result, "defender": mine}}


def _shareable(first: str, name: str, chain: Sequence[tuple[dict[str, object], str]]) -> bool:
    """Whether the chain asked for defender `first` is the chain of `name` too: neither name
    is in its answers but as a whole string (written NAME)."""
    written = [json.dumps(n, ensure_ascii=False)[1:-1] for n in (first, name)]
    return not any(w in response for _, response in chain for w in written)


def _diff(request: Mapping[str, object], under: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in request.items() if k != "defender_unit" and under.get(k) != v}


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def page_part(form_html: str, data: Mapping[str, object]) -> dict[str, object]:
    """What every attacker's file of one calculator shares (the page's file): the form with
    the attacker's boxes cleared as typing a unit clears them, and each defender's fields
    (what differs from that form; `fillOf`: the index of its distinct fill)."""
    controls = read_form(form_html)
    defaults = answers.field_defaults(form_html)
    common = form_inputs(set_inputs(controls, {"weapon": "", "range": "", "upgrade": "", "minis": "0"}))
    units = data["units"]
    assert isinstance(units, list)
    fills: dict[str, int] = {}
    # Only the fields the form sends: one off for this ruleset is filled but not sent.
    fill_of = [fills.setdefault(_compact({k: v for k, v in defender_fill(data, d, common, defaults).items() if k in common and common[k] != v}),
                                len(fills)) for d in range(len(units))]
    return {"inputs": common, "fills": [json.loads(f) for f in fills], "fillOf": fill_of, "units": [u["name"] for u in units]}


@dataclass(frozen=True)
class Form:
    """The calculator's form as the page reads it, read once for all its attackers."""

    controls: list[Control]
    defaults: dict[str, object]
    shown: dict[str, object]
    lists: dict[str, list[str]]


def read(form_html: str) -> Form:
    controls = read_form(form_html)
    return Form(controls, answers.field_defaults(form_html), form_inputs(controls), dice_from(form_html))


@dataclass(frozen=True)
class Attacker:
    """One attacker's file, before its answers: the request with the attacker typed, what it
    changes in the page's part, and where the file is kept."""

    index: int
    start: dict[str, object]
    own: dict[str, object]
    kept: Path


def attacker(calculator: str, base: str, data: Mapping[str, object], index: int, cache_dir: Path,
             page: Mapping[str, object], form: Form) -> Attacker | None:
    """The attacker at `index` typed into the form, or None when the unit's default pool is
    not in the data."""
    controls, defaults, shown, lists = form.controls, form.defaults, form.shown, form.lists
    units = data["units"]
    assert isinstance(units, list)
    typed = set_inputs(controls, {"attacker_unit": units[index]["name"], "weapon": "", "range": "", "upgrade": "", "minis": "0"})
    fill = attacker_fill(data, index, form_inputs(typed), defaults)
    if fill is None:
        return None
    start = form_inputs(set_inputs(typed, fill))
    follow_counts(shown, start, lists)
    common = page["inputs"]
    assert isinstance(common, dict)
    own = _diff(start, common)
    assert {**common, **own} == start
    source = json.dumps([answers.engine_hash(), calculator, base, start, lists, page], sort_keys=True)
    key = hashlib.sha256(source.encode()).hexdigest()
    return Attacker(index, start, own, cache_dir / "pairs" / key[:2] / f"{key}.json")


def attacker_file(calculator: str, base: str, form_html: str, data: Mapping[str, object], index: int,
                  cache_dir: Path = CACHE, page: Mapping[str, object] | None = None, form: Form | None = None) -> str | None:
    """One attacker's answers file (its text), or None when the unit's default pool is not
    in the data. Its requests are written as what they change in the page's part (`page_part`)."""
    page = page if page is not None else page_part(form_html, data)
    form = form if form is not None else read(form_html)
    typed = attacker(calculator, base, data, index, cache_dir, page, form)
    if typed is None:
        return None
    try:
        return typed.kept.read_text(encoding="utf-8")
    except OSError:
        return computed(calculator, base, data, page, form, typed)


def computed(calculator: str, base: str, data: Mapping[str, object], page: Mapping[str, object], form: Form,
             typed: Attacker, share: bool = True) -> str:
    """The attacker's file computed by the engine (and kept); `share=False` asks the engine
    for every defender (the tests' brute force)."""
    start, own, kept, lists = typed.start, typed.own, typed.kept, form.lists
    units, fills, fill_of = data["units"], page["fills"], page["fillOf"]
    assert isinstance(units, list) and isinstance(fills, list) and isinstance(fill_of, list)
    diffs: dict[str, int] = {}
    responses: dict[str, int] = {}
    chains: dict[str, int] = {}
    table: list[int] = []
    # The engine reads of a defending unit what `_reading` holds, its minis and wounds (for
    # the minis defeated, and the attacker's Spray), and its name only to write it back:
    # defenders alike in `_reading` and in the attacker's mapping against them, sent the
    # same request bar the name, get one chain of engine answers (the request with each
    # one's name, each one's diff), each one's minis defeated worked out from the same wounds.
    asked: dict[tuple[str | None, str | None, frozenset[tuple[str, object]]], tuple[str, list[tuple[dict[str, object], dict[str, object], str]]]] = {}
    mappings: dict[tuple[int, bool, tuple[object, ...]], str | None] = {}
    for d in range(-1, len(units)):
        name = "" if d < 0 else str(units[d]["name"])
        under = dict(start) if d < 0 else {**start, **fills[fill_of[d]]}
        wanted = dict(under) if d < 0 else {**under, "defender_unit": name}
        follow_counts(start, wanted, lists)
        request_key = frozenset((k, v) for k, v in wanted.items() if k != "defender_unit")
        reading = _reading(name, str(wanted.get("ruleset") or "")) if d >= 0 and share else None
        mapped = None
        if reading is not None:
            # The mapping reads of the request only the units' fields and the ruleset
            # (`units.attacker_mapped`), and of the defender only its minis and Force icon
            # (`units.attacker_values`).
            unit = reading[1]
            seen = (unit.minis, "force" in unit.upgrade_bar, tuple(wanted.get(k) for k in MAPPING_READS))
            mapped = mappings[seen] if seen in mappings else mappings.setdefault(seen, _mapping(calculator, wanted))
        key = (reading[0] if reading else None, mapped, request_key)
        shared = asked.get(key) if mapped is not None else None
        if shared is not None and reading is not None and _shareable(shared[0], name, [(r, text) for r, _, text in shared[1]]):
            unit = reading[1]
            made = [(request, _minis_of(answer, unit)) for request, answer, _ in shared[1]]
        else:
            made = _chain(calculator, wanted, base, lists)
        chain = [(request, answer, _compact(_named(answer, name))) for request, answer in made]
        if mapped is not None and key not in asked:
            asked[key] = (name, chain)
        entries = []
        for request, _, response in chain:
            request = {**request, "defender_unit": name} if d >= 0 else request
            entries.append([diffs.setdefault(_compact(_diff(request, under)), len(diffs)), responses.setdefault(response, len(responses))])
        table.append(chains.setdefault(_compact(entries), len(chains)))
    text = (
        '{"calculator":' + json.dumps(calculator) + ',"base":' + _compact(base) + ',"inputs":' + _compact(own)
        + ',"diffs":[' + ",".join(diffs) + '],"responses":[' + ",".join(responses) + '],"chains":[' + ",".join(chains)
        + '],"alone":' + str(table[0]) + ',"answers":' + _compact(table[1:]) + "}"
    )
    kept.parent.mkdir(parents=True, exist_ok=True)
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(kept)
    return text


def all_files(calculator: str, base: str, form_html: str, data: Mapping[str, object], page: Mapping[str, object],
              form: Form, typed: Sequence[Attacker], workers: int | None = None) -> list[str]:
    """Each attacker's file: read where kept, the rest computed by `workers` forked
    processes (one per core by default)."""
    texts = {t.index: text for t, text in ((t, _kept(t)) for t in typed) if text is not None}
    missing = [t for t in typed if t.index not in texts]
    if min(workers or os.cpu_count() or 1, len(missing)) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        texts.update((t.index, computed(calculator, base, data, page, form, t)) for t in missing)
    else:
        background = Background(workers)
        try:
            futures = [(t.index, background.submit(calculator, base, form_html, t)) for t in missing]
            texts.update((index, future.result()) for index, future in futures)
        finally:
            background.close()
    return [texts[t.index] for t in typed]


def _kept(typed: Attacker) -> str | None:
    try:
        return typed.kept.read_text(encoding="utf-8")
    except OSError:
        return None


class Background:
    """Attackers' files computed by forked processes (one per core by default) while the
    build goes on; each process reads the page's form once (`_job`)."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = ProcessPoolExecutor(workers or os.cpu_count() or 1, mp_context=multiprocessing.get_context("fork"))
        self.pending: list[tuple[Path, Future[str]]] = []

    def submit(self, calculator: str, base: str, form_html: str, typed: Attacker) -> Future[str]:
        return self.pool.submit(_computed_in_worker, calculator, base, form_html, typed)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


@cache
def _job(calculator: str, base: str, form_html: str) -> tuple[Mapping[str, object], Mapping[str, object], Form]:
    from scripts.calculators.units import units_text

    data = json.loads(units_text())
    return data, page_part(form_html, data), read(form_html)


def _computed_in_worker(calculator: str, base: str, form_html: str, typed: Attacker) -> str:
    data, page, form = _job(calculator, base, form_html)
    return computed(calculator, base, data, page, form, typed)


_LATER: Background | None = None
"""The files of `attach(..., wait=False)` being computed, until `finish`."""


def finish() -> None:
    """Write the files `attach(..., wait=False)` left to compute, once computed."""
    global _LATER
    later, _LATER = _LATER, None
    if later is None:
        return
    try:
        for target, future in later.pending:
            _write(target, future.result())
    finally:
        later.close()


def abandon() -> None:
    """Drop what `attach(..., wait=False)` left to compute (a build that stopped)."""
    global _LATER
    later, _LATER = _LATER, None
    if later is not None:
        later.pool.shutdown(wait=False, cancel_futures=True)


CALCULATOR_START = re.compile(r'<div class="calculator" [^>]*data-unit-data="[^"]*"[^>]*>')


def _write(target: Path, text: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")


def attach(page_html: str, page_src: str, site_dir: Path, cache_dir: Path = CACHE, workers: int | None = None,
           wait: bool = True) -> str:
    """A covered page with its first unit calculator naming its pair answers and the
    calculator's words (written under `site_dir`); any other page as it is, and every page
    when answers are off. The files not kept are computed by `workers` processes (one per
    core by default); with `wait=False` they are written by `finish()`, the build going
    on meanwhile."""
    global _LATER
    if not answers.enabled() or not covered(page_src):
        return page_html
    found = CALCULATOR_START.search(page_html)
    if found is None:
        return page_html
    end = page_html.find("</form>", found.end())
    base_found = re.search(r' data-base="([^"]*)"', found.group(0))
    name = re.search(r' data-calculator="([^"]+)"', found.group(0))
    if end < 0 or base_found is None or name is None:
        return page_html
    from scripts.calculators.result_meta import meta_text
    from scripts.calculators.units import units_text

    base = unescape(base_found.group(1))
    data = json.loads(units_text())
    form_html = page_html[found.start():end + len("</form>")]
    folder = answers.file_name(page_src, name.group(1)).removesuffix(".json")
    page = page_part(form_html, data)
    form = read(form_html)
    typed = [t for t in (attacker(name.group(1), base, data, i, cache_dir, page, form) for i in range(len(data["units"]))) if t is not None]
    if not typed:
        return page_html
    # The version names what each file is made from (its key), so the page is written
    # before the files not kept are computed.
    digest = hashlib.sha256()
    if wait:
        texts: list[str | None] = list(all_files(name.group(1), base, form_html, data, page, form, typed, workers))
    else:
        texts = [_kept(t) for t in typed]
    for t, text in zip(typed, texts):
        digest.update(f"{t.index}\0{t.kept.name}\0".encode())
        target = site_dir / FOLDER / folder / f"{t.index}.json"
        if text is not None:
            _write(target, text)
            continue
        _LATER = _LATER or Background(workers)
        _LATER.pending.append((target, _LATER.submit(name.group(1), base, form_html, t)))
    # The calculator's words, and what every attacker's file shares (the defenders' names in
    # the order of "answers").
    words = meta_text(name.group(1))[:-1] + "," + _compact(page)[1:]
    meta_name = f"{folder}.json"
    _write(site_dir / FOLDER / meta_name, words)
    meta_version = hashlib.sha256(words.encode()).hexdigest()[:12]
    pattern = escape(f"{base}{FOLDER}{folder}/{{}}.json?v={digest.hexdigest()[:12]}", quote=True)
    meta_address = escape(f"{base}{FOLDER}{meta_name}?v={meta_version}", quote=True)
    opening = f'{found.group(0)[:-1]} {ATTRIBUTE}="{pattern}" {META_ATTRIBUTE}="{meta_address}">'
    return page_html[:found.start()] + opening + page_html[found.end():]

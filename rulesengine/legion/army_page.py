"""The "Your army" page's entry point in the browser (called by the calculators' worker as
`rulesengine.calculators.api.army`): JSON in, JSON out, never raising.

Two steps, so that the page can show progress unit by unit:
- `{"step": "read", "list": TEXT, "defender_unit": NAME, "cover": C}` answers
  `{"ok": true, "heading": {...}, "units": [{"index", "name", "unit", "upgrades"}], "problems": [...]}`:
  the target, every unit matched (to compute next) and a problem per name matched by none;
- `{"step": "unit", ... the same ..., "index": I}` answers `{"ok": true, "row": {...}}`: the
  unit at `units[I]` of the list, each range resolved (`army.unit_json`).
A refusal is `{"ok": false, "problems": [{"field", "where", "message"}]}`, `field` being the
page's input it concerns ("list", "defender_unit" or "cover").
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from rulesengine.errors import InputError, RulesError
from rulesengine.legion.army import Solver, cover_of, heading_json, read, target, unit_json
from rulesengine.legion.army_list import ListError, Problem

_SOLVER = Solver()
"""Kept between requests: a unit fielded twice, or the same list asked again after a change
of target and back, is not computed again (the values are the key, so nothing stale)."""

JSON = dict[str, object]


def _refusal(*problems: tuple[str, Problem]) -> JSON:
    return {"ok": False, "problems": [{"field": f, "where": p.where, "message": p.message} for f, p in problems]}


def _text(request: Mapping[str, object], name: str) -> str:
    value = request.get(name)
    return value if isinstance(value, str) else ""


def answer(request: Mapping[str, object]) -> JSON:
    refused: list[tuple[str, Problem]] = []
    try:
        cover_of(_text(request, "cover") or None)
    except InputError as e:
        refused.append(("cover", Problem("", f"Cover: {e.allowed}")))
    try:
        aim = target(_text(request, "defender_unit"), None)
    except InputError as e:
        refused.append(("defender_unit", Problem("", f"Target: {e.allowed}" + ("" if e.got is None else f" (got {e.got!r})"))))
    try:
        army, fielded, problems = read(_text(request, "list"))
    except ListError as e:
        refused += [("list", p) for p in e.problems]
    if refused:
        return _refusal(*refused)
    aim = target(aim.unit.name, _text(request, "cover") or None)
    if request.get("step") == "unit":
        index = request.get("index")
        chosen = next((f for f in fielded if f.listed.index == index), None)
        if chosen is None:
            return _refusal(("list", Problem("index", f"a unit of the list that was matched (got {index!r})")))
        try:
            return {"ok": True, "row": unit_json(chosen, aim, _SOLVER)}
        except InputError as e:
            return _refusal(("list", Problem(e.option, e.allowed)))
    return {"ok": True, "heading": heading_json(army, aim, problems),
            "units": [{"index": f.listed.index, "name": f.listed.name, "unit": f.unit.name,
                       "upgrades": list(f.listed.upgrades)} for f in fielded],
            "problems": [{"field": "list", "where": p.where, "message": p.message} for p in problems]}


def army(request_json: str) -> str:
    """`answer` for a JSON text; every failure becomes a refusal the page can show."""
    try:
        request = json.loads(request_json)
        if not isinstance(request, Mapping):
            return json.dumps(_refusal(("list", Problem("request", "a JSON object"))))
        return json.dumps(answer(request), ensure_ascii=False)
    except RulesError as e:
        return json.dumps(_refusal(("list", Problem("", str(e)))), ensure_ascii=False)
    except Exception as e:  # the page must show every failure, not a dead worker
        return json.dumps(_refusal(("list", Problem("", f"internal error: {type(e).__name__}: {e}"))), ensure_ascii=False)

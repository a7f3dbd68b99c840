"""The JSON-in/JSON-out entry point the browser calls inside Pyodide.

`calculate('{"calculator": "legion-attack", "inputs": {"pierce": 2}, "base": "../../"}')`
answers `{"ok": true, "html": <the result region's HTML>, "result": <the engine's JSON>,
"summary": <one short sentence for the live region>,
"headline": <the numbers the Compare view sets side by side (`headline.headline`), or null>}`
or `{"ok": false, "error": "Pierce X: a whole number from 0 to 12 (got 99)",
"option": "pierce", "html": <the error's HTML>}`. It never raises: the page always gets
something to show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from rulesengine.calculators.headline import headline
from rulesengine.calculators.registry import Calculator, calculator, calculators
from rulesengine.calculators.render import compute, error_html, result_html
from rulesengine.calculators.result import summary
from rulesengine.calculators.words import named_choices
from rulesengine.errors import InputError, RulesError
from rulesengine.legion.army_page import army as army_answer
from rulesengine.legion.units import cards as unit_cards


def calculate(request_json: str) -> str:
    return json.dumps(_answer(request_json), ensure_ascii=False)


def _answer(request_json: str) -> dict[str, object]:
    try:
        request = json.loads(request_json)
        if not isinstance(request, Mapping):
            raise InputError("request", 'a JSON object {"calculator": ..., "inputs": {...}}', request)
        calc = calculator(str(request.get("calculator", "")))
        inputs = request.get("inputs", {})
        if not isinstance(inputs, Mapping):
            raise InputError("inputs", "a JSON object of input names and values", inputs)
        base = str(request.get("base", ""))
        try:
            result = compute(calc, inputs)
        except InputError as e:
            return _failure(in_form_words(calc, e), e.option.split("/")[0].lstrip("-").replace("-", "_"))
        return {"ok": True, "html": result_html(calc, result, base), "result": result,
                "summary": summary(result, calc.labels), "headline": headline(result, calc.labels)}
    except InputError as e:
        return _failure(str(e), e.option.lstrip("-").replace("-", "_"))
    except RulesError as e:
        return _failure(str(e), None)
    except json.JSONDecodeError as e:
        return _failure(f"request: not JSON ({e.msg} at character {e.pos})", None)
    except Exception as e:  # the page must show every failure, not a dead worker
        return _failure(f"internal error: {type(e).__name__}: {e}", None)


def in_form_words(calc: Calculator, error: InputError) -> str:
    """The engine's refusal as the form says it: each command-line flag (`--defense-faces`)
    becomes the label beside that input ("Defense faces"). A refusal of a choice (a select)
    names its choices as the select shows them ("optimal" is "Best rerolls"), and does not
    repeat the choice made unless the select has no such choice."""
    labels = {o.flag: o.label for o in calc.options}

    def flags(text: str) -> str:
        return re.sub(r"--[a-z][a-z0-9-]*", lambda m: labels.get(m.group(0), m.group(0)), text)

    flag, _, item = error.option.partition("/")
    option = next((o for o in calc.options if o.flag == flag), None)
    if option is None or option.kind != "choice" or not option.choices:
        return flags(str(error))
    allowed = named_choices(option.name, flags(error.allowed), option.choices, option.help)
    got = "" if error.got is None or str(error.got) in option.choices else f" (got {error.got!r})"
    return f"{labels.get(flag, flag)}{'/' + item if item else ''}: {allowed}{got}"


def _failure(message: str, option: str | None) -> dict[str, object]:
    return {"ok": False, "error": message, "option": option, "html": error_html(message)}


def army(request_json: str) -> str:
    """The "Your army" page's entry point (a whole Legion list against one target, unit by
    unit): `rulesengine.legion.army_page`. Imported here so that the start-up snapshot
    holds it, as it holds the calculators."""
    return army_answer(request_json)


def describe() -> str:
    """Every calculator's description (inputs, fields, keyword presets) as JSON."""
    return json.dumps([c.describe() for c in calculators()], ensure_ascii=False)


def warm() -> None:
    """Read the package data the calculators use into memory (the Legion unit cards). The
    build's start-up snapshot calls it (scripts/calculators/snapshot.mjs): the snapshot
    holds Python's memory, not the wheel's files, which the worker unpacks only after its
    first answers."""
    unit_cards()

"""A whole calculator as HTML: the root element of the DOM contract, its form and its
result. The build pre-renders pages with it; the browser gets the result part of the
same HTML from `rulesengine.calculators.api.calculate`, so both show the same thing.

DOM contract: the root has `data-calculator="<name>"` and `data-state` (`static` when
pre-rendered), its result region `data-result`, its inputs are named form controls.
The result region's `data-headline` holds the pre-rendered result's headline
(`headline.headline`, JSON), what the page's Compare view starts from. `data-preset` holds the inputs the page starts from, `data-base` the way back to the site
root (send it with each request as `base`, so step links resolve from this page). The
inputs' full description is `rulesengine.calculators.api.describe()`; the form itself
carries what the browser checks (type, min, max, step). `data-search-exclude` keeps forms
and tables out of mkdocs-material's search index, where they would bury the rule text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape

from rulesengine.calculators.form import render_form
from rulesengine.calculators.headline import headline
from rulesengine.calculators.inputs import prepare
from rulesengine.calculators.registry import Calculator
from rulesengine.calculators.result import render_result


NO_SCRIPT = "This form shows the worked example below; changing it needs JavaScript."
"""Said inside the form; the page's script hides it, so only a reader without JavaScript
(whose inputs cannot recompute) reads it."""


def compute(calc: Calculator, inputs: Mapping[str, object]) -> dict[str, object]:
    """The engine's JSON result for form-style inputs; raises the engine's InputError."""
    return calc.run(prepare(calc, inputs))


def result_html(calc: Calculator, result: Mapping[str, object], base: str) -> str:
    return render_result(result, game=calc.game, labels=calc.labels, base=base, quiet=calc.quiet, options=calc.options)


def error_html(message: str) -> str:
    return f'<p class="calculator-error" data-error role="alert">{escape(message)}</p>'


def render_calculator(
    calc: Calculator,
    inputs: Mapping[str, object],
    *,
    featured: Sequence[str] = (),
    base: str = "",
    caption: str = "",
) -> str:
    """The pre-rendered calculator, preset to `inputs`; raises the engine's InputError."""
    result = compute(calc, inputs)
    preset = {k: list(v) if isinstance(v, tuple) else v for k, v in inputs.items()}
    head = f'<p class="calculator-caption">{escape(caption)}</p>' if caption else ""
    return (
        f'<div class="calculator" data-calculator="{escape(calc.name)}" data-state="static" data-search-exclude'
        f' data-preset="{_attr_json(preset)}" data-base="{escape(base)}">'
        f'<p class="calculator-title">{escape(calc.title)}</p>{head}'
        f"{render_form(calc.options, inputs, tuple(featured) + calc.fields, NO_SCRIPT)}"
        f'<div class="calculator-result" data-headline="{_attr_json(headline(result, calc.labels))}" data-result>'
        f"{result_html(calc, result, base)}</div>"
        "</div>"
    )


def _attr_json(value: object) -> str:
    return escape(json.dumps(value, separators=(",", ":"), ensure_ascii=False), quote=True)

"""A worked example on its page: a compact item, not a calculator of its own.

The page's one calculator stands above the first example; each example is a caption, the
outcome the build checked (in the result's own labels), a button that loads the example
into that calculator (shown only when the page's script runs) and, folded, the example's
full result with its step-by-step trace, which reads the same with JavaScript off.

DOM contract: the item has `data-example` and `data-for="<calculator name>"`; its button
`data-load-example` carries every input of the calculator in `data-inputs` (the example's
values, the default for the rest), so loading it sets the whole form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html import escape

from rulesengine.calculators.numbers import fraction_of, percent
from rulesengine.calculators.registry import Calculator
from rulesengine.calculators.render import result_html
from rulesengine.calculators.result import chance, label_for, leaves, summary
from scripts.calculators.fence import Expectation

LIST_TITLE = "Worked examples"
LOAD = "Load into the calculator"
_OUTCOME_PATH = re.compile(r"^([a-z_][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z_][a-z0-9_]*(?:\[\d+\])?)*)(?:\[(>=)?(-?\d+)\])?$")


def example_item(
    calc: Calculator,
    inputs: Mapping[str, object],
    result: Mapping[str, object],
    expectations: tuple[Expectation, ...],
    *,
    caption: str,
    base: str,
    first: bool,
) -> str:
    """One example as HTML; `first` adds the list's title above it."""
    every = {o.name: _json_value(inputs.get(o.name, o.default)) for o in calc.options}
    outcome = checked_outcome(calc, result, expectations)
    traced = isinstance(result.get("steps"), list) and bool(result.get("steps"))
    fold = "Step by step" if traced else "The full result"
    title = f'<p class="calculator-examples-title">{LIST_TITLE}</p>' if first else ""
    return (
        f'{title}<div class="calculator-example" data-example data-for="{escape(calc.name)}" data-search-exclude>'
        f'<p class="calculator-example-caption">{escape(caption or calc.title)}</p>'
        f'<p class="calculator-example-outcome"><span class="calculator-example-checked">Checked:</span> {escape(outcome)}</p>'
        f'<button type="button" class="calculator-example-load" data-load-example hidden'
        f' data-inputs="{escape(json.dumps(every, separators=(",", ":"), ensure_ascii=False), quote=True)}">{LOAD}</button>'
        f'<details class="calculator-example-trace"><summary>{fold}</summary>'
        f'<div class="calculator-result">{result_html(calc, result, base)}</div></details>'
        "</div>"
    )


def checked_outcome(calc: Calculator, result: Mapping[str, object], expectations: tuple[Expectation, ...]) -> str:
    """What the block's expectations say, in the result's labels ("Wounds on the defender:
    1; Suppression: 1"); a block without readable expectations gets the result's summary."""
    said = []
    stated = dict(leaves(result))
    for e in expectations:
        if e.path in calc.probes:  # a derived fact, e.g. `hits-on: 4,5,6`
            said.append(f"{e.path.replace('-', ' ').capitalize()}: {e.expected}")
            continue
        m = _OUTCOME_PATH.match(e.path)
        if m is None:
            continue
        label = label_for(m.group(1), calc.labels)
        if not label:  # an outcome the result leaves out (another line says it): so does this one
            continue
        value = fraction_of(e.expected)
        # An outcome's probability, or a probability the result states ("certain" is 100%).
        is_chance = m.group(3) is not None or chance(m.group(1), stated.get(m.group(1))) is not None
        shown = percent(value) if is_chance and value is not None else e.expected
        if m.group(3) is not None:
            label = f"{label} {'at least ' if m.group(2) else ''}{m.group(3)}"
        said.append(f"{label}: {shown}")
    return "; ".join(said) + "." if said else summary(result, calc.labels)


def _json_value(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value

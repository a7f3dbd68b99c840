"""Inputs as a form sends them, made ready for the engine.

A form has one text box for a repeatable input and sends an empty box as ""; the engine
wants a list of values and "not given". The same preparation runs for the build's preset
values and the browser's form values, so both reach the engine in the same shape.
"""

from __future__ import annotations

from collections.abc import Mapping

from rulesengine.calculators.form import REPEAT_SEPARATOR
from rulesengine.calculators.registry import Calculator


def prepare(calc: Calculator, inputs: Mapping[str, object]) -> dict[str, object]:
    """Split repeatable text on `;` and drop empty text; unknown names pass through so
    that the engine's validation names them."""
    kinds = {o.name: o for o in calc.options}
    out: dict[str, object] = {}
    for name, value in inputs.items():
        option = kinds.get(name)
        if option is not None and option.kind == "text" and isinstance(value, str):
            if option.repeatable:
                parts = [p.strip() for p in value.split(REPEAT_SEPARATOR) if p.strip()]
                if parts:
                    out[name] = parts
                continue
            if not value.strip():
                continue
        if option is not None and option.kind == "choice" and option.default is None and value == "":
            continue  # the form's "(not given)" entry
        out[name] = list(value) if isinstance(value, tuple) else value
    return out

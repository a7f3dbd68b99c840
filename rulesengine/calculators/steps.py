"""The trace of one attack: a line per step, in the rulebook's numbering, its heading
linked to the paragraph of the rule the step applies (see `links.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from rulesengine.calculators.links import rule_href
from rulesengine.calculators.numbers import plain


def render_steps(steps: list[object], *, game: str, base: str) -> str:
    """The trace: one line per step, its heading linked to the rule it applies."""
    items = []
    for step in steps:
        if not isinstance(step, Mapping):
            continue
        number = plain(step.get("step", ""))
        title = plain(step.get("title", ""))
        # Rulebook steps carry their number (4a, 7c); keyword steps are named by title only.
        heading = escape(f"{number}. {title}" if number[:1].isdigit() else title)
        # The step id picks the paragraph where one rule has several (4a-4c under step 4).
        href = rule_href(game, str(step.get("rule", "")), base, str(step.get("step", "")))
        if href is not None:
            heading = f'<a href="{escape(href)}">{heading}</a>'
        items.append(
            f'<li data-step="{escape(number)}" data-rule="{escape(plain(step.get("rule", "")))}">'
            f"{heading}: {escape(plain(step.get('text', '')))}{_state(step.get('state'))}</li>"
        )
    return f'<ol class="calculator-steps">{"".join(items)}</ol>'


def _state(state: object) -> str:
    """The engine's state after a step, folded: a table for the reader who wants it, the
    step's sentence being what everyone reads."""
    if not isinstance(state, Mapping) or not state:
        return ""
    # An empty list (no guardians) says nothing; leave it out.
    rows = "".join(
        f'<tr><th scope="row">{escape(str(k).replace("_", " "))}</th><td>{escape(plain(v))}</td></tr>'
        for k, v in state.items() if v != [] and v != ()
    )
    if not rows:
        return ""
    return (
        '<details class="calculator-state"><summary>State after this step</summary>'
        f'<table class="calculator-state-table"><tbody>{rows}</tbody></table></details>'
    )

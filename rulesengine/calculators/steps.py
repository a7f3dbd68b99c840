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
        state = step.get("state")
        shown = ""
        if isinstance(state, Mapping) and state:
            # An empty list (no guardians) says nothing; leave it out.
            pairs = ", ".join(
                f"{str(k).replace('_', ' ')} {plain(v)}" for k, v in state.items() if v != [] and v != ()
            )
            shown = f' <span class="calculator-state">({escape(pairs)})</span>'
        items.append(
            f'<li data-step="{escape(number)}" data-rule="{escape(plain(step.get("rule", "")))}">'
            f"{heading}: {escape(plain(step.get('text', '')))}{shown}</li>"
        )
    return f'<ol class="calculator-steps">{"".join(items)}</ol>'

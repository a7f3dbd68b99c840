"""The HTML of a Dice Roller formula and of a table roller (phrasing content only: both sit
inside a paragraph or a table cell).

A formula shows as written, then its minimum, maximum and mean and a small bar chart of
its exact distribution, all in the HTML (so they show with JavaScript off), then a Roll
button and a live region that scripts/theme/assets/dice.mjs brings to life. The button is
written `hidden`: without the script there is no button that does nothing. The outcomes
and their whole-number weights ride along as JSON in `data-dice`; the script draws from
them with crypto.getRandomValues, so a roll follows the exact distribution shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from html import escape

from .exact import Exact, distribution
from .notation import Unsupported
from .tables import Roll

CHART_BARS = 60
MAX_DATA = 40_000  # characters of weights a page carries for one roll


def _e(text: str) -> str:
    return escape(text, quote=True)


def shown(value: Fraction) -> str:
    """An outcome or mean as a reader reads it: `10.5`, `-1`, `≈12.24` (exact in a title)."""
    if value.denominator == 1:
        return str(value.numerator)
    rest = value.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    if rest == 1:
        text = f"{float(value):.6f}".rstrip("0")
        if len(text.split(".")[1]) <= 4:
            return text
    return f"≈{float(value):.2f}"


def _data(exact: Exact, rows: Sequence[int] | None = None, prefix: str = "") -> str:
    data: dict[str, object] = {
        "values": [prefix + shown(value) for value, _ in exact.weights],
        "weights": [str(weight) for _, weight in exact.weights],
    }
    if rows is not None:
        data["rows"] = list(rows)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if len(text) > MAX_DATA:
        raise Unsupported("too many exact outcomes to carry on the page")
    return text


def _chart(exact: Exact, label: str) -> str:
    """Bars of the chances, at most CHART_BARS (wider ranges are grouped)."""
    weights = exact.weights
    group = -(-len(weights) // CHART_BARS)
    bars = [sum(weight for _, weight in weights[start : start + group]) for start in range(0, len(weights), group)]
    tallest = max(bars)
    rects = "".join(
        f'<rect x="{index * 4}" y="{32 - max(1, round(30 * bar / tallest))}" width="3" '
        f'height="{max(1, round(30 * bar / tallest))}" fill="currentColor"></rect>'
        for index, bar in enumerate(bars)
    )
    width = len(bars) * 4 - 1
    return (f'<svg class="dice-chart" viewBox="0 0 {width} 32" preserveAspectRatio="none" role="img" '
            f'aria-label="{_e(label)}"><title>{escape(label, quote=False)}</title>{rects}</svg>')


def _likeliest(exact: Exact) -> str:
    top = max(weight for _, weight in exact.weights)
    if all(weight == top for _, weight in exact.weights):
        return f"every outcome alike ({float(Fraction(top, exact.total)) * 100:.3g}% each)"
    values = [shown(value) for value, weight in exact.weights if weight == top]
    chance = Fraction(top, exact.total)
    each = " each" if len(values) > 1 else ""
    listed = ", ".join(values[:4]) + (", …" if len(values) > 4 else "")
    return f"most likely {listed} ({float(chance) * 100:.3g}%{each})"


@lru_cache(maxsize=4096)
def formula_html(written: str, formula: str) -> str:
    """`written` is the code span as the note has it; `formula` the part after `dice:`
    without the plugin's display flags (`|nodice`)."""
    try:
        exact = distribution(formula)
        data = _data(exact)
    except Unsupported as reason:
        return unsupported_html(written, str(reason))
    stats = (f'<span class="dice-stat">min {_e(shown(exact.minimum))}</span> '
             f'<span class="dice-stat">max {_e(shown(exact.maximum))}</span> '
             f'<span class="dice-stat dice-mean" title="mean {exact.mean}">mean {_e(shown(exact.mean))}</span>')
    label = f"Chances of {formula}: {_likeliest(exact)}"
    return (f'<span class="dice-roll" data-dice="{_e(data)}">'
            f'<span class="dice-formula">{_e(formula)}</span> '
            f'<span class="dice-stats">{stats}</span> {_chart(exact, label)}'
            f'<button type="button" class="dice-chart-toggle" hidden aria-expanded="false" '
            f'aria-label="Chart of {_e(formula)}">chart</button>'
            f'<button type="button" class="dice-roll-button" hidden aria-label="Roll {_e(formula)}">Roll</button>'
            f'<output class="dice-result" aria-live="polite"></output></span>')


def unsupported_html(written: str, reason: str, link: str = "") -> str:
    """A formula the site does not roll: as written, with a short note saying why."""
    around = f" {link}" if link else ""
    return (f'<span class="dice-roll dice-unsupported"><span class="dice-formula">{_e(written)}</span>{around} '
            f'<span class="dice-note">(not rolled here: {_e(reason)})</span></span>')


def table_html(written: str, name: str, link: str, roll: Roll, headers: Sequence[str],
               cells: Sequence[Sequence[str]]) -> str:
    """A Roll button on a table: `link` goes to the table, `cells` are each row's cells as
    HTML; the row landed on shows `roll.shown` of them."""
    try:
        data = _data(roll.exact, roll.rows, "" if roll.formula else "row ")
    except Unsupported as reason:
        return unsupported_html(written, str(reason), link)
    how = f"{roll.formula} on {len(cells)} rows" if roll.formula else f"one of {len(cells)} rows"
    rows = "".join(f'<span data-dice-row="{number}">{_row(row, headers, roll.shown)}</span>'
                   for number, row in enumerate(cells))
    return (f'<span class="dice-table" data-dice="{_e(data)}">'
            f'<span class="dice-table-name">{link}</span> <span class="dice-note">(table: {_e(how)})</span>'
            f'<button type="button" class="dice-roll-button" hidden aria-label="Roll on {_e(name)}">Roll</button>'
            f'<output class="dice-result" aria-live="polite"></output>'
            f'<span class="dice-rows" hidden>{rows}</span></span>')


def _row(row: Sequence[str], headers: Sequence[str], columns: Sequence[int]) -> str:
    picked = [number for number in columns if number < len(row)]
    if len(picked) == 1:
        return row[picked[0]]
    return " · ".join(
        f'<span class="dice-cell"><span class="dice-header">{_e(headers[number]) if number < len(headers) else ""}'
        f":</span> {row[number]}</span>"
        for number in picked
    )

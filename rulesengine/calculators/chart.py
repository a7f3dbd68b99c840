"""An inline SVG bar chart of a distribution: no script and no stylesheet needed, so the
pre-rendered page shows it with JavaScript off. Bars use `currentColor` so they follow
the theme's text colour in light and dark mode."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from rulesengine.calculators.numbers import percent

BAR = 24
GAP = 6
HEIGHT = 100
LABEL = 16


def bar_chart(rows: Sequence[tuple[str, Fraction]], label: str) -> str:
    """One bar per outcome, its height proportional to the largest probability."""
    if not rows:
        return ""
    top = max(p for _, p in rows) or Fraction(1)
    width = len(rows) * (BAR + GAP) + GAP
    shapes = []
    for i, (outcome, p) in enumerate(rows):
        x = GAP + i * (BAR + GAP)
        h = int(p / top * HEIGHT + Fraction(1, 2))
        tip = escape(f"{outcome}: {p} ({percent(p)})")
        shapes.append(
            f'<rect x="{x}" y="{HEIGHT - h}" width="{BAR}" height="{h}" fill="currentColor"><title>{tip}</title></rect>'
            f'<text x="{x + BAR // 2}" y="{HEIGHT + LABEL - 3}" text-anchor="middle" font-size="11" fill="currentColor">{escape(outcome)}</text>'
        )
    return (
        f'<svg class="calculator-chart" role="img" aria-label="{escape(label)}: bar chart" '
        f'viewBox="0 0 {width} {HEIGHT + LABEL}" width="{width}" height="{HEIGHT + LABEL}">'
        f'{"".join(shapes)}</svg>'
    )

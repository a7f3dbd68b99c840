"""A result's headline: the few exact numbers a reader compares between two sets of inputs
(the page's Compare view puts set A's and set B's side by side, with their difference, and
overlays their distributions on one chart).

For a result with a distribution over counts (wounds, damage) the headline is that
distribution, its expected value and the chance of at least 1; for a result without one,
its first numeric outcome. Values are exact fractions written as text (`"7/4"`), beside the
text a reader sees (`"1.75"`, `"43.75%"`), so the page subtracts exactly and rounds as
the engine does (`numbers.rounded`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from rulesengine.calculators.numbers import decimal, fraction_of, percent
from rulesengine.calculators.result import label_for, leaves

COUNT = re.compile(r"-?\d+")


def headline(result: Mapping[str, object], labels: Mapping[str, str]) -> dict[str, object] | None:
    """The first shown distribution over counts, else the first shown numeric outcome;
    None when the result has neither (nothing to compare but the words)."""
    shown = [(path, value, label_for(path, labels)) for path, value in leaves(result)]
    shown = [(path, value, label) for path, value, label in shown if label]
    for path, value, label in shown:
        if isinstance(value, Mapping) and value and all(COUNT.fullmatch(str(k)) for k in value):
            return _of_distribution(path, label, value)
    for path, value, label in shown:
        if isinstance(value, bool) or isinstance(value, Mapping):
            continue
        number = fraction_of(value)
        if number is not None:
            # As the result shows it (result._scalar): an engine's fraction text is a chance
            # unless it is an expected value or outside 0..1; a whole number is a count.
            chance = isinstance(value, str) and not path.rsplit(".", 1)[-1].startswith("expected") and 0 <= number <= 1
            return {"label": label, "path": path, "rows": [], "measures": [_measure("value", label, number, chance)]}
    return None


def _of_distribution(path: str, label: str, dist: Mapping[object, object]) -> dict[str, object]:
    rows = sorted(((int(str(k)), fraction_of(p) or Fraction(0)) for k, p in dist.items()), key=lambda row: row[0])
    expected = sum((k * p for k, p in rows), Fraction(0))
    at_least_one = sum((p for k, p in rows if k >= 1), Fraction(0))
    return {
        "label": label,
        "path": path,
        "rows": [[str(k), str(p), percent(p)] for k, p in rows],
        "measures": [
            _measure("expected", "expected", expected, False),
            _measure("at_least_one", "chance of at least 1", at_least_one, True),
        ],
    }


def _measure(name: str, label: str, value: Fraction, chance: bool) -> dict[str, object]:
    return {"name": name, "label": label, "value": str(value), "text": percent(value) if chance else decimal(value),
            "percent": chance}

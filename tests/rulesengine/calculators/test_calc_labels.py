"""Every part of a result the page shows has a heading written for readers: a result path
the calculator's labels do not name falls back to the path itself ("Guardians 0
suppression"), which a reader should never see."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest

from rulesengine.calculators.registry import calculators
from rulesengine.calculators.render import compute
from rulesengine.calculators.result import leaves
from rulesengine.errors import InputError


def _starts(calc) -> list[tuple[str, Mapping[str, object]]]:
    """The calculator's defaults, each keyword's and page's preset, and for Legion's attack
    a guardian under every ruleset that has one (the parts a guardian adds to the result)."""
    starts: list[tuple[str, Mapping[str, object]]] = [("defaults", {})]
    starts += [(f"keyword {k}", p.values) for k, p in calc.keywords.items()]
    starts += [(f"page {k}", p.values) for k, p in calc.pages.items()]
    if calc.name == "legion-attack":
        from rulesengine.legion.model import RULESETS

        starts += [(f"guardian, ruleset {r}", {"red": 3, "pierce": 1, "guardian": ("2,red,none",), "ruleset": r}) for r in RULESETS]
    return starts


def _unnamed(calc, result: Mapping[str, object]) -> list[str]:
    return sorted({path for path, _ in leaves(result)
                   if path not in calc.labels and re.sub(r"\[\d+\]", "[*]", path) not in calc.labels
                   and not path.startswith("steps")})


@pytest.mark.parametrize("calc", calculators(), ids=lambda c: c.name)
def test_every_result_part_shown_has_a_written_heading(calc):
    unnamed: dict[str, list[str]] = {}
    computed = 0
    for where, values in _starts(calc):
        try:
            result = compute(calc, values)
        except InputError:
            continue  # a preset a ruleset refuses says so in words (tested elsewhere)
        computed += 1
        missing = _unnamed(calc, result)
        if missing:
            unnamed[where] = missing
    assert computed, "no start computed"
    assert not unnamed, f"result parts without a heading (add them to the calculator's labels): {unnamed}"

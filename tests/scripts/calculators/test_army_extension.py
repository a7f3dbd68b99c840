"""The "Your army" fence: the form it draws (every released unit a target, the cover's
choices, the form hidden until army.mjs shows it, the explanation without JavaScript), what
survives the page's sanitiser, and a bad block stopping the build at its line."""

from __future__ import annotations

import pytest

from rulesengine.legion.units import cards
from scripts.calculators.army_extension import ArmyExtension
from scripts.site.page_safety import safe_body
from scripts.vault.extension import ExtensionProblem, PageContext, SourceLocation

WHERE = SourceLocation("legion/Your army.md", 3)
PAGE = PageContext("legion/Your army.md", "Your army", "legion", None)


def test_the_form_offers_every_released_unit_and_survives_the_sanitiser() -> None:
    html = ArmyExtension().render_fence("legion-army", "target: Rebel Troopers\ncover: light\n", WHERE, PAGE)
    safe = safe_body(html)
    assert 'data-army="legion"' in safe and "data-army-static" in safe
    assert '<form class="army-form" autocomplete="off" hidden="" data-army-form="">' in safe
    assert "needs JavaScript" in safe and "legion-army LIST.json" in safe
    assert safe.count("<option") == len(cards().released) + 3
    assert '<option value="Rebel Troopers" selected="">' in safe and '<option value="light" selected="">' in safe
    assert '<textarea id="army-list" name="list"' in safe and '<label for="army-list">' in safe


@pytest.mark.parametrize(("source", "message"), [
    ("target: Rebel Trooper", "--defender-unit: the name of a released unit"),
    ("cover: thick", "--cover: one of none, light, heavy"),
    ("range: 2", "a key among target, cover"),
])
def test_a_bad_block_stops_the_build(source: str, message: str) -> None:
    with pytest.raises(ExtensionProblem, match=message):
        ArmyExtension().render_fence("legion-army", source, WHERE, PAGE)

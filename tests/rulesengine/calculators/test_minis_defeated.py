"""The calculators' result shows the minis defeated next to the wounds when a defending unit is named."""

from __future__ import annotations

from rulesengine.calculators.legion import ATTACK_LABELS
from rulesengine.calculators.result import render_result
from rulesengine.legion import api


def test_the_result_shows_the_minis_defeated_after_the_wounds() -> None:
    result = api.run({"black": 4, "defender_unit": "Rebel Troopers"})
    html = render_result(result, game="legion", labels=ATTACK_LABELS, base="../../")
    wounds, defeated = html.find("Wounds on the defender"), html.find("Minis defeated")
    assert 0 <= wounds < defeated
    assert "Rebel Troopers" in html and "Wounds per mini (from its card)" in html
    plain = render_result(api.run({"black": 4}), game="legion", labels=ATTACK_LABELS, base="../../")
    assert "Minis defeated" not in plain

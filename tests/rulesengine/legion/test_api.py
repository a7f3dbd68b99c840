"""The declared inputs and the JSON entry point the site's calculators are built on."""

from __future__ import annotations

import json

from rulesengine.legion import policies
from rulesengine.legion.api import OPTIONS, VEHICLE_OPTIONS, run

SPEC_NAMES = {
    "red", "black", "white", "surge", "surge_tokens", "critical", "aim", "precise", "pierce", "impact", "melee",
    "defense", "defense_surge", "defense_surge_tokens", "dodge", "cover", "cover_x", "sharpshooter", "blast",
    "suppression", "courage", "armor", "armor_x", "impervious", "immune_pierce", "guardian", "attack_faces",
    "guardian_faces", "defense_faces", "ruleset", "aim_policy", "guardian_policy", "pierce_policy", "dodge_policy",
    "target",  # issue 12: aim=optimal's chance of at least k wounds
    "pool", "defender",  # issue 12: several pools against several defenders
    "attacker_unit", "weapon", "minis", "upgrade", "defender_unit",  # issue 34: units from the card data
    "range",  # issue 42: the range the defender is at
}


def test_every_documented_input_is_declared_once() -> None:
    names = [o.name for o in OPTIONS]
    assert len(names) == len(set(names))
    assert SPEC_NAMES <= set(names)
    # Beyond the spec's inputs: the defender's kind, and one input per keyword (tagged with it).
    untagged = {o.name for o in OPTIONS if o.name not in SPEC_NAMES and not o.keywords}
    assert untagged == {"defender_guardian", "transported", "vehicle"}


def test_every_policy_choice_is_documented() -> None:
    for decision, choices in policies.CHOICES.items():
        option = next(o for o in OPTIONS if o.name == f"{decision}_policy")
        assert option.choices == choices and option.default == choices[0]
        assert all(policies.HELP[decision][c] for c in choices)


def test_descriptions_are_json_ready() -> None:
    json.dumps([o.describe() for o in OPTIONS + VEHICLE_OPTIONS])


def test_form_strings_are_accepted() -> None:
    form = {"red": "2", "surge": "hit", "blast": "on", "attack_faces": "", "guardian": "1,red,block;2,white,none"}
    result = run(form)
    assert len(result["guardians"]) == 2
    assert result == run({"red": 2, "surge": "hit", "blast": True, "guardian": ["1,red,block", "2,white,none"]})
    json.dumps(result)


def test_a_certain_outcome_is_written_1() -> None:
    result = run({})
    assert result["defender"] == {"wounds": {"0": "1"}, "expected_wounds": "0"}
    assert result["suppression"] == "0"

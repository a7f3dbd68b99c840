"""The registry: names, loud lookups, presets that the real engines accept, keyword pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesengine.calculators.api import describe
from rulesengine.calculators.registry import calculator, calculators, for_keyword, for_page
from rulesengine.calculators.render import compute
from rulesengine.errors import UnknownNameError

DOCS = Path(__file__).resolve().parents[3] / "docs"
NAMES = ("legion-attack", "legion-vehicle-damage", "swtcg-attack", "swtcg-hidden-cost")


def test_the_four_calculators():
    assert tuple(c.name for c in calculators()) == NAMES


def test_an_unknown_calculator_lists_the_valid_names():
    with pytest.raises(UnknownNameError) as raised:
        calculator("legion-atack")
    assert "legion-atack" in str(raised.value)
    for name in NAMES:
        assert name in str(raised.value)


def test_calculators_reuse_the_engines_option_declarations():
    from rulesengine.legion import api as legion
    from rulesengine.swtcg import api as swtcg

    assert calculator("legion-attack").options == tuple(legion.OPTIONS)
    assert calculator("legion-vehicle-damage").options == tuple(legion.VEHICLE_OPTIONS)
    assert calculator("swtcg-attack").options == tuple(swtcg.OPTIONS)
    assert calculator("swtcg-hidden-cost").options == tuple(swtcg.HIDDEN_COST_OPTIONS)


PRESETS = [
    pytest.param(c.name, where, preset, id=f"{c.name}:{where}")
    for c in calculators()
    for where, preset in (*c.keywords.items(), *c.pages.items())
]


@pytest.mark.parametrize("name,where,preset", PRESETS)
def test_every_preset_names_real_inputs_and_runs(name, where, preset):
    calc = calculator(name)
    names = {o.name for o in calc.options}
    assert set(preset.values) <= names
    assert set(preset.featured) <= names
    assert set(calc.fields) <= names
    result = compute(calc, preset.values)
    assert isinstance(result, dict) and result


@pytest.mark.parametrize("note", sorted(p.stem for p in (DOCS / "legion" / "keywords").glob("*.md")))
def test_every_legion_keyword_note_has_a_calculator(note):
    found = for_keyword("legion", note)
    assert found is not None and found[0].name == "legion-attack"


def test_every_keyword_the_swtcg_engine_implements_has_a_calculator():
    from rulesengine.swtcg.api import KEYWORDS

    for keyword in KEYWORDS:
        found = for_keyword("swtcg", keyword)
        assert found is not None, keyword
        assert found[0].name == ("swtcg-hidden-cost" if keyword == "Hidden Cost" else "swtcg-attack")


@pytest.mark.parametrize("keyword", ["guardian x", "GUARDIAN X", "Guardian  X"])
def test_keyword_lookup_ignores_case_and_spacing(keyword):
    assert for_keyword("legion", keyword) == for_keyword("legion", "Guardian X")


def test_keywords_belong_to_their_game():
    assert for_keyword("swtcg", "Guardian X") is None
    assert for_keyword("legion", "Evade") is None
    assert for_keyword("legion", None) is None


def test_the_attack_note_gets_the_whole_sequence_and_vehicle_damage_its_own():
    assert for_page("legion/Attack.md", "legion", None)[0].name == "legion-attack"
    assert for_page("legion/Attack Resolution and Vehicle Damage.md", "legion", None)[0].name == "legion-vehicle-damage"
    assert for_page("index.md", None, None) is None


def test_describe_is_the_registry_as_json():
    described = json.loads(describe())
    assert [d["name"] for d in described] == list(NAMES)
    attack = described[0]
    pierce = next(o for o in attack["options"] if o["name"] == "pierce")
    assert pierce["kind"] == "int" and pierce["minimum"] == 0 and pierce["maximum"] >= 3
    assert "Guardian X" in attack["keywords"]


KEYWORD_PRESETS = [
    pytest.param(c.name, keyword, preset, id=f"{c.name}:{keyword}")
    for c in calculators()
    for keyword, preset in c.keywords.items()
    if preset.featured and c.name != "swtcg-hidden-cost"
]


@pytest.mark.parametrize("name,keyword,preset", KEYWORD_PRESETS)
def test_a_keyword_preset_puts_the_keyword_to_work(name, keyword, preset):
    """Without the keyword's own input (the first one featured) the answer changes, except
    for a keyword that changes no die, where it must stay the same."""
    from rulesengine.calculators.legion import CHANGES_NO_DIE

    calc = calculator(name)
    own = preset.featured[0]
    without = {k: v for k, v in preset.values.items() if k != own}
    assert own in preset.values, f"{keyword}: the preset does not set {own}"
    if keyword in CHANGES_NO_DIE:
        assert compute(calc, preset.values) == compute(calc, without), f"{keyword}: {own} should change nothing"
    else:
        assert compute(calc, preset.values) != compute(calc, without), f"{keyword}: {own} changes nothing here"


def test_an_input_tagged_with_a_keyword_is_featured_first_on_its_page(monkeypatch):
    """Option.keywords: an engine names the keywords an input is about; that page's form
    shows the input first, and a keyword with no hand-made preset gets one from the tag."""
    from dataclasses import replace

    from rulesengine.calculators import registry

    attack = calculator("legion-attack")
    tagged = tuple(
        replace(o, keywords=("Guardian X",)) if o.name == "transported" else
        replace(o, keywords=("Relentless Testing",)) if o.name == "cover_x" else o
        for o in attack.options
    )
    monkeypatch.setattr(registry, "calculators", lambda: (replace(attack, options=tagged),))
    calc, preset = registry.for_keyword("legion", "Guardian X")
    assert preset.featured[-1] == "transported" and "guardian" in preset.featured
    calc, preset = registry.for_keyword("legion", "relentless testing")
    assert preset.featured == ("cover_x",)
    assert preset.values == {"cover_x": 2}
    assert registry.for_keyword("legion", "Nothing Tagged") is None


@pytest.mark.parametrize("name", NAMES)
def test_a_face_list_follows_dice_counts_of_its_own_calculator(name):
    """Option.dice_from names whole-number inputs of the same calculator, in the order the
    faces are read; the page keeps each die's face through a change of one count."""
    options = {o.name: o for o in calculator(name).options}
    for option in options.values():
        assert not option.dice_from or option.choices, f"{option.name}: dice_from on something that is not a face list"
        for count in option.dice_from:
            assert count in options and options[count].kind == "int", f"{option.name}: {count} is not a count of {name}"


def test_the_attack_faces_follow_red_then_black_then_white():
    assert {o.name: o.dice_from for o in calculator("legion-attack").options}["attack_faces"] == ("red", "black", "white")
    # SWTCG rolls power less Shields dice, each with a face: a list that no longer fits is
    # shortened from its end until the engine takes it (trace-fit.mjs), not followed.
    assert not any(o.dice_from for o in calculator("swtcg-attack").options)

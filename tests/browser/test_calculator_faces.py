"""The faces rolled, chosen die by die: a select per die beside the hidden comma text (which
stays the form's value), buttons that add or remove a die, one row per guardian; one more
die keeps the faces given and rolls the new die (test_calculator_traced has the rest); a
refusal about them names the field by its label, beside that field.

Expected values come from CPython's `calculate` with the request the page sent."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import Server, Visit
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser


def faces_of(root: Any, name: str) -> list[str]:
    text = str(root.locator(f"[name='{name}']").input_value())
    return [f.strip() for unit in text.split(";") for f in unit.split(",") if f.strip()]


def controls(root: Any, name: str) -> Any:
    return root.locator(f".calculator-field:has([name='{name}']) [data-face-controls]")


def test_faces_are_chosen_with_a_select_per_die(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    attack = faces_of(root, "attack_faces")
    assert attack, "Guardian X arrives with a traced example"
    assert root.locator("[name='attack_faces']").is_hidden()
    root.locator("details[data-group='trace'] > summary").click()
    box = controls(root, "attack_faces")
    selects = box.locator("select")
    assert selects.count() == len(attack)
    assert [selects.nth(i).input_value() for i in range(len(attack))] == attack
    assert selects.first.get_attribute("aria-label") == "Attack faces, die 1"
    # One row per guardian, named.
    guardians = controls(root, "guardian_faces").locator(".calculator-face-unit")
    assert guardians.count() == len(str(root.locator("[name='guardian_faces']").input_value()).split(";"))
    assert str(guardians.first.text_content()).startswith("guardian 1:")

    other = next(f for f in ("crit", "hit", "blank") if f != attack[0])
    selects.first.select_option(other)
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    assert request["inputs"]["attack_faces"] == ", ".join([other, *attack[1:]])
    assert root.get_attribute("data-state") == "ready"


def test_fewer_faces_than_dice_is_refused_beside_the_field_then_plus_die_mends_it(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    attack = faces_of(root, "attack_faces")
    root.locator("details[data-group='trace'] > summary").click()
    box = controls(root, "attack_faces")
    box.get_by_role("button", name="Attack faces: remove the last die").click()
    wait_state(root, "error")
    assert faces_of(root, "attack_faces") == attack[:-1]
    assert box.locator("select").count() == len(attack) - 1
    # The engine refuses the faces it cannot trace, in the form's words, beside that field.
    refused = root.locator(".calculator-field[data-group='trace'] [data-field-error]")
    assert refused.count() == 1
    words = str(refused.text_content())
    assert "Attack faces" in words and "--" not in words, words
    # Focus stays on the button pressed, so the keyboard can go on.
    remove = box.get_by_role("button", name="Attack faces: remove the last die")
    assert remove.evaluate("el => el === document.activeElement")
    box.get_by_role("button", name="Attack faces: add a die").click()
    wait_state(root, "ready")
    assert len(faces_of(root, "attack_faces")) == len(attack)
    assert_same_as_cpython(root)
    assert root.locator("[data-field-error]").count() == 0


def test_one_more_die_keeps_the_faces_given_and_rolls_the_new_die(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    attack = faces_of(root, "attack_faces")
    red = int(root.locator("[name='red']").input_value())
    assert len(attack) == red, "Guardian X's example gives a face for each of its red dice"
    set_input(root, "red", str(red + 1))
    wait_state(root, "ready")
    assert faces_of(root, "attack_faces") == attack
    box = controls(root, "attack_faces")
    assert box.locator("select").count() == len(attack)
    field = root.locator(".calculator-field:has([name='attack_faces'])")
    assert "it is rolled" in str(field.locator("[data-field-note]").text_content())
    # The guardian's and the defender's dice now depend on the new die: rolled too.
    for name in ("guardian_faces", "defense_faces"):
        assert faces_of(root, name) == []
        assert "exact odds" in str(controls(root, name).text_content())
    # The group that changed opened, so the reader sees why the result is now a distribution.
    assert root.locator("details[data-group='trace']").get_attribute("open") is not None
    assert_same_as_cpython(root)

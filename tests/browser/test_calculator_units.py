"""Legion's unit pickers on a phone (issues 34, 42): two units picked by typing and the
keyboard fill the fields with what the engine's mapping gives before Python answers, the
range to the defender and a weapon for every mini choose the pool as the rules form it, the
result (the one CPython gives for the request) shows the minis defeated, an edit stays, the
share link brings the same calculation back, and the whole stays axe clean, light and dark."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from rulesengine.legion.units import attacker_values, defender_values, find_unit, find_upgrade
from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit, article_violations, both_schemes
from tests.browser.test_calculators import cpython_answer, first_calculator, wait_state

pytestmark = pytest.mark.browser

ATTACK = "legion/attack/"
SINGLE = "?c.pool=&c.defender="
"""The Attack page's calculator opens on its worked example: two pools at two defenders.
Without them, one unit attacks one defender (the address a unit's page links to)."""
PHONE = {"width": 390, "height": 844}


def pickers(page: Any) -> Any:
    root = first_calculator(page)
    root.locator("details.calculator-units[data-pickers]").wait_for(timeout=WAIT_MS)
    return root


def shown(root: Any, names: list[str]) -> dict[str, object]:
    """The form's values of these fields, as the engine's mapping writes them."""
    out: dict[str, object] = {}
    for name in names:
        control = root.locator(f"[name='{name}']")
        kind = control.first.get_attribute("type")
        if kind == "checkbox":
            out[name] = control.is_checked()
        elif kind == "radio":
            out[name] = root.locator(f"[name='{name}']:checked").get_attribute("value")
        elif kind == "number":
            out[name] = int(control.input_value())
        else:
            out[name] = control.input_value()
    return out


def type_unit(page: Any, root: Any, name: str, unit: str) -> None:
    """Tab from the faction filter into the unit's box and type its name, as a reader does."""
    root.locator(f"[data-unit-faction='{'attacker' if name == 'attacker_unit' else 'defender'}']").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == name
    page.keyboard.type(unit)


def answered(root: Any, **inputs: object) -> dict[str, Any]:
    """The answer to the request that has these inputs (the page debounces a change that
    follows another quickly), the one CPython gives."""
    if inputs:
        root.page.wait_for_function(
            "([el, want]) => { const r = rulesCalculators.request(el); return r && Object.entries(want).every(([k, v]) => r.inputs[k] === v); }",
            arg=[root.element_handle(), inputs], timeout=WAIT_MS)
    wait_state(root, "ready")
    request = dict(root.evaluate("el => rulesCalculators.request(el)"))
    expected = cpython_answer(request)
    assert expected["ok"] is True, expected
    assert root.evaluate("el => rulesCalculators.response(el)")["result"] == expected["result"]
    return request


def test_two_units_picked_on_a_phone_fill_compute_and_share(site: Server, answering: Visit) -> None:
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + ATTACK + SINGLE)
    root = pickers(page)
    stormtroopers, rebels = find_unit("Stormtroopers"), find_unit("Rebel Troopers")

    type_unit(page, root, "attacker_unit", "Stormtroopers")
    card = attacker_values(stormtroopers).as_dict()
    assert shown(root, list(card)) == card, "typing the name fills the attacker's fields from the card"
    assert root.locator("[data-unit-weapon]").input_value() == "", "each mini its best weapon"
    assert root.locator("[data-unit-range]").input_value() == "", "at the unit's best range"

    # The heavy weapon slot, from the keyboard: its first upgrade.
    slot = root.locator("[data-unit-slot='0']")
    slot.focus()
    page.keyboard.press("ArrowDown")
    heavy = slot.input_value()
    assert heavy, "the heavy weapon slot offers the unit's heavy weapons"
    card = attacker_values(stormtroopers, upgrades=(find_upgrade(heavy, stormtroopers),)).as_dict()
    assert shown(root, list(card)) == card, "an upgrade's weapon joins the pool"
    assert root.locator("[name='upgrade']").input_value() == heavy
    assert page.evaluate("document.activeElement.dataset.unitSlot") == "0", "the select in use keeps the focus"

    # The range to the defender, from the keyboard: range 1 (every weapon of the pool reaches it).
    chosen_range = root.locator("[data-unit-range]")
    chosen_range.focus()
    page.keyboard.press("ArrowDown")
    assert chosen_range.input_value() == "1" and root.locator("[name='range']").input_value() == "1"
    card = attacker_values(stormtroopers, upgrades=(find_upgrade(heavy, stormtroopers),), at="1").as_dict()
    assert shown(root, list(card)) == card, "the pool at range 1"
    # One weapon for every mini: the unit's E-11 (the heavy weapon's mini fires it too).
    root.locator("[data-unit-weapon]").select_option("E-11 Blaster Rifle")
    assert root.locator("[name='weapon']").input_value() == "E-11 Blaster Rifle"
    assert root.locator("[name='range']").input_value() == "", "a weapon for every mini: its own range"
    card = attacker_values(stormtroopers, upgrades=(find_upgrade(heavy, stormtroopers),),
                           assigned=[("E-11 Blaster Rifle", None)]).as_dict()
    assert shown(root, list(card)) == card, "every mini fires the E-11"
    root.locator("[data-unit-weapon]").select_option("")
    card = attacker_values(stormtroopers, upgrades=(find_upgrade(heavy, stormtroopers),)).as_dict()

    type_unit(page, root, "defender_unit", "Rebel Troopers")
    defence = defender_values(rebels).as_dict()
    assert shown(root, list(defence)) == defence, "the defender's fields follow its card"
    request = answered(root, defender_unit="Rebel Troopers", upgrade=heavy, weapon="")
    inputs = request["inputs"]
    assert (inputs["attacker_unit"], inputs["upgrade"], inputs["defender_unit"]) == ("Stormtroopers", heavy, "Rebel Troopers")
    result = root.locator("[data-result]")
    assert "Minis defeated" in result.inner_text() and "Wounds on the defender" in result.inner_text()

    # Edits after choosing (a field the card filled, and another) stay beside the units, and
    # go in the link.
    for name, value in (("black", 1), ("aim", 2)):
        field = root.locator(f"[name='{name}']")
        field.evaluate("el => { const group = el.closest('details'); if (group) group.open = true; }")
        field.fill(str(value))
        field.dispatch_event("input")
        request = answered(root, **{name: value})
        assert request["inputs"][name] == value
    assert request["inputs"]["attacker_unit"] == "Stormtroopers" and request["inputs"]["white"] == card["white"]
    query = parse_qs(urlsplit(page.url).query)
    assert query["c.attacker_unit"] == ["Stormtroopers"] and query["c.defender_unit"] == ["Rebel Troopers"]
    assert query["c.upgrade"] == [heavy] and query["c.aim"] == ["2"] and query["c.black"] == ["1"]
    assert "c.white" not in query, "what the unit fills is not repeated in the link"

    # The link opens the same calculation.
    shared = page.url
    other = page.context.new_page()
    other.set_viewport_size(PHONE)
    other.goto(shared)
    again = pickers(other)
    again.page.wait_for_function("el => rulesCalculators.request(el)", arg=again.element_handle(), timeout=WAIT_MS)
    assert answered(again)["inputs"] == request["inputs"]
    assert "Minis defeated" in again.locator("[data-result]").inner_text()
    assert again.locator("[data-unit-slot='0']").input_value() == heavy
    other.close()


def test_a_unit_pages_link_fills_the_attack_calculator(site: Server, answering: Visit) -> None:
    """The address a unit's page links to, in the command line's words (attacker-unit)."""
    page = answering.page
    page.goto(site.url + ATTACK + SINGLE + "&c.attacker-unit=Rebel%20Troopers")
    root = pickers(page)
    card = attacker_values(find_unit("Rebel Troopers")).as_dict()
    page.wait_for_function("el => el.querySelector('[name=attacker_unit]').value === 'Rebel Troopers'",
                           arg=root.element_handle(), timeout=WAIT_MS)
    assert shown(root, list(card)) == card
    inputs = answered(root)["inputs"]
    assert inputs["attacker_unit"] == "Rebel Troopers" and inputs["pool"] == "" and inputs["defender"] == ""


def test_a_pool_the_data_does_not_hold_is_left_to_the_engine(site: Server, answering: Visit) -> None:
    """Weapons given minis each (an address from the command line's words): the attacker's
    fields are turned off (not sent), and the engine forms the pool from the card."""
    page = answering.page
    page.goto(site.url + ATTACK + SINGLE + "&c.attacker_unit=Stormtroopers&c.upgrade=Impact%20Grenades"
              "&c.weapon=Impact%20Grenade%3D1%3BE-11%20Blaster%20Rifle&c.defender_unit=AT-ST")
    root = pickers(page)
    page.wait_for_function("el => el.querySelector('[name=red]').disabled", arg=root.element_handle(), timeout=WAIT_MS)
    inputs = answered(root)["inputs"]
    assert inputs["weapon"] == "Impact Grenade=1;E-11 Blaster Rifle" and "red" not in inputs
    assert "worked out by the engine" in root.locator("[data-unit-said='attacker']").inner_text()
    # A pool the data holds again (each mini its best weapon): the fields come back, those
    # the page's ruleset turns off stay off.
    root.locator("[data-unit-weapon]").select_option("")
    page.wait_for_function("el => !el.querySelector('[name=red]').disabled", arg=root.element_handle(), timeout=WAIT_MS)
    assert root.evaluate("el => Array.from(el.querySelectorAll('[data-off] [name]')).every((c) => c.disabled)")


def test_the_pickers_are_axe_clean(site: Server, answering: Visit) -> None:
    """Light and dark: the kept tab keeps the palette a page chose, so the dark scheme is
    switched to with the palette toggle, as a reader does."""
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + ATTACK + SINGLE + "&c.attacker_unit=Stormtroopers&c.defender_unit=Rebel%20Troopers")
    root = pickers(page)
    wait_state(root, "ready")
    root.locator("details.calculator-unit-notes").first.evaluate("el => { el.open = true; }")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    found = {scheme: article_violations(page) for scheme in both_schemes(page, ATTACK)}
    assert found == {"light": [], "dark": []}

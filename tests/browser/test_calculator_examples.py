"""Keyword pages as a reader uses them: one calculator and a list of worked examples that
load into it; a worked example given one more die becomes a probability calculation; the
inputs live in the page address (back, forward, a shared address opens computed); with
JavaScript off each example still shows its checked outcome and the form says it is fixed.

Expected values come from CPython's `calculate` with the request the page sent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser


def test_a_worked_example_loads_into_the_pages_one_calculator(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    assert page.locator("[data-calculator]").count() == 1
    root = first_calculator(page)
    items = page.locator("[data-example]")
    assert items.count() >= 3
    button = items.nth(2).locator("[data-load-example]")
    button.wait_for(state="visible")  # the script shows it
    wanted = json.loads(str(button.get_attribute("data-inputs")))
    button.click()
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    def shown(value: Any) -> Any:  # a repeatable input is one text box, values joined by "; "
        return "; ".join(value) if isinstance(value, list) else "" if value is None else value

    for name, value in wanted.items():
        if name not in request["inputs"] and root.locator(f"[name='{name}']").first.is_disabled():
            # A field the example's ruleset disables is not sent: the example leaves it off.
            assert value in (0, False, None, ""), name
            continue
        assert shown(request["inputs"].get(name, "")) == shown(value), name
    # The folded step-by-step trace opens on its own, without Python.
    trace = items.nth(2).locator("details.calculator-example-trace")
    trace.locator("> summary").click()  # (each step has its own folded state inside)
    assert trace.locator("ol").first.is_visible()


def test_a_worked_example_with_one_more_die_becomes_a_probability(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    given = root.locator("[name='attack_faces']").input_value()
    assert given != ""  # the example is a trace
    red = int(root.locator("[name='red']").input_value())
    set_input(root, "red", str(red + 1))
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    assert request["inputs"]["red"] == red + 1
    # The dice given keep their faces; the new die is rolled, and with it the defense dice.
    assert request["inputs"]["attack_faces"] == given and not request["inputs"].get("defense_faces")
    wounds = root.evaluate("el => rulesCalculators.response(el)")["result"]["defender"]["wounds"]
    assert len(wounds) > 1  # a distribution, not one traced outcome
    assert root.locator("[aria-invalid='true']").count() == 0


def test_inputs_round_trip_through_the_address(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + "legion/keywords/pierce-x/")
    root = first_calculator(page)
    first = int(root.locator("[name='pierce']").input_value())
    set_input(root, "pierce", str(first + 1))
    wait_state(root, "ready")
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"c.pierce": [str(first + 1)]}
    shared = page.url
    set_input(root, "pierce", str(first + 2))
    wait_state(root, "ready")
    assert parse_qs(urlsplit(page.url).query) == {"c.pierce": [str(first + 2)]}
    page.go_back()  # the page as it arrived
    page.wait_for_function("el => el.querySelector('[name=pierce]').value === String(%d)" % first, arg=root.element_handle())
    page.go_forward()
    page.wait_for_function("el => el.querySelector('[name=pierce]').value === String(%d)" % (first + 2), arg=root.element_handle())
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    # A shared address opens with its inputs and the result computed for them.
    page.goto(shared)
    root = first_calculator(page)
    assert root.locator("[name='pierce']").input_value() == str(first + 1)
    wait_state(root, "ready")
    assert assert_same_as_cpython(root)["inputs"]["pierce"] == first + 1


def test_a_bad_value_in_a_shared_address_is_refused_beside_its_field(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + "legion/keywords/pierce-x/?c.pierce=99")
    root = first_calculator(page)
    wait_state(root, "error")
    field = root.locator(".calculator-field", has=page.locator("[name='pierce']"))
    note = field.locator("[data-field-error]")
    assert "Pierce" in str(note.text_content()) and "99" in str(note.text_content())
    assert field.locator("[name='pierce']").get_attribute("aria-invalid") == "true"


@pytest.fixture
def no_script_page(browser: Any, site: Server) -> Iterator[Any]:
    context = browser.new_context(java_script_enabled=False)
    context.set_default_timeout(WAIT_MS)
    yield context.new_page()
    context.close()


def test_without_javascript_examples_show_their_checked_outcome(site: Server, no_script_page: Any) -> None:
    page = no_script_page
    page.goto(site.url + GUARDIAN_X)
    assert page.locator("[data-nojs]").is_visible()
    assert "needs JavaScript" in str(page.locator("[data-nojs]").text_content())
    items = page.locator("[data-example]")
    for i in range(items.count()):
        assert items.nth(i).locator(".calculator-example-outcome").is_visible()
        assert items.nth(i).locator("[data-load-example]").is_hidden()  # it could not work

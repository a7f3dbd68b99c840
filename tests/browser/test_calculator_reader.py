"""The calculators as a reader meets them: no page is wider than the screen at 320 or 390 px
for random valid inputs; a slow calculator never delays another on the same page; the
keyboard alone reaches, changes and recomputes, opens a folded group and loads a worked
example. (axe on every page, on a phone and a desktop, light and dark:
tests/browser/test_every_page.py.)

Random inputs are seeded and checked with CPython's `calculate` before the page sees them;
expected results come from CPython with the request the page sent."""

from __future__ import annotations

import json
import random
import time
from typing import Any
from urllib.parse import urlencode

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import calculator
from tests.browser.harness import SETTLED, Server, Visit
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

# ---- no page wider than the screen, whatever the reader asks ----

PAGES = {"legion-attack": GUARDIAN_X, "swtcg-attack": "swtcg/keywords/parry/", "swtcg-hidden-cost": "swtcg/keywords/hidden-cost/"}
WIDE_DICE = ("red", "black", "white", "power")
"""The inputs that make results long: up to 12 dice of a colour."""


def random_inputs(rng: random.Random, name: str, preset: dict[str, Any]) -> dict[str, Any]:
    """A few of the calculator's inputs changed at random (numbers within their range,
    choices among theirs, switches on or off); the rest as the page has them. Tried in
    CPython until the engine accepts them and answers within a second."""
    calc = calculator(name)
    changeable = [o for o in calc.options if o.kind in ("int", "choice", "bool") and o.group != "trace"]
    for _ in range(200):
        inputs = dict(preset)
        for o in rng.sample(changeable, min(6, len(changeable))):
            if o.kind == "int":
                assert o.minimum is not None and o.maximum is not None
                top = min(o.maximum, 12 if o.name in WIDE_DICE else o.minimum + 4)
                inputs[o.name] = rng.randint(o.minimum, top)
            elif o.kind == "choice":
                inputs[o.name] = rng.choice(o.choices)
            else:
                inputs[o.name] = rng.random() < 0.3
        for o in calc.options:  # a random dice count leaves no room for the example's faces
            if o.group == "trace":
                inputs[o.name] = "" if o.default in (None, "") else o.default
        began = time.perf_counter()
        answer = json.loads(calculate(json.dumps({"calculator": name, "inputs": inputs})))
        if answer["ok"] and time.perf_counter() - began < 1:
            return inputs
    raise AssertionError(f"no valid random inputs for {name}")


def as_control(value: Any) -> str:
    """A value as the form's control holds it: several values in one box, "; " between."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else "; ".join(value) if isinstance(value, list) else str(value)


def show_address(page: Any, root: Any, inputs: dict[str, Any]) -> None:
    """Open `inputs` as a shared address would, without reloading (the worker stays warm):
    the address changes and the page hears it as a step back or forward."""
    values = {f"c.{k}": as_control(v) for k, v in inputs.items()}
    page.evaluate("query => { history.pushState(null, '', '?' + query); dispatchEvent(new PopStateEvent('popstate')); }", urlencode(values))
    page.wait_for_function("el => el.getAttribute('data-state') !== 'loading'", arg=root.element_handle())


@pytest.mark.parametrize("name", sorted(PAGES))
def test_no_page_is_wider_than_a_phone_for_random_valid_inputs(site: Server, answering: Visit, name: str) -> None:
    page = answering.page
    rng = random.Random(f"issue-11 {name}")
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(site.url + PAGES[name])
    root = first_calculator(page)
    assert root.get_attribute("data-calculator") == name
    preset = json.loads(str(root.get_attribute("data-preset")))
    # Every group, long fraction and worked example's trace open: the widest the page can be.
    unfold = "() => { for (const d of document.querySelectorAll('article details')) d.open = true; }"
    for _ in range(6):
        inputs = random_inputs(rng, name, preset)
        show_address(page, root, inputs)
        wait_state(root, "ready")
        request = assert_same_as_cpython(root)
        sent = {k: as_control(v) for k, v in request["inputs"].items() if k in inputs}
        assert sent == {k: as_control(v) for k, v in inputs.items() if k in sent}
        page.evaluate(unfold)
        for width in (320, 390):
            page.set_viewport_size({"width": width, "height": 700})
            page.evaluate(SETTLED)
            wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert wide[0] <= wide[1], (width, inputs, wide)


def test_back_and_forward_between_a_pages_inputs_keep_the_page(site: Server, answering: Visit) -> None:
    """A step back or forward that changes only the calculators' inputs (the query) is the
    calculators' alone: the page is not fetched again nor drawn anew (the theme's instant
    navigation did that on a visit's first such step, replacing the calculator while it
    answered), and the inputs follow the address."""
    page = answering.page
    path = PAGES["swtcg-attack"]
    page.goto(site.url + path)
    root = first_calculator(page)
    page.evaluate("() => { window.drawnCalculator = document.querySelector('[data-calculator]'); }")
    same = "() => document.querySelector('[data-calculator]') === window.drawnCalculator"
    fetched = len([p for p in site.requested if p.rstrip("/").endswith(path.rstrip("/"))])
    set_input(root, "parry", "3")
    wait_state(root, "ready")
    assert "c.parry=3" in page.url
    page.go_back()
    page.wait_for_function("() => document.querySelector('[name=parry]').value === '2'")
    page.go_forward()
    page.wait_for_function("() => document.querySelector('[name=parry]').value === '3'")
    wait_state(root, "ready")
    assert page.evaluate(same), "the page was drawn anew"
    assert len([p for p in site.requested if p.rstrip("/").endswith(path.rstrip("/"))]) == fetched
    assert_same_as_cpython(root)


# ---- one slow calculator never delays another ----

TWO_CALCULATORS = "legion/attack-resolution-and-vehicle-damage/"
BUSY_MS = 8000
"""How long the slow calculator's worker is kept busy: the engine answers the shipped
vault's inputs in milliseconds, so the test holds that worker's thread as a long Python
calculation would, and the other calculator must answer meanwhile."""


def test_two_calculators_one_slow_the_other_answers_at_once(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + TWO_CALCULATORS)
    assert page.locator("[data-calculator]").count() == 2
    vehicle = page.locator("[data-calculator='legion-vehicle-damage']")
    attack = page.locator("[data-calculator='legion-attack']")
    # Both workers warm first: Python's start is not what is measured.
    rulesets = vehicle.locator("[name='ruleset'] option").all_inner_texts()
    vehicle.locator("[name='ruleset']").select_option(rulesets[0])
    attack.locator("[name='red']").fill("1")
    wait_state(vehicle, "ready")
    wait_state(attack, "ready")
    slot = attack.evaluate("el => Array.from(document.querySelectorAll('[data-calculator]')).indexOf(el)")
    busy = next(w for w in page.workers if w.evaluate("() => self.name") == f"rules-calculators-{slot}")
    busy.evaluate("ms => { setTimeout(() => { const end = Date.now() + ms; while (Date.now() < end); }, 0); }", BUSY_MS)
    attack.locator("[name='red']").fill("2")
    began = time.monotonic()
    vehicle.locator("[name='ruleset']").select_option(rulesets[-1])
    wait_state(vehicle, "ready")
    assert attack.get_attribute("data-state") == "loading", "the slow calculator ended first"
    assert time.monotonic() - began < BUSY_MS / 1000
    assert_same_as_cpython(vehicle)
    # The slow one shows how long it has been at it, and a Cancel that works.
    elapsed = attack.locator("[data-elapsed]")
    elapsed.wait_for(state="visible")
    assert str(elapsed.text_content()).startswith("Still computing")
    elapsed.get_by_role("button", name="Cancel").click()
    wait_state(attack, "error")
    assert str(attack.locator("[data-status]").text_content()).startswith("Cancelled")
    attack.locator("[name='red']").fill("3")  # a fresh worker answers
    wait_state(attack, "ready")
    assert assert_same_as_cpython(attack)["inputs"]["red"] == 3


# ---- the keyboard alone ----


def tab_to(page: Any, predicate: str, key: str = "Tab", limit: int = 400) -> None:
    """Press `key` (Tab, or Shift+Tab to go back) until the focused element matches
    `predicate` (a function of it)."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate(f"() => ({predicate})(document.activeElement)"):
            return
    pytest.fail(f"{key} never reached an element with {predicate}", pytrace=False)


def answered(root: Any, name: str) -> dict[str, Any]:
    """Wait until the result on show answers the form's current `name` (a debounced change
    may still be on its way), then check it against CPython."""
    root.page.wait_for_function(
        """([el, name]) => {
          const request = rulesCalculators.request(el), control = el.querySelector(`[name="${name}"]`);
          return request && String(request.inputs[name] ?? "") === control.value && el.getAttribute("data-state") === "ready";
        }""", arg=[root.element_handle(), name])
    return assert_same_as_cpython(root)


def test_keyboard_only_change_recompute_choose_a_face_open_a_group_load_an_example(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    faces = root.locator("[name='attack_faces']")
    # One more die: the example's faces are kept, the new die is rolled (the odds computed).
    tab_to(page, "el => el.name === 'red'")
    red = int(root.locator("[name='red']").input_value())
    given = faces.input_value()
    page.keyboard.press("ArrowUp")
    request = answered(root, "red")
    assert request["inputs"]["red"] == red + 1 and faces.input_value() == given
    # A die's face: "+ die", then its select.
    tab_to(page, "el => el.getAttribute('aria-label') === 'Attack faces: add a die'")
    page.keyboard.press("Enter")
    page.wait_for_function("([el, given]) => el.value !== given", arg=[faces.element_handle(), given])
    first = answered(root, "attack_faces")["inputs"]["attack_faces"]
    tab_to(page, "el => el.getAttribute('aria-label') === 'Attack faces, die 1'", key="Shift+Tab")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("([el, first]) => el.value !== first", arg=[faces.element_handle(), first])
    assert answered(root, "attack_faces")["inputs"]["attack_faces"] != first
    # A folded group opens from the keyboard and its inputs are next in the Tab order.
    tab_to(page, "el => el.tagName === 'SUMMARY' && el.parentElement.dataset.group === 'tokens'")
    page.keyboard.press("Enter")
    assert root.locator("details[data-group='tokens']").get_attribute("open") is not None
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('details')?.dataset.group") == "tokens"
    # A worked example loads from the keyboard; focus returns to the calculator.
    tab_to(page, "el => el.hasAttribute('data-load-example')")
    wanted = json.loads(str(page.evaluate("() => document.activeElement.getAttribute('data-inputs')")))
    page.keyboard.press("Enter")
    request = answered(root, "attack_faces")
    assert request["inputs"]["red"] == wanted["red"] and request["inputs"]["attack_faces"] == wanted["attack_faces"]
    assert page.evaluate("el => el.contains(document.activeElement)", root.element_handle())

"""The calculators in the browser: pre-rendered result on arrival, recompute in Pyodide
equal to CPython's answer, one worker across instant navigation, refusal of out-of-range
inputs in the form, and a hung request that restarts the worker.

Expected values come from `rulesengine.calculators.api.calculate` called in this process
(CPython) with the very request the page sent, never from numbers written here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from rulesengine.calculators.api import calculate
from tests.browser.conftest import WAIT_MS, checked_visit
from tests.browser.harness import Server, Visit

pytestmark = pytest.mark.browser

GUARDIAN_X = "legion/keywords/guardian-x/"
PYODIDE_PATH = "/assets/pyodide/"


def first_calculator(page: Any) -> Any:
    root = page.locator("[data-calculator]").first
    root.wait_for()
    return root


def wait_state(root: Any, state: str) -> None:
    """Wait until the calculator reaches `state` with no change still folded into the
    debounce's next recompute (a change that quickly follows another is computed a moment
    later); on time-out, fail with what it shows."""
    try:
        root.page.wait_for_function(
            "([el, state]) => el.getAttribute('data-state') === state && window.rulesCalculators && rulesCalculators.settled(el)",
            arg=[root.element_handle(), state], timeout=WAIT_MS,
        )
    except Exception:
        shown = root.evaluate("el => el.getAttribute('data-state') + ': ' + el.innerText")
        pytest.fail(f"calculator never reached {state!r}; it shows {shown}", pytrace=False)


def set_input(root: Any, name: str, value: str) -> None:
    control = root.locator(f"[name='{name}']")
    if control.get_attribute("data-parts") is not None:
        # An input drawn as rows of controls (rows.mjs): its text, as the rows write it, so
        # the engine reads it as given (test_calculator_player.py clicks the rows themselves).
        control.evaluate("(el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }", value)
        return
    if not control.is_visible():  # an input in a folded group
        # `has` is matched inside each candidate: a locator from the page, not from root.
        root.locator("details.calculator-more", has=root.page.locator(f"[name='{name}']")).locator("> summary").click()
    control.fill(value)


def text_of_html(page: Any, html: str) -> str:
    """The text a browser shows for `html` (CPython's rendering, parsed by Chromium)."""
    return str(page.evaluate("html => { const t = document.createElement('template'); t.innerHTML = html; return t.content.textContent; }", html))


def cpython_answer(request: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads(calculate(json.dumps(request))))


def assert_same_as_cpython(root: Any) -> dict[str, Any]:
    """The page's last request, recomputed in this process, gives the same JSON result and
    the same shown text as Pyodide did."""
    request = root.evaluate("el => rulesCalculators.request(el)")
    browser_response = root.evaluate("el => rulesCalculators.response(el)")
    expected = cpython_answer(request)
    assert expected["ok"] is True, expected
    assert browser_response == expected
    shown = root.locator("[data-result]").text_content()
    assert shown == text_of_html(root.page, str(expected["html"]))
    return dict(request)


def test_guardian_x_shows_the_prerendered_example_without_python(site: Server, visit: Visit) -> None:
    before = len(site.requested)
    visit.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(visit.page)
    assert root.get_attribute("data-state") == "static"
    preset = json.loads(str(root.get_attribute("data-preset")))
    expected = cpython_answer({"calculator": root.get_attribute("data-calculator"), "inputs": preset, "base": root.get_attribute("data-base")})
    assert root.locator("[data-result]").text_content() == text_of_html(visit.page, str(expected["html"]))
    visit.page.wait_for_load_state("networkidle")
    assert not [p for p in site.requested[before:] if p.startswith(PYODIDE_PATH)], "Pyodide fetched before any interaction"
    assert visit.calculator_workers() == []


def test_changing_pierce_recomputes_in_pyodide_as_cpython_does(site: Server, visit: Visit) -> None:
    visit.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(visit.page)
    static_text = root.locator("[data-result]").text_content()
    pierce = int(str(root.locator("[name='pierce']").input_value()))
    set_input(root, "pierce", str(pierce - 1 if pierce > 0 else pierce + 1))
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    assert request["inputs"]["pierce"] != pierce
    assert root.locator("[data-result]").text_content() != static_text
    assert visit.calculator_workers() != []


def test_link_to_pierce_x_mounts_its_calculator_and_reuses_the_worker(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    set_input(root, "pierce", "2")
    wait_state(root, "ready")
    page.evaluate("window.sameDocument = true")
    page.locator("article a", has_text="Pierce X").first.click()
    page.wait_for_url("**/legion/keywords/pierce-x/")
    expect(page.locator("article h1").first).to_have_text(re.compile(r"^Pierce X"))  # the new page is in
    assert page.evaluate("window.sameDocument") is True, "instant navigation did not keep the document"
    root = first_calculator(page)
    page.wait_for_function("el => el.querySelector(':scope > [data-status]')", arg=root.element_handle())  # mounted
    current = int(str(root.locator("[name='pierce']").input_value()))
    set_input(root, "pierce", str(current + 1))
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    assert len(visit.calculator_workers()) == 1
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 1
    # The page's modules and the worker are all fetched with the script's ?v=<hash>.
    modules = {p.partition("?")[0].rsplit("/", 1)[1]: p for p in site.requested if "/assets/calculators/" in p and ".mjs" in p}
    assert {"calculator.mjs", "form.mjs", "worker-client.mjs", "address.mjs", "settings.mjs", "worker.mjs"} <= set(modules)
    assert all("?v=" in p for p in modules.values()), modules


def test_out_of_range_input_is_refused_in_the_form_and_bad_input_by_the_engine(site: Server, visit: Visit) -> None:
    visit.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(visit.page)
    control = root.locator("[name='pierce']")
    maximum = int(str(control.get_attribute("max")))
    set_input(root, "pierce", str(maximum + 1))
    wait_state(root, "error")
    message = root.locator("[data-error]")
    assert message.is_visible()
    assert f"from {control.get_attribute('min')} to {maximum}" in str(message.text_content())
    assert control.get_attribute("aria-invalid") == "true"
    assert visit.page.evaluate("rulesCalculators.stats.requests") == 0  # refused before Python
    set_input(root, "pierce", str(maximum))
    wait_state(root, "ready")
    assert not message.is_visible()
    assert_same_as_cpython(root)

    # What the form cannot check, the engine refuses; its message shows beside the form
    # (Shien Mastery without Deflect, in the folded Defender group, under ruleset 2.6: under
    # the notes' rules the form disables its box).
    ruleset = root.locator("select[name='ruleset']")
    if not ruleset.is_visible():
        root.locator("details.calculator-more", has=root.page.locator("select[name='ruleset']")).locator("> summary").click()
    ruleset.select_option("2.6")
    box = root.locator("[name='shien_mastery']")
    if not box.is_visible():
        root.locator("details.calculator-more", has=root.page.locator("[name='shien_mastery']")).locator("> summary").click()
    box.check()
    wait_state(root, "error")
    expected = cpython_answer(root.evaluate("el => rulesCalculators.request(el)"))
    assert expected["ok"] is False
    assert root.locator(":scope > [data-error] .calculator-error-message").text_content() == expected["error"]
    assert root.locator(":scope > [data-error] details").get_attribute("open") is None  # details collapsed
    assert root.locator(f"[name='{expected['option']}']").get_attribute("aria-invalid") == "true"


@pytest.fixture
def slow_visit(browser: Any) -> Iterator[Visit]:
    # A short debounce and time limit, so a hung request is noticed quickly.
    yield from checked_visit(browser, "window.rulesCalculatorSettings = {debounceMs: 50};")


def test_a_hung_request_restarts_the_worker_and_shows_why(site: Server, slow_visit: Visit) -> None:
    page = slow_visit.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    set_input(root, "pierce", "1")
    wait_state(root, "ready")
    # Make the worker hang: the next request is swallowed before it reaches Python.
    page.evaluate(
        """() => {
          rulesCalculators.settings.requestTimeoutMs = 1500;
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (message) {
            Worker.prototype.postMessage = post;
          };
        }"""
    )
    set_input(root, "pierce", "2")
    wait_state(root, "error")
    assert "longer than 1.5 s" in str(root.locator("[data-error]").text_content())
    assert root.locator("[data-error] details").get_attribute("open") is None  # details collapsed
    page.evaluate("rulesCalculators.settings.requestTimeoutMs = 60000")
    set_input(root, "pierce", "3")
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 2
    assert len(slow_visit.calculator_workers()) == 2


def test_python_that_cannot_start_says_so_beside_the_calculator(site: Server, visit: Visit) -> None:
    # Neither the start-up snapshot (with the engine in it) nor the engine's files (its
    # bytecode archive, its wheel) can be had.
    visit.context.route("**/assets/snapshots/**", lambda route: route.fulfill(status=404, body="gone"))
    visit.context.route("**/assets/wheels/**", lambda route: route.fulfill(status=404, body="gone"))
    visit.context.route("**/rulesengine.zip", lambda route: route.fulfill(status=404, body="gone"))
    visit.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(visit.page)
    set_input(root, "pierce", "1")
    wait_state(root, "error")
    message = str(root.locator(":scope > [data-error] .calculator-error-message").text_content())
    assert message.startswith("Python could not start")
    details = root.locator(":scope > [data-error] details")
    assert details.get_attribute("open") is None  # collapsed until the reader asks
    details.locator("summary").click()  # moves focus off the input: its "change" must not redo the error
    assert details.locator("pre").is_visible()
    assert "rulesengine" in str(details.locator("pre").text_content())


@pytest.fixture
def idle_visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser, "window.rulesCalculatorSettings = {warm: 'idle'};")


def test_warm_on_idle_starts_python_before_any_interaction(site: Server, idle_visit: Visit) -> None:
    page = idle_visit.page
    page.goto(site.url + GUARDIAN_X)
    page.wait_for_function("() => rulesCalculators.workerReady()", timeout=WAIT_MS)
    assert page.evaluate("rulesCalculators.stats.requests") == 0
    root = first_calculator(page)
    assert root.get_attribute("data-state") == "static"
    set_input(root, "pierce", "0")
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 1


def test_python_that_never_finishes_starting_is_stopped_and_tried_again(site: Server, slow_visit: Visit) -> None:
    stalled: list[Any] = []
    slow_visit.context.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))  # never answered
    page = slow_visit.page
    page.goto(site.url + GUARDIAN_X)
    page.evaluate("rulesCalculators.settings.startTimeoutMs = 1500")
    root = first_calculator(page)
    set_input(root, "pierce", "1")
    wait_state(root, "error")
    assert "did not start within 1.5 s" in str(root.locator(":scope > [data-error]").text_content())
    assert stalled, "the test did not hold Pyodide's download"
    slow_visit.context.unroute("**/pyodide.asm.wasm")
    page.evaluate("rulesCalculators.settings.startTimeoutMs = 90000")
    set_input(root, "pierce", "2")
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 2

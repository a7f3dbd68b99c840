"""One Python for the whole visit (assets/calculators/worker-client.mjs): where the browser
has shared workers, every calculator of every tab of the site talks to one shared worker,
and a calculator whose request that Python has not begun in time (it waits behind another
calculator's or tab's) or whose reader cancels gets its own dedicated worker, as before.
Where the browser has no shared worker, each calculator has its own, as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import checked_visit
from tests.browser.harness import Server, Visit
from tests.browser.test_calculator_compare import PIERCE_X, open_compare
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture
def shared_visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser, "window.rulesCalculatorSettings = {debounceMs: 50};", python=None)


def change(page: Any, value: int) -> Any:
    root = first_calculator(page)
    set_input(root, "pierce", str(value))
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    assert request["inputs"]["pierce"] == value
    return root


def test_every_calculator_and_tab_shares_one_python(site: Server, shared_visit: Visit) -> None:
    page = shared_visit.page
    page.goto(site.url + PIERCE_X)
    change(page, 2)
    assert page.evaluate("rulesCalculators.stats.sharedConnected") == 1
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 0
    assert shared_visit.calculator_workers() == []  # no dedicated worker
    # Compare's second set answers from the same Python.
    a, b = open_compare(page)
    set_input(b, "pierce", "3")
    wait_state(b, "ready")
    assert_same_as_cpython(b)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 0
    assert page.evaluate("rulesCalculators.workers()") == 1

    # A new tab connects to the Python already running: nothing of Python is fetched again.
    mark = len(site.requested)
    again = shared_visit.context.new_page()
    again.goto(site.url + GUARDIAN_X)
    change(again, 3)
    assert again.evaluate("rulesCalculators.stats.workersStarted") == 0
    assert again.evaluate("rulesCalculators.stats.sharedConnectedMs") is not None, "Python was started anew"
    python = [p for p in site.requested[mark:] if "/assets/pyodide/" in p or "/assets/snapshots/" in p]
    assert python == [], python


# Waits until the page's look for a running Python (worker-client.mjs, connectIfWarm) is done.
LOOKED = "() => navigator.locks.query().then(() => new Promise((resolve) => setTimeout(resolve, 50)))"


def test_a_new_tab_connects_at_once_to_the_python_another_tab_runs(site: Server, shared_visit: Visit) -> None:
    """Python running in one tab: another tab's calculators connect to it as they mount, before
    any change (these tests start Python only when the reader reaches for a form). With no
    Python running, opening a calculator's page starts nothing."""
    page = shared_visit.page
    page.goto(site.url + GUARDIAN_X)
    page.evaluate(LOOKED)
    assert not page.evaluate("rulesCalculators.stats.sharedConnected"), "connected with no Python running"
    assert not page.evaluate("rulesCalculators.workerReady()")
    change(page, 2)
    again = shared_visit.context.new_page()
    again.goto(site.url + PIERCE_X)
    again.wait_for_function("() => rulesCalculators.workerReady()")
    assert again.evaluate("rulesCalculators.stats.connectedEarly") is True
    assert again.evaluate("rulesCalculators.stats.requests") == 0  # nothing asked yet
    assert again.evaluate("rulesCalculators.stats.sharedConnectedMs") is not None, "Python was started anew"
    change(again, 3)


# The next request sent to the shared Python never reaches it, as if it waited behind
# another tab's long calculation.
SWALLOW_NEXT = """() => {
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message) {
    MessagePort.prototype.postMessage = post;
  };
}"""


def test_a_request_the_shared_python_does_not_begin_goes_to_the_calculators_own_worker(site: Server, shared_visit: Visit) -> None:
    page = shared_visit.page
    page.goto(site.url + GUARDIAN_X)
    change(page, 1)
    page.evaluate(SWALLOW_NEXT)
    root = change(page, 2)  # answered all the same, by a dedicated worker
    assert page.evaluate("rulesCalculators.stats.movedToOwnWorker") == 1
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 1
    assert len(shared_visit.calculator_workers()) == 1
    assert root.get_attribute("data-state") == "ready"
    # Another calculator on the page is not held either: Compare's set B.
    page.goto(site.url + PIERCE_X)
    a, b = open_compare(page)
    set_input(b, "pierce", "3")
    wait_state(b, "ready")
    assert_same_as_cpython(b)


def test_cancel_in_the_shared_python_leaves_the_others_and_the_next_change_is_answered(site: Server, shared_visit: Visit) -> None:
    page = shared_visit.page
    page.goto(site.url + GUARDIAN_X)
    change(page, 1)
    # Held long enough for the elapsed time and its Cancel to show, and not moved meanwhile.
    page.evaluate("rulesCalculators.settings.sharedWaitMs = 60000")
    page.evaluate(SWALLOW_NEXT)
    root = first_calculator(page)
    set_input(root, "pierce", "2")
    cancel = root.locator("[data-cancel]")
    cancel.wait_for(state="visible")
    cancel.click()
    wait_state(root, "error")
    assert "Cancelled" in str(root.text_content())
    page.evaluate("rulesCalculators.settings.sharedWaitMs = 700")
    change(page, 3)
    # The shared Python was not restarted (no page can); this calculator went to its own.
    assert page.evaluate("rulesCalculators.stats.sharedConnected") == 1
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 1


@pytest.fixture
def no_shared_worker(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser, "delete window.SharedWorker;", python=None)


def test_without_shared_workers_each_calculator_has_its_own_as_before(site: Server, no_shared_worker: Visit) -> None:
    page = no_shared_worker.page
    page.goto(site.url + PIERCE_X)
    change(page, 2)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 1
    assert not page.evaluate("rulesCalculators.stats.sharedConnected")
    a, b = open_compare(page)
    set_input(b, "pierce", "3")
    wait_state(b, "ready")
    assert page.evaluate("rulesCalculators.workers()") == 2
    assert len(no_shared_worker.calculator_workers()) == 2

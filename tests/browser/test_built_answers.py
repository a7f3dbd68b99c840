"""Answers computed at build time (scripts/calculators/answers.py, assets/calculators/
answers.mjs): while Python loads, a first change near the calculator's inputs is answered
from the build's file, and that answer is exactly the one Python gives once it is ready."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import checked_visit
from tests.browser.harness import REPO, Server, SetupError, Visit, build_site, serve
from tests.browser.test_calculators import GUARDIAN_X, cpython_answer, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def answered_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real site as a default build makes it: with the answers (the tests' other
    builds leave them out, tests/conftest.py)."""
    server = serve(tmp_path_factory.mktemp("answered-site"))
    before = os.environ.get("CALCULATOR_ANSWERS")
    os.environ["CALCULATOR_ANSWERS"] = "on"
    try:
        build_site(REPO / "mkdocs.yml", server.root, server.url)
    except SetupError as error:
        server.close()
        pytest.fail(str(error), pytrace=False)
    finally:
        if before is None:
            del os.environ["CALCULATOR_ANSWERS"]
        else:
            os.environ["CALCULATOR_ANSWERS"] = before
    yield server
    server.close()


# Python's messages to the page (its "ready" among them) are held until the test calls
# window.releasePython(): the page sees a Python still starting, shared worker or not
# (Playwright's routes do not reach a shared worker's downloads). The lock a running shared
# Python holds (worker-client.mjs: a new page sends to it at once) is hidden meanwhile too:
# the shared Python an earlier page of the test started does run.
HOLD_PYTHON = """
window.rulesCalculatorSettings = {debounceMs: 50};
(() => {
  const held = [];
  let holding = true;
  window.releasePython = () => { holding = false; for (const deliver of held.splice(0)) deliver(); };
  const hold = (target) => {
    let handler = null;
    const deliver = (event) => handler && handler(event);
    target.onmessage = (event) => (holding ? held.push(() => deliver(event)) : deliver(event));
    Object.defineProperty(target, "onmessage", { get: () => handler, set: (f) => { handler = f; } });
  };
  if (navigator.locks && navigator.locks.query) {
    const query = navigator.locks.query.bind(navigator.locks);
    navigator.locks.query = () => query().then((state) => (holding ? { ...state, held: [] } : state));
  }
  const RealShared = window.SharedWorker;
  if (RealShared) window.SharedWorker = function (url, options) { const w = new RealShared(url, options); if (String(url).includes("/calculators/")) hold(w.port); return w; };
  const RealWorker = window.Worker;
  window.Worker = function (url, options) { const w = new RealWorker(url, options); if (String(url).includes("/calculators/")) hold(w); return w; };
})();
"""


@pytest.fixture(params=["shared", "dedicated"])
def quick_visit(browser: Any, request: pytest.FixtureRequest) -> Iterator[Visit]:
    yield from checked_visit(browser, HOLD_PYTHON, python=request.param)


SHOWN = "el => ({html: el.querySelector('[data-result]').innerHTML, response: JSON.stringify(rulesCalculators.response(el))})"


def test_a_first_change_is_answered_from_the_build_as_python_answers_it(answered_site: Server, quick_visit: Visit) -> None:
    page = quick_visit.page
    page.goto(answered_site.url + GUARDIAN_X)
    root = first_calculator(page)
    static = root.locator("[data-result]").inner_html()
    shown = int(root.locator("[name='pierce']").input_value())
    near, far = shown + 1, shown + 3  # one step from the form as shown, and three
    set_input(root, "pierce", str(near))
    wait_state(root, "ready")
    assert page.evaluate("rulesCalculators.stats.precomputed") == 1
    assert not page.evaluate("rulesCalculators.workerReady()")
    built = root.evaluate(SHOWN)
    assert built["html"] != static
    assert root.evaluate("el => rulesCalculators.request(el).inputs.pierce") == near
    assert f"pierce={near}" in page.url  # the address follows, as with Python's answers

    # A change two steps away is not in the build's answers: it waits for Python.
    set_input(root, "pierce", str(far))
    page.wait_for_function("() => document.querySelector('[data-calculator]').getAttribute('data-state') === 'loading'")
    page.wait_for_timeout(300)
    assert root.get_attribute("data-state") == "loading"

    page.evaluate("window.releasePython()")
    wait_state(root, "ready")
    assert page.evaluate("rulesCalculators.workerReady()")
    assert root.evaluate("el => rulesCalculators.request(el).inputs.pierce") == far

    # Python's own answer to the request answered from the build: the same, byte for byte.
    set_input(root, "pierce", str(near))
    page.wait_for_function(f"() => rulesCalculators.request(document.querySelector('[data-calculator]')).inputs.pierce === {near}")
    wait_state(root, "ready")
    assert page.evaluate("rulesCalculators.stats.precomputed") == 1  # not the build's, this time
    python = root.evaluate(SHOWN)
    assert python["html"] == built["html"]
    assert python["response"] == built["response"]


def test_the_answers_file_is_small_and_named_by_its_content(answered_site: Server) -> None:
    page = (answered_site.root / GUARDIAN_X / "index.html").read_text(encoding="utf-8")
    start = page.index('data-answers="') + len('data-answers="')
    address = page[start:page.index('"', start)]
    assert address.startswith("../../../assets/calculators/answers/") and "?v=" in address
    path = address.split("?")[0].removeprefix("../../../")
    table = json.loads((answered_site.root / path).read_text(encoding="utf-8"))
    assert table["calculator"] == "legion-attack"
    inputs = [json.loads(key) for key in table["answers"]]
    assert {i["pierce"] for i in inputs} == {2, 3, 4}  # the page's example has Pierce 3
    # A refusal is an answer too (the page shows it as Python's); these are results.
    assert all(response["ok"] for key, response in table["answers"].items() if json.loads(key)["pierce"] != 3)


# On a page just opened, Python held: the form as shown (Enter), then its first stepper
# one up (else the first checkbox, else the first select's next choice).
FIRST_CHANGES = """async () => {
  const root = document.querySelector('[data-calculator][data-answers]');
  // A request the build did not answer waits for the held Python: give up after 2 s.
  const settled = () => new Promise((resolve) => {
    const until = performance.now() + 2000;
    const check = () => (root.getAttribute('data-state') === 'loading' && performance.now() < until ? setTimeout(check, 20) : resolve());
    check();
  });
  root.querySelector('form').requestSubmit();
  await settled();
  const shown = rulesCalculators.stats.precomputed || 0;
  const fields = Array.from(root.querySelectorAll('form > .calculator-field'));
  const step = fields.map((f) => f.querySelector('input[type=number]')).find((el) => el && !el.disabled && Number(el.value) < Number(el.max));
  if (step) step.closest('.calculator-stepper').querySelector('[data-step="1"]').click();
  else {
    const box = fields.map((f) => f.querySelector('input[type=checkbox]')).find((el) => el && !el.disabled);
    const select = fields.map((f) => f.querySelector('select')).find((el) => el && !el.disabled && el.options.length > 1);
    if (box) box.click();
    else if (select) {
      select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    } else return [shown, 'no field to change', ''];
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  await settled();
  return [shown, rulesCalculators.stats.precomputed || 0, root.getAttribute('data-state')];
}"""


def test_every_calculator_answers_its_form_and_a_first_step_from_the_build(answered_site: Server, browser: Any) -> None:
    by_calculator: dict[str, list[str]] = {}
    for path in sorted(answered_site.root.rglob("index.html")):
        found = re.search(r'data-answers="[^"]*-\d+-([a-z-]+)\.json', path.read_text(encoding="utf-8"))
        if found:
            by_calculator.setdefault(found.group(1), []).append(path.parent.relative_to(answered_site.root).as_posix() + "/")
    assert len(by_calculator) >= 4, by_calculator
    # Up to four pages of each calculator (every page takes a few seconds on a loaded machine).
    pages = [page for found in by_calculator.values() for page in found[:: max(1, len(found) // 4)][:4]]
    missed = []
    for visit in checked_visit(browser, HOLD_PYTHON, python="dedicated"):
        for page in pages:
            visit.page.goto(answered_site.url + page)
            visit.page.wait_for_function("() => document.querySelector('[data-calculator] > [data-status]') && window.rulesCalculators")
            found = visit.page.evaluate(FIRST_CHANGES)
            if found[:2] != [1, 2]:
                missed.append(f"{page}: {found}")
    assert not missed, missed


UNIT_LINK = "legion/attack/?c.pool=&c.defender=&c.attacker_unit=Stormtroopers&c.weapon=E-11%20Blaster%20Rifle"
"""The address a unit's page links to (unit_pages.attack_href): Stormtroopers, their E-11."""


def test_a_unit_is_answered_from_the_build_as_the_engine_answers_it(answered_site: Server, quick_visit: Visit) -> None:
    """Coming in by a unit's page (issue 44): the first result is the build's answer for
    that unit (scripts/calculators/unit_answers.py), shown while Python is still held, and
    it is the engine's answer to the request the page made, key for key."""
    page = quick_visit.page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(answered_site.url + UNIT_LINK)
    root = first_calculator(page)
    page.wait_for_function("el => { const r = rulesCalculators.request(el); return r && r.inputs.attacker_unit === 'Stormtroopers'; }",
                           arg=root.element_handle())
    wait_state(root, "ready")
    assert page.evaluate("rulesCalculators.stats.precomputed") == 1, "answered from the build"
    assert not page.evaluate("rulesCalculators.workerReady()"), "Python is still held"
    assert sum("/unit-answers/" in url for url in fetched) == 1, "the unit's own file, once"
    request = root.evaluate("el => rulesCalculators.request(el)")
    assert request["inputs"]["weapon"] == "E-11 Blaster Rifle" and request["inputs"]["defender_unit"] == ""
    shown = root.evaluate("el => rulesCalculators.response(el)")
    expected = cpython_answer(request)
    assert expected["ok"] is True and shown == expected
    assert "Wounds on the defender" in root.locator("[data-result]").inner_text()

    # On the page as it opens, a unit typed as the attacker: its file is fetched and answers.
    page.goto(answered_site.url + "legion/attack/")
    root = first_calculator(page)
    root.locator("details.calculator-units[data-pickers]").wait_for()
    root.locator("[name='attacker_unit']").fill("Rebel Troopers")
    page.wait_for_function("el => { const r = rulesCalculators.request(el); return r && r.inputs.attacker_unit === 'Rebel Troopers'; }",
                           arg=root.element_handle())
    wait_state(root, "ready")
    assert page.evaluate("rulesCalculators.stats.precomputed") == 1
    request = root.evaluate("el => rulesCalculators.request(el)")
    assert root.evaluate("el => rulesCalculators.response(el)") == cpython_answer(request)


PAIR = "el => { const r = rulesCalculators.request(el); return r && r.inputs.attacker_unit === 'Stormtroopers' && r.inputs.defender_unit === 'Rebel Troopers'; }"


def pick_two_units(page: Any, url: str, python: bool = False) -> Any:
    """Guardian X opened, Stormtroopers typed as the attacker and Rebel Troopers as the
    defender (issue 44's first pick), shown once settled; `python`: once Python is ready."""
    page.goto(url)
    root = first_calculator(page)
    if python:
        page.evaluate("window.releasePython()")
        root.locator("form").dispatch_event("focusin")  # the reader reaching for the form starts Python
        page.wait_for_function("() => rulesCalculators.workerReady()", timeout=90_000)
    root.locator("details.calculator-units[data-pickers]").wait_for()
    root.locator("[name='attacker_unit']").fill("Stormtroopers")
    root.locator("[name='defender_unit']").fill("Rebel Troopers")
    page.wait_for_function(PAIR, arg=root.element_handle())
    wait_state(root, "ready")
    return root


def test_two_units_are_answered_from_the_build_as_the_engine_answers_them(answered_site: Server, quick_visit: Visit) -> None:
    """Two units picked on a cold visit (issue 44): the answer is the build's (figures only,
    scripts/calculators/pair_answers.py, written by result-html.mjs) while Python is held,
    and it is the engine's answer to the request the page made, HTML included (the worked
    example's faces dropped one refusal at a time, as with Python); with Python ready, the
    same pick shows the same."""
    page = quick_visit.page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    root = pick_two_units(page, answered_site.url + GUARDIAN_X)
    assert page.evaluate("rulesCalculators.stats.precomputed") >= 1, "answered from the build"
    assert not page.evaluate("rulesCalculators.workerReady()"), "Python is still held"
    assert sum("/pair-answers/" in url for url in fetched) == 2, "the attacker's file and the calculator's words, once each"
    request = root.evaluate("el => rulesCalculators.request(el)")
    shown = root.evaluate(SHOWN)
    expected = cpython_answer(request)
    assert expected["ok"] is True and json.loads(shown["response"]) == expected, "its HTML too, character for character"
    assert "Rebel Troopers" in root.locator("[data-result]").inner_text()

    # With Python ready, the same pick: the same request, the same page.
    root = pick_two_units(page, answered_site.url + GUARDIAN_X, python=True)
    assert not page.evaluate("rulesCalculators.stats.precomputed"), "Python answered"
    assert root.evaluate("el => rulesCalculators.request(el)") == request
    assert root.evaluate(SHOWN)["html"] == shown["html"]


def test_two_units_on_the_attack_page_are_answered_from_the_build(answered_site: Server, quick_visit: Visit) -> None:
    """The Attack page (its worked example under the owner's notes' ruleset): two units
    picked are answered from the build while Python is held, as the engine answers them."""
    page = quick_visit.page
    root = pick_two_units(page, answered_site.url + "legion/attack/")
    assert page.evaluate("rulesCalculators.stats.precomputed") >= 1
    assert not page.evaluate("rulesCalculators.workerReady()"), "Python is still held"
    request = root.evaluate("el => rulesCalculators.request(el)")
    assert request["inputs"]["ruleset"] == "notes"
    assert root.evaluate("el => rulesCalculators.response(el)") == cpython_answer(request)

"""Compare: a second set of inputs (B) beside a calculator's own (A), each computed by the
engine in its own worker; the comparison sets both headlines side by side with B − A and
overlays both distributions on one chart; both sets live in the page address.

Expected numbers come from CPython's `calculate` with the requests the page sent, and the
difference from Python's exact Fractions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from rulesengine.calculators.numbers import rounded
from tests.browser.conftest import checked_visit
from tests.browser.harness import AXE, Server, Visit, add_script_file, both_schemes
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, cpython_answer, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

PIERCE_X = "legion/keywords/pierce-x/"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def set_b(page: Any) -> Any:
    root = page.locator("[data-compare-set='B']")
    root.wait_for()
    return root


def open_compare(page: Any) -> tuple[Any, Any]:
    a = first_calculator(page)
    page.locator("[data-compare-toggle]").click()
    return a, set_b(page)


def signed(value: Fraction, percent: bool) -> str:
    text = rounded(value * 100 if percent else value, 2)
    text = text if value == 0 else f"+{text}" if value > 0 else text.replace("-", "−")
    return f"{text} points" if percent else text


def assert_comparison_shows(page: Any, a_headline: dict[str, Any], b_headline: dict[str, Any]) -> None:
    """The table holds both headlines and B − A, exactly; the chart has both series."""
    panel = page.locator("[data-comparison]")
    for measure in a_headline["measures"]:
        other = next(m for m in b_headline["measures"] if m["name"] == measure["name"])
        row = panel.locator(f"tr[data-measure='{measure['name']}']")
        assert row.locator("[data-set='A']").text_content() == measure["text"]
        assert row.locator("[data-set='B']").text_content() == other["text"]
        exact = Fraction(other["value"]) - Fraction(measure["value"])
        assert row.locator("[data-difference]").text_content() == signed(exact, measure["percent"])
    chart = panel.locator("svg.calculator-comparison-chart")
    counts = {k for k, _, _ in a_headline["rows"]} | {k for k, _, _ in b_headline["rows"]}
    assert chart.locator("rect[data-set='A']").count() == len(counts)
    assert chart.locator("rect[data-set='B']").count() == len(counts)
    titles = chart.locator("rect[data-set='B'] title").all_text_contents()
    shown = {k: text for k, _, text in b_headline["rows"]}
    assert titles == [f"Set B, {k}: {shown.get(k, '0%')}" for k in sorted(counts, key=int)]
    legend = panel.locator(".calculator-legend").text_content() or ""
    assert "Set A" in legend and "Set B" in legend


def headline_of(root: Any) -> dict[str, Any]:
    return dict(json.loads(str(root.locator("[data-result]").get_attribute("data-headline"))))


def test_compare_opens_a_copy_beside_and_b_computes_on_its_own(site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size(DESKTOP)
    page.goto(site.url + PIERCE_X)
    a, b = open_compare(page)
    first = int(a.locator("[name='pierce']").input_value())
    assert b.locator("[name='pierce']").input_value() == str(first)  # a copy of A
    assert b.evaluate("el => el.contains(document.activeElement)"), "focus moves into set B"
    box_a, box_b = a.bounding_box(), b.bounding_box()
    assert box_b["x"] >= box_a["x"] + box_a["width"] and abs(box_b["y"] - box_a["y"]) < 2, "beside on a desktop"
    assert_comparison_shows(page, headline_of(a), headline_of(b))
    set_input(b, "pierce", str(first + 2))
    wait_state(b, "ready")
    b_request = assert_same_as_cpython(b)
    assert b_request["inputs"]["pierce"] == first + 2
    assert a.locator("[name='pierce']").input_value() == str(first)
    assert a.get_attribute("data-state") == "static", "A is untouched"
    b_headline = cpython_answer(b_request)["headline"]
    assert headline_of(b) == b_headline
    assert headline_of(a) != b_headline
    assert_comparison_shows(page, headline_of(a), b_headline)
    # A changes too, in its own worker.
    set_input(a, "pierce", str(first + 1))
    wait_state(a, "ready")
    a_request = assert_same_as_cpython(a)
    assert_comparison_shows(page, cpython_answer(a_request)["headline"], b_headline)
    assert page.evaluate("rulesCalculators.workers()") == 2
    # Removing the comparison returns to one set.
    page.locator("[data-compare-toggle]").click()
    assert page.locator("[data-compare-set='B'], [data-comparison], [data-compare-pair]").count() == 0
    assert page.locator("[data-calculator]").count() == 1
    assert not any(k.startswith("b") for k in parse_qs(urlsplit(page.url).query))


def test_set_b_sits_below_set_a_on_a_phone_and_nothing_is_wider_than_the_screen(site: Server, answering: Visit) -> None:
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + PIERCE_X)
    a, b = open_compare(page)
    box_a, box_b = a.bounding_box(), b.bounding_box()
    assert box_b["y"] >= box_a["y"] + box_a["height"], "below on a phone"
    set_input(b, "pierce", "3")
    wait_state(b, "ready")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def query_keys(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_both_sets_round_trip_through_the_address(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + PIERCE_X)
    arrived = page.url
    a, b = open_compare(page)
    opened = page.url
    first = int(a.locator("[name='pierce']").input_value())
    set_input(b, "pierce", str(first + 2))
    wait_state(b, "ready")
    set_input(a, "pierce", str(first + 1))
    wait_state(a, "ready")
    assert query_keys(page) == {"b": ["1"], "b.pierce": [str(first + 2)], "c.pierce": [str(first + 1)]}
    shared = page.url
    # Three steps, whatever the theme did meanwhile (it replaces history.state with its
    # scroll position 100 ms after a scroll): arriving, opening the comparison, the changes.
    # Back undoes the changes, then the comparison; forward brings each back. The theme's
    # replacement is a navigation event of its own, which may end go_back's wait before the
    # step is taken: each step waits for the address it leads to.
    def step(go: Any, to: str) -> None:
        go()
        page.wait_for_url(to)

    step(page.go_back, opened)
    assert query_keys(page) == {"b": ["1"]}
    step(page.go_back, arrived)
    page.wait_for_function("() => !document.querySelector('[data-compare-set]')")
    step(page.go_forward, opened)
    set_b(page)  # the comparison is open again
    step(page.go_forward, shared)
    b = set_b(page)
    page.wait_for_function("el => el.querySelector('[name=pierce]').value === String(%d)" % (first + 2), arg=b.element_handle())
    wait_state(b, "ready")
    assert_same_as_cpython(b)
    # A shared address opens with both sets computed.
    page.goto(shared)
    a, b = first_calculator(page), set_b(page)
    assert (a.locator("[name='pierce']").input_value(), b.locator("[name='pierce']").input_value()) == (str(first + 1), str(first + 2))
    wait_state(a, "ready")
    wait_state(b, "ready")
    a_request, b_request = assert_same_as_cpython(a), assert_same_as_cpython(b)
    assert_comparison_shows(page, cpython_answer(a_request)["headline"], cpython_answer(b_request)["headline"])
    # An address from before Compare (A's keys only) opens one set.
    page.goto(site.url + PIERCE_X + f"?c.pierce={first + 1}")
    wait_state(first_calculator(page), "ready")
    assert page.locator("[data-compare-set]").count() == 0


def test_history_steps_do_not_depend_on_the_themes_scroll_keeping(site: Server, answering: Visit) -> None:
    """The theme replaces history.state with the scroll position 100 ms after a scroll: a
    change before or after that replacement makes the same history (the flake of session 7:
    a mark kept in history.state was there or not depending on timing)."""
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + PIERCE_X)

    def scrolled_and_kept() -> None:
        y = page.evaluate("window.scrollY")
        page.evaluate("window.scrollBy(0, 40)")
        page.wait_for_function("y => history.state && history.state.y !== undefined && history.state.y !== y", arg=y)

    start = page.evaluate("history.length")
    a, b = open_compare(page)
    assert page.evaluate("history.length") == start + 1, "opening the comparison is a step"
    scrolled_and_kept()
    set_input(b, "pierce", "3")
    wait_state(b, "ready")
    assert page.evaluate("history.length") == start + 2, "the first change after it is a step"
    scrolled_and_kept()
    set_input(a, "pierce", "4")
    wait_state(a, "ready")
    set_input(b, "pierce", "5")
    wait_state(b, "ready")
    assert page.evaluate("history.length") == start + 2, "later changes refine it, the theme's scroll keeping or not"
    assert query_keys(page) == {"b": ["1"], "b.pierce": ["5"], "c.pierce": ["4"]}


@pytest.fixture
def quick_visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser, "window.rulesCalculatorSettings = {debounceMs: 50};")


def test_a_slow_set_b_never_blocks_set_a(site: Server, quick_visit: Visit) -> None:
    page = quick_visit.page
    page.goto(site.url + PIERCE_X)
    a, b = open_compare(page)
    set_input(b, "pierce", "2")
    wait_state(b, "ready")
    # B's worker hangs: its next request is swallowed before it reaches Python.
    page.evaluate(
        """() => {
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (message) {
            Worker.prototype.postMessage = post;
          };
        }"""
    )
    set_input(b, "pierce", "3")
    assert b.get_attribute("data-state") == "loading"
    set_input(a, "pierce", "1")
    wait_state(a, "ready")
    assert_same_as_cpython(a)
    assert b.get_attribute("data-state") == "loading", "B still waits on its own worker"
    note = page.locator("[data-comparison] .calculator-comparison-note").text_content() or ""
    assert "Set B is being computed" in note


def test_keyboard_alone_opens_changes_and_removes_the_comparison(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + PIERCE_X)
    a = first_calculator(page)
    toggle = page.locator("[data-compare-toggle]")
    toggle.focus()
    page.keyboard.press("Enter")
    b = set_b(page)
    assert toggle.get_attribute("aria-expanded") == "true"
    focused = page.evaluate("document.activeElement.name")
    before = b.locator(f"[name='{focused}']").input_value()
    page.keyboard.press("ArrowUp")
    page.wait_for_function("el => el.getAttribute('data-state') !== 'static'", arg=b.element_handle())
    wait_state(b, "ready")
    assert b.locator(f"[name='{focused}']").input_value() != before
    assert_same_as_cpython(b)
    toggle.focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => !document.querySelector('[data-compare-set]')")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement === document.querySelector('[data-compare-toggle]')")
    assert a.get_attribute("role") is None


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_a_page_in_compare_mode_is_axe_clean(site: Server, answering: Visit, size: dict[str, int]) -> None:
    """Light and dark: the kept tab keeps the palette a page chose, so the dark scheme is
    switched to with the palette toggle, as a reader does."""
    page = answering.page
    page.set_viewport_size(size)
    page.goto(site.url + PIERCE_X + "?b=1&b.pierce=3")
    b = set_b(page)
    wait_state(b, "ready")
    add_script_file(page, AXE)
    found = []
    for scheme in both_schemes(page, PIERCE_X):
        found += [f"{scheme}: {v}" for v in page.evaluate(
            "async () => (await axe.run(document.querySelector('article'))).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)"
        )]
    assert found == []


def test_set_b_gets_its_own_working_face_selects(site: Server, visit: Visit) -> None:
    """What the page drew into A (a select per die) is drawn again for B, with its own listeners."""
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    a, b = open_compare(page)
    attack = [f.strip() for f in str(b.locator("[name='attack_faces']").input_value()).split(",") if f.strip()]
    assert attack, "Guardian X arrives with a traced example"
    trace = b.locator("details[data-group='trace']")
    if trace.get_attribute("open") is None:
        trace.locator("> summary").click()
    selects = b.locator(".calculator-field:has([name='attack_faces']) [data-face-controls] select")
    assert selects.count() == len(attack)
    assert b.locator("[data-face-controls]").count() == a.locator("[data-face-controls]").count()
    other = next(f for f in ("crit", "hit", "blank") if f != attack[0])
    selects.first.select_option(other)
    wait_state(b, "ready")
    request = assert_same_as_cpython(b)
    assert request["inputs"]["attack_faces"] == ", ".join([other, *attack[1:]])
    assert a.get_attribute("data-state") == "static", "A keeps its own faces"


def test_removing_the_comparison_ends_set_bs_worker(site: Server, visit: Visit) -> None:
    """B's Python costs some 60 MB of the tab (measured in Chromium's processes): it goes with B."""
    page = visit.page
    page.goto(site.url + PIERCE_X)
    a, b = open_compare(page)
    first = int(a.locator("[name='pierce']").input_value())
    set_input(b, "pierce", str(first + 1))
    wait_state(b, "ready")
    set_input(a, "pierce", str(first + 2))
    wait_state(a, "ready")
    assert page.evaluate("rulesCalculators.workers()") == 2 and len(visit.calculator_workers()) == 2
    live = [w for w in page.workers if w.url.split("?")[0].endswith("/worker.mjs")]
    ended: list[str] = []
    for worker in live:
        worker.on("close", lambda closed: ended.append(closed.url))
    page.locator("[data-compare-toggle]").click()
    page.wait_for_function("() => rulesCalculators.workers() === 1")
    page.wait_for_timeout(500)
    assert len(ended) == 1, "B's worker was not terminated"
    # A still answers with its own worker; a new comparison starts B a fresh one.
    set_input(a, "pierce", str(first))
    wait_state(a, "ready")
    assert_same_as_cpython(a)
    _, b = open_compare(page)
    set_input(b, "pierce", str(first + 3))
    wait_state(b, "ready")
    assert assert_same_as_cpython(b)["inputs"]["pierce"] == first + 3
    assert page.evaluate("rulesCalculators.workers()") == 2

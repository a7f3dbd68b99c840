""""Your army" (issue 42): a pasted list fills the table unit by unit on a phone, from the
keyboard, with its progress shown and the numbers CPython's `legion-army` gives; the share
link brings the same list, target and cover back; an unmatched name is reported beside the
list with the closest names; axe finds nothing serious, light and dark; with JavaScript
off the page says what it does and that it needs JavaScript."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest

from rulesengine.legion.army import RANGES, army_json
from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit, article_violations, both_schemes

pytestmark = pytest.mark.browser

PAGE = "legion/your-army/"
PHONE = {"width": 390, "height": 844}
LIST = (Path(__file__).resolve().parents[1] / "fixtures" / "legion_lists" / "empire.json").read_text(encoding="utf-8")
WATCH_STATUS = """() => {
  window.armyStatuses = [];
  const status = document.querySelector('[data-army-status]');
  const progress = document.querySelector('[data-army-progress]');
  new MutationObserver(() => window.armyStatuses.push([status.textContent, progress.hidden ? null : progress.value]))
    .observe(status, {childList: true, characterData: true, subtree: true});
}"""


def army(page: Any) -> Any:
    root = page.locator("[data-army][data-army-mounted]")
    root.wait_for(timeout=WAIT_MS)
    return root


def wait_done(root: Any) -> None:
    try:
        root.page.wait_for_function("el => ['ready', 'error'].includes(el.getAttribute('data-state'))",
                                    arg=root.element_handle(), timeout=WAIT_MS)
    except Exception:
        pytest.fail(f"the table never finished; the page shows {root.inner_text()}", pytrace=False)


def paste_and_compute(page: Any, root: Any, text: str, target: str, cover: str) -> None:
    """From the keyboard: the list into the text box, the target and cover picked, Enter on
    the button."""
    box = root.locator("textarea[name='list']")
    box.focus()
    page.keyboard.insert_text(text)  # as a paste does
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "defender_unit"
    root.locator("select[name='defender_unit']").select_option(target)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "cover"
    root.locator("select[name='cover']").select_option(cover)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.type") == "submit"
    page.keyboard.press("Enter")


def shown_number(text: str) -> float:
    return float(text.split()[0].rstrip("%"))


def assert_table_is_cpythons(root: Any, text: str, target: str, cover: str) -> None:
    expected = army_json(text, target, cover)
    rows = cast(list[dict[str, Any]], expected["units"])
    assert root.locator("tbody tr").count() == len(rows)
    for n, row in enumerate(rows):
        tr = root.locator("tbody tr").nth(n)
        assert tr.get_attribute("data-state") == "done"
        assert tr.locator("th").inner_text().startswith(row["name"])
        for i, at in enumerate(RANGES):
            cell = row["at_range"][at]
            parts = tr.locator("td").nth(i).locator("span").all_inner_texts()
            if cell["expected_wounds"] is None:
                assert parts[0] == "—"
                continue
            wanted = [float(Fraction(cell["expected_wounds"])), float(Fraction(cell["at_least_one_wound"])) * 100]
            if cell["expected_minis_defeated"] is not None:
                wanted.append(float(Fraction(cell["expected_minis_defeated"])))
            assert len(parts) == len(wanted)
            for part, value, places in zip(parts, wanted, (2, 1, 2)):
                # rounded for the eye (the exact fractions are below the table)
                assert abs(shown_number(part) - value) <= 0.5 * 10 ** -places + 1e-4, (row["name"], at, part, value)
    exact = root.locator("[data-army-exact]").text_content()
    assert rows[2]["at_range"]["1"]["expected_wounds"] in exact and rows[2]["at_range"]["1"]["pool"] in exact


def test_a_pasted_list_fills_the_table_unit_by_unit_and_the_link_brings_it_back(site: Server, answering: Visit) -> None:
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + PAGE)
    root = army(page)
    assert root.locator("[data-army-static]").is_hidden() and root.locator("[data-army-form]").is_visible()
    page.evaluate(WATCH_STATUS)
    paste_and_compute(page, root, LIST, "Rebel Troopers", "light")
    wait_done(root)
    assert root.get_attribute("data-state") == "ready", root.inner_text()
    statuses = page.evaluate("window.armyStatuses")
    computing = [s for s, _ in statuses if s.startswith("Computing unit")]
    assert computing[0].startswith("Computing unit 1 of 10: Darth Vader") and computing[-1].startswith("Computing unit 10 of 10: AT-ST")
    assert {p for s, p in statuses if s.startswith("Computing unit")} >= {0, 9}, "the progress bar moves unit by unit"
    assert statuses[-1][0].startswith("Done: 10 units against Rebel Troopers")
    assert_table_is_cpythons(root, LIST, "Rebel Troopers", "light")
    # The table fits the phone's width by scrolling itself, not the page.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    shared = page.url
    assert "#army=" in shared
    other = page.context.new_page()
    other.set_viewport_size(PHONE)
    other.goto(shared)
    again = army(other)
    wait_done(again)
    assert again.locator("textarea[name='list']").input_value() == LIST
    assert again.locator("select[name='defender_unit']").input_value() == "Rebel Troopers"
    assert again.locator("select[name='cover']").input_value() == "light"
    assert_table_is_cpythons(again, LIST, "Rebel Troopers", "light")
    other.close()


def test_an_unmatched_name_is_reported_beside_the_list_and_axe_finds_nothing_serious(site: Server, answering: Visit) -> None:
    page = answering.page
    page.set_viewport_size(PHONE)
    page.goto(site.url + PAGE)
    root = army(page)
    data = json.loads(LIST)
    data["units"][1]["name"] = "General Vears Master Tactician"
    data["units"][4]["upgrades"].append("Targetting Scopes")
    text = json.dumps(data, indent=2)
    paste_and_compute(page, root, text, "Stormtroopers", "heavy")
    wait_done(root)
    problems = root.locator("#army-list-problems")
    assert problems.is_visible()
    said = problems.inner_text()
    assert "units[1]: no released unit named 'General Vears Master Tactician'; closest: General Veers Master Tactician" in said
    assert "units[4].upgrades[2]: no released upgrade named 'Targetting Scopes'; closest: Targeting Scopes" in said
    assert root.locator("textarea[name='list']").get_attribute("aria-invalid") == "true"
    assert root.locator("tbody tr").count() == 8, "the units whose names matched are computed"
    assert "2 names not matched" in root.locator("[data-army-status]").inner_text()
    for scheme in both_schemes(page, PAGE):
        assert article_violations(page, serious_only=True) == [], scheme

    # Text that is no JSON says where.
    box = root.locator("textarea[name='list']")
    box.fill('{"units": [')
    root.locator("button[type='submit']").click()
    page.wait_for_function("() => document.querySelector('#army-list-problems').innerText.includes('not JSON')", timeout=WAIT_MS)
    assert "line 1, column 12: not JSON" in problems.inner_text()
    assert root.get_attribute("data-state") == "error"


def test_without_javascript_the_page_says_what_it_does(site: Server, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site.url + PAGE)
        note = page.locator("[data-army-static]")
        assert note.is_visible() and "needs JavaScript" in note.inner_text()
        assert "legion-army LIST.json" in note.inner_text()
        assert page.locator("[data-army-form]").is_hidden()
    finally:
        context.close()

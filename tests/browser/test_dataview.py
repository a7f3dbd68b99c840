"""The Dataview fixture vault (tests/fixtures/vaults/dataview, less the note of deliberate
errors, so the build can be --strict) in the browser (issue 43): a CALENDAR's month grid fits
a 390 px phone, its dots are links named by their notes and reachable by keyboard, and it
reads with JavaScript off; query pages are axe-clean light and dark."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import Server, Visit, article_violations, served_vault

pytestmark = pytest.mark.browser

VAULT = Path(__file__).parents[1] / "fixtures" / "vaults" / "dataview"


@pytest.fixture(scope="module")
def dataview_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from served_vault(VAULT, tmp_path_factory.mktemp("dataview"), left_out=("Errors.md",))


def test_the_calendar_fits_a_phone_and_its_dots_are_named_links(dataview_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(dataview_site.url + "queries/calendar/")
    grid = page.get_by_role("table", name="January 2026")
    grid.wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    box = grid.bounding_box()
    assert box is not None and box["width"] <= 390
    dot = grid.get_by_role("link", name="2026-01-12")
    dot_box = dot.bounding_box()
    assert dot_box is not None and dot_box["width"] >= 16 and dot_box["height"] >= 16  # a finger finds it
    dot.focus()
    assert dot.evaluate("e => e === document.activeElement")
    if os.environ.get("SHOTS"):
        page.screenshot(path=os.environ["SHOTS"] + "/calendar-390.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=os.environ["SHOTS"] + "/calendar-1280.png", full_page=True)
    dot.click()
    page.wait_for_url("**/journal/2026-01-12/")


def test_with_javascript_off_the_calendar_reads(dataview_site: Server, browser: object) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(dataview_site.url + "queries/calendar/")
    assert page.get_by_role("table", name="January 2026").is_visible()
    assert page.get_by_role("list", name="January 2026").get_by_role("link").all_inner_texts() == [
        "2026-01-05", "2026-01-12"]
    context.close()


@pytest.mark.parametrize("path", ["queries/calendar/", "spells/fireball/", "queries/tasks/", "queries/groups/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_query_pages_are_axe_clean_on_a_phone(dataview_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(dataview_site.url + path)
    page.wait_for_load_state("networkidle")
    assert page.locator(".dataview").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert article_violations(page) == []

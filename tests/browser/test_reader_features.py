"""What a reader gets besides the notes: link previews (hover, keyboard focus, a press held
on a touch screen), breadcrumbs, forgiving search, per-page meta, dates and feeds, local
graphs, tag pages and the web app manifest, checked on the built site in Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit
from tests.browser.test_calculators import GUARDIAN_X, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

PREVIEW = ".md-tooltip2"


def test_hovering_a_link_previews_the_page_next_to_a_running_calculator(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    set_input(root, "pierce", "2")
    wait_state(root, "ready")  # Python is running beside the page
    link = page.locator("article a", has_text="Pierce X").first
    link.hover()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    # The linked page's first part: its title, then the start of its definition.
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Pierce X"))
    expect(preview).to_contain_text("cancel up to")
    assert "/" + GUARDIAN_X in page.url
    page.mouse.move(5, 5)
    expect(preview).to_have_count(0, timeout=WAIT_MS)
    set_input(root, "pierce", "1")  # the calculator still answers
    wait_state(root, "ready")


def test_a_link_to_a_heading_previews_that_section(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + "legion/surges/")
    link = page.locator('article a[href$="dice/#defense-dice"]').first
    link.focus()  # the keyboard's focus opens it as the pointer does
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Defense dice"))


@pytest.fixture
def phone(browser: Any) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield Visit(context, page, errors=errors)
    context.close()
    assert errors == []


def touch(page: Any, link: Any, hold_ms: int) -> None:
    """A real touch on the link's middle (Chromium's input pipeline, as a finger would)."""
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_press_held_on_a_link_previews_it_and_a_tap_follows_it(site: Server, phone: Visit) -> None:
    page = phone.page
    page.goto(site.url + GUARDIAN_X)
    link = page.locator("article a", has_text="Pierce X").first
    touch(page, link, 800)
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Pierce X"))
    page.wait_for_timeout(500)
    assert page.url.endswith(GUARDIAN_X), "the press followed the link"
    touch(page, link, 50)  # a tap
    page.wait_for_url("**/legion/keywords/pierce-x/")

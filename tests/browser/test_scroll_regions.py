"""A table or code line wider than the column scrolls sideways in a box the keyboard can
reach, in any vault (assets/scroll-regions.js): the Obsidian fixture vault's star catalogue
(twelve wide columns, a long log line) on a phone, opened directly and by the theme's
instant navigation; axe finds no scrollable-region-focusable."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.harness import Server, Visit, article_violations

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLE = "article .md-typeset__scrollwrap"
CODE = "article pre > code"


def axe_violations(page: Any, site: Server) -> list[str]:
    return article_violations(page, serious_only=True)


def tab_to(page: Any, selector: str) -> None:
    """Press Tab from the top of the page until `selector` has the focus."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement === document.querySelector(s)", selector):
            return
    pytest.fail(f"Tab never reached {selector}", pytrace=False)


def assert_reachable(page: Any, site: Server) -> None:
    table, code = page.locator(TABLE).first, page.locator(CODE).first
    expect(table).to_have_attribute("tabindex", "0")
    expect(table).to_have_attribute("role", "region")
    expect(table).to_have_attribute("aria-label", "Star")  # the first header: the table has no caption
    expect(code).to_have_attribute("tabindex", "0")
    for selector in (TABLE, CODE):
        tab_to(page, selector)
        assert page.locator(selector).first.evaluate("box => box.scrollLeft") == 0
        page.keyboard.press("ArrowRight")
        page.wait_for_function("s => document.querySelector(s).scrollLeft > 0", arg=selector)
    assert axe_violations(page, site) == []


def test_a_wide_table_and_code_line_are_reachable_by_keyboard(obsidian_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size(PHONE)
    page.goto(obsidian_site.url + "sky/star-catalogue/")
    assert_reachable(page, obsidian_site)
    # A box that fits again (here: its table's text made small) is left as the theme made it.
    page.add_style_tag(content="article table { font-size: 2px !important; } article th, article td { padding: 0 !important; min-width: 0 !important; }")
    table = page.locator(TABLE).first
    page.wait_for_function("s => document.querySelector(s).scrollWidth <= document.querySelector(s).clientWidth", arg=TABLE)
    expect(table).not_to_have_attribute("tabindex", "0")
    expect(table).not_to_have_attribute("role", "region")


def test_the_same_after_an_instant_navigation(obsidian_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size(PHONE)
    page.goto(obsidian_site.url)
    page.evaluate("() => { window.__sameDocument = true; }")
    page.locator("article a", has_text="Star catalogue").first.click()  # the text's link, not the graph's
    page.wait_for_url("**/sky/star-catalogue/")
    expect(page.locator("article h1")).to_contain_text("Star catalogue")
    assert page.evaluate("() => window.__sameDocument === true"), "the link reloaded the page: no instant navigation"
    assert_reachable(page, obsidian_site)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_table_that_fits_is_not_a_region(obsidian_site: Server, visit: Visit, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(obsidian_site.url + "garden/seed-list/")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert page.locator(TABLE).count() >= 1 and page.locator("[data-scroll-region]").count() == 0
    assert axe_violations(page, obsidian_site) == []

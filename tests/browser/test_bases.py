"""The Bases fixture vault (tests/fixtures/vaults/bases, less its deliberately broken base,
so the build can be --strict) in the browser (issue 43): a base's views are tabs a keyboard
switches with no script, on a 390 px phone, axe-clean light and dark; a wide table scrolls
in its own region, never the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import Server, Visit, article_violations, served_vault

pytestmark = pytest.mark.browser

VAULT = Path(__file__).parents[1] / "fixtures" / "vaults" / "bases"


@pytest.fixture(scope="module")
def bases_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from served_vault(VAULT, tmp_path_factory.mktemp("bases"), left_out=("Broken.base",))


def shown_view(page: object) -> str:
    visible = page.locator(".vault-base-view:visible")  # type: ignore[attr-defined]
    assert visible.count() == 1
    return str(visible.get_attribute("aria-label"))


def test_views_are_tabs_the_keyboard_switches(bases_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(bases_site.url + "library-base/")
    assert shown_view(page) == "All books"
    # The table is wrapped as every table is, so a wide one scrolls in its own region.
    assert page.locator(".vault-base-view:visible table").evaluate("t => !!t.closest('.md-typeset__scrollwrap')")
    first = page.get_by_role("radio", name="All books")
    for _ in range(60):  # from the top of the page, by Tab alone
        page.keyboard.press("Tab")
        if first.evaluate("e => e === document.activeElement"):
            break
    else:
        raise AssertionError("the views' tabs cannot be reached by Tab")
    page.keyboard.press("ArrowRight")
    assert shown_view(page) == "Covers"
    assert page.locator(".vault-base-view:visible img").count() == 1  # Dune's cover
    page.keyboard.press("ArrowRight")
    assert shown_view(page) == "Unfinished"
    page.get_by_text("By status", exact=True).click()
    assert shown_view(page) == "By status"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_a_wide_table_scrolls_in_its_own_region(bases_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(bases_site.url + "reading/wide-base/")
    region = page.get_by_role("region", name="Every property (3 results)")
    region.wait_for()
    assert region.evaluate("r => r.scrollWidth > r.clientWidth") and region.get_attribute("tabindex") == "0"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    region.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.activeElement.scrollLeft > 0")


@pytest.mark.parametrize("path", ["library-base/", "", "people/frank-herbert/", "reading/wide-base/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_bases_are_axe_clean_on_a_phone(bases_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(bases_site.url + path)
    page.wait_for_load_state("networkidle")
    assert page.locator(".vault-base").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert article_violations(page) == []


def test_with_javascript_off_the_first_view_shows(bases_site: Server, browser: object) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(bases_site.url + "library-base/")
    assert shown_view(page) == "All books"
    page.get_by_text("Unfinished", exact=True).click()
    assert shown_view(page) == "Unfinished"
    context.close()

"""A vault from another folder (tests/fixtures/vaults/foreign/no-home) in the browser: the
made home page and a canvas, as a page and embedded in a note, at 390 px, light and dark,
axe-clean, the drawing scrolled by keyboard and its list readable without script (issue 22)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import Server, Visit, article_violations, served_vault

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
VAULT = ROOT / "tests" / "fixtures" / "vaults" / "foreign" / "no-home"

@pytest.fixture(scope="module")
def foreign_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from served_vault(VAULT, tmp_path_factory.mktemp("foreign-browser"))


@pytest.mark.parametrize("path", ["", "turn-flow-canvas/", "rules/combat/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_home_and_canvas_pages_are_axe_clean_on_a_phone(foreign_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(foreign_site.url + path)
    page.wait_for_load_state("networkidle")
    assert article_violations(page) == []


def test_the_drawing_pans_by_keyboard_and_its_list_opens(foreign_site: Server, visit: Visit) -> None:
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(foreign_site.url + "turn-flow-canvas/")
    view = page.locator(".vault-canvas-view")
    assert view.evaluate("v => v.scrollWidth > v.clientWidth")  # wider than a phone: it pans
    view.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.vault-canvas-view').scrollLeft > 0")
    page.locator(".vault-canvas-list summary").click()
    listing = page.locator(".vault-canvas-list ol")
    assert listing.is_visible() and "→ Combat (then fight)" in (listing.text_content() or "")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # the page itself never scrolls sideways; only the drawing does


def test_without_javascript_the_canvas_is_all_there(foreign_site: Server, browser: object) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.goto(foreign_site.url + "turn-flow-canvas/")
        assert page.locator(".vault-canvas-card").count() == 5
        assert page.locator(".vault-canvas-edges path").count() == 4
        assert page.locator(".vault-canvas-file img").evaluate("img => img.naturalWidth") == 160
    finally:
        context.close()

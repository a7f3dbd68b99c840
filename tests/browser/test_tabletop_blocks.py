"""Issue 45's plugin blocks (tests/fixtures/vaults/tabletop-blocks) in the browser: the
Admonition, encounter, Meta Bind and Leaflet pages are axe-clean on a 390 px phone in the
light and dark schemes and never scroll sideways; a folded admonition opens from the
keyboard, and a map's zoom radios and pins are reached and used with the keyboard alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import Server, Visit, article_violations, serve

pytestmark = pytest.mark.browser

VAULT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "vaults" / "tabletop-blocks"
PAGES = ["admonitions/", "encounters/", "character-sheet/", "maps/"]


@pytest.fixture(scope="module")
def blocks_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The vault published as `publish.sh` publishes it (its bad blocks are warnings, which
    --strict would stop at), served."""
    from tests.scripts.vault.test_foreign_vaults import publish

    out = tmp_path_factory.mktemp("tabletop-blocks") / "site"
    run = publish(VAULT, out)
    if run.returncode != 0:
        pytest.fail(run.stderr[-3000:], pytrace=False)
    server = serve(out)
    yield server
    server.close()


def _open(visit: Visit, server: Server, path: str, scheme: str = "light") -> Any:
    page = visit.page
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")
    return page


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_blocks_read_on_a_phone(blocks_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = _open(visit, blocks_site, path, scheme)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert article_violations(page) == []
    assert visit.errors == [] and visit.foreign == []  # no script error, no request off the site


def test_a_folded_admonition_opens_from_the_keyboard(blocks_site: Server, visit: Visit) -> None:
    page = _open(visit, blocks_site, "admonitions/")
    folded = page.locator('details[data-callout="tip"]')
    assert folded.evaluate("d => d.open") is False
    folded.locator("summary").focus()
    page.keyboard.press("Enter")
    assert folded.evaluate("d => d.open") is True


def test_a_map_zooms_and_its_pins_are_reached_with_the_keyboard(blocks_site: Server, visit: Visit) -> None:
    page = _open(visit, blocks_site, "maps/")
    drawing = page.locator(".vault-leaflet-map").first
    fitted = drawing.evaluate("m => m.getBoundingClientRect().width")
    page.locator('.vault-leaflet-zoom input[value="1"]').first.focus()
    page.keyboard.press("ArrowRight")  # the radios' own keys: 2×
    assert page.locator('.vault-leaflet-zoom input[value="2"]').first.is_checked()
    assert drawing.evaluate("m => m.getBoundingClientRect().width") == pytest.approx(2 * fitted, abs=1)
    # Tab leaves the radios for the map's region (it scrolls), then its pins, in the list's order.
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('vault-leaflet-view')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "1: Goblin"
    pin = page.locator('a.vault-leaflet-pin[aria-label="1: Goblin"]')
    box, image = pin.bounding_box(), drawing.locator("img").bounding_box()
    # The goblins' camp is at the image's centre (lat 200 of 400, long 300 of 600).
    assert box["x"] + box["width"] / 2 == pytest.approx(image["x"] + image["width"] / 2, abs=1.5)
    assert box["y"] + box["height"] / 2 == pytest.approx(image["y"] + image["height"] / 2, abs=1.5)
    page.keyboard.press("Enter")
    page.wait_for_url("**/goblin/")

"""Stat blocks of our tabletop fixture vault (tests/fixtures/vaults/tabletop) in the browser
(issue 36): a 5e and a 13th Age block and the blocks shown as code are axe-clean on a
390 px phone, light and dark, and the page never scrolls sideways."""

from __future__ import annotations

import pytest

from tests.browser.harness import Server, Visit, article_violations

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["bestiary/goblin-scout/", "bestiary/ember-wyrmling/", "bestiary/odd-blocks/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_stat_blocks_read_on_a_phone(tabletop_site: tuple[Server, str], visit: Visit, path: str, scheme: str) -> None:
    server, _ = tabletop_site  # published once (tests/conftest.py)
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")
    assert page.locator(".vault-statblock").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for box in page.locator(".vault-statblock").all():
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing cut off inside either
    assert article_violations(page) == []

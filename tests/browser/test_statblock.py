"""Stat blocks of our tabletop fixture vault (tests/fixtures/vaults/tabletop) in the browser
(issue 36): a 5e and a 13th Age block and the blocks shown as code are axe-clean on a
390 px phone, light and dark, and the page never scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.harness import Server, Visit, article_violations, serve
from tests.scripts.vault.test_foreign_vaults import publish

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
VAULT = ROOT / "tests" / "fixtures" / "vaults" / "tabletop"


@pytest.fixture(scope="module")
def tabletop_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Published as `publish.sh` publishes it (its unreadable blocks are the vault's
    warnings, which `mkdocs build --strict` would stop at); the build works at any address."""
    out = tmp_path_factory.mktemp("tabletop-browser") / "site"
    run = publish(VAULT, out)
    if run.returncode != 0:
        pytest.fail(run.stderr, pytrace=False)
    server = serve(out)
    yield server
    server.close()


@pytest.mark.parametrize("path", ["bestiary/goblin-scout/", "bestiary/ember-wyrmling/", "bestiary/odd-blocks/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_stat_blocks_read_on_a_phone(tabletop_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(tabletop_site.url + path)
    page.wait_for_load_state("networkidle")
    assert page.locator(".vault-statblock").count() >= 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for box in page.locator(".vault-statblock").all():
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")  # nothing cut off inside either
    assert article_violations(page) == []

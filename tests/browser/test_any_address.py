"""The built site served from an address other than the one it was built for (another port
and a folder, as a host publishing it under a path would), and what the service worker
keeps: instant navigation and one Python for the visit, no second download of Pyodide in a
new tab, the pages read and their calculators with the network off.

The session's site is built for its own address; here the same folder is served again on
another port under /elsewhere/, so the two differ in port and path both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import WAIT_MS, checked_visit
from tests.browser.harness import Server, Visit, serve, wait_for_async
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

PIERCE_X = "legion/keywords/pierce-x/"
VERSIONED = ("/elsewhere/assets/pyodide/", "/elsewhere/assets/wheels/", "/elsewhere/assets/snapshots/", "/elsewhere/assets/stdlib/")


@pytest.fixture(scope="module")
def elsewhere(site: Server) -> Iterator[Server]:
    server = serve(site.root, "/elsewhere/")
    assert server.url != site.url and "/elsewhere/" in server.url
    yield server
    server.close()


@pytest.fixture
def visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser)


def controlled(page: Any) -> None:
    """Wait until the service worker answers for the page (it claims the pages open when
    it starts), so that what the page fetches from now on goes through it."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT_MS)


def recompute(page: Any, pierce: str) -> None:
    """Change Pierce on the page's first calculator and check Pyodide's answer is CPython's."""
    root = first_calculator(page)
    set_input(root, "pierce", pierce)
    wait_state(root, "ready")
    assert_same_as_cpython(root)


def test_the_sitemap_is_moved_to_the_address_served_from(elsewhere: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(elsewhere.url + GUARDIAN_X)
    listed = page.evaluate(
        """async () => {
          const xhr = new XMLHttpRequest();
          xhr.open('GET', new URL('../../../sitemap.xml', location.href));
          xhr.responseType = 'blob';
          const done = new Promise((resolve) => xhr.addEventListener('load', resolve));
          xhr.send();
          await done;
          const xml = new DOMParser().parseFromString(await xhr.response.text(), 'text/xml');
          return [...xml.querySelectorAll('loc')].map((loc) => loc.textContent);
        }"""
    )
    assert listed and all(address.startswith(elsewhere.url) for address in listed), listed[:3]
    assert elsewhere.url + GUARDIAN_X in listed


def test_links_keep_the_page_and_its_python_at_another_address(elsewhere: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(elsewhere.url + GUARDIAN_X)
    first_calculator(page)
    page.evaluate("window.sameDocument = true")
    recompute(page, "2")
    page.locator("article a", has_text="Pierce X").first.click()
    page.wait_for_function("() => document.querySelector('article h1')?.textContent.startsWith('Pierce X')", timeout=WAIT_MS)
    assert page.url.startswith(elsewhere.url + PIERCE_X)
    # Instant navigation: the document (and anything set on its window) is the same.
    assert page.evaluate("window.sameDocument") is True
    recompute(page, "3")
    assert len(visit.calculator_workers()) == 1


def kept(page: Any, ending: str) -> None:
    """Wait until the service worker's cache holds an address ending with `ending`."""
    wait_for_async(
        page,
        """async (ending) => {
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if ((await cache.keys()).some((request) => request.url.endsWith(ending))) return true;
          }
          return false;
        }""",
        ending,
        WAIT_MS,
    )


@pytest.mark.parametrize("moment", ["at once", "once the service worker answers"])
def test_a_new_tab_starts_python_without_downloading_it_again(elsewhere: Server, visit: Visit, moment: str) -> None:
    """Whether the reader changed an input before the service worker started (Python's
    files then reach it afterwards, from the page) or after (they go through it)."""
    page = visit.page
    start = len(elsewhere.requested)
    page.goto(elsewhere.url + GUARDIAN_X, wait_until="domcontentloaded")
    if moment != "at once":
        controlled(page)
    recompute(page, "2")
    first = [path for path in elsewhere.requested[start:] if path.startswith(VERSIONED)]
    assert any(path.endswith(".wasm") for path in first), "the first visit should have fetched Pyodide"
    kept(page, "pyodide.asm.wasm")
    kept(page, "python_stdlib.zip")
    kept(page, "rulesengine.zip")

    mark = len(elsewhere.requested)
    again = visit.context.new_page()
    again.goto(elsewhere.url + GUARDIAN_X)
    recompute(again, "3")
    fetched = [path for path in elsewhere.requested[mark:] if path.startswith(VERSIONED)]
    assert fetched == [], f"a second visit fetched {fetched}"


def test_pages_read_and_their_calculators_work_offline(elsewhere: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(elsewhere.url + GUARDIAN_X)
    controlled(page)
    recompute(page, "2")
    page.locator("article a", has_text="Pierce X").first.click()
    page.wait_for_function("() => document.querySelector('article h1')?.textContent.startsWith('Pierce X')", timeout=WAIT_MS)

    visit.context.set_offline(True)
    try:
        offline = visit.context.new_page()
        offline.goto(elsewhere.url + GUARDIAN_X)
        assert offline.locator("article h1").first.inner_text().startswith("Guardian X")
        recompute(offline, "1")
        offline.goto(elsewhere.url + PIERCE_X)
        assert offline.locator("article h1").first.inner_text().startswith("Pierce X")
        recompute(offline, "2")
    finally:
        visit.context.set_offline(False)

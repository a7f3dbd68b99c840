"""Browser fixtures: Debian's Chromium headless shell driven by Playwright, a fresh context
per test (`visit`) or a tab beside a kept Python (`answering`). The sites they open (the
shipped one, the Obsidian fixture vault's) are built and served by tests/conftest.py.

The browser refuses any request to another host and every test's tab records it; a test
fails if its tab made one, logged a console error or threw (the `visit` fixture checks after
the test).
Chromium missing is a failure, not a skip: run `bash scripts/setup.sh browser`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.harness import Server, SetupError, Visit, console_error, foreign, launch_chromium, open_visit

# Generous: two cores, and another engineer's tests may be running at the same time.
WAIT_MS = 90_000


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            chromium = launch_chromium(playwright)
        except SetupError as error:
            pytest.fail(str(error), pytrace=False)
        yield chromium
        chromium.close()


def checked_visit(browser: Any, init_script: str = "", python: str | None = "dedicated") -> Iterator[Visit]:
    current = open_visit(browser, init_script, python=python)
    current.context.set_default_timeout(WAIT_MS)
    yield current
    current.context.close()
    fail_if_misbehaved(current)


def fail_if_misbehaved(visit: Visit) -> None:
    """After a test: fail it if its tab asked another host for anything or logged an error."""
    problems = visit.problems()
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser)


class KeptPython:
    """One browser context per worker process in which the site's shared Python (the
    default: one Python for every calculator of every tab) has started once and is kept
    running by a tab left open: the tests that only need answers open their pages as new
    tabs beside it, as a reader's next tabs would, instead of starting Python again in a
    fresh context (2 to 3 CPU-seconds each time). The context's listeners record for the
    test whose tab is open."""

    def __init__(self, browser: Any, site: Server) -> None:
        self.context = browser.new_context()
        self.context.set_default_timeout(WAIT_MS)
        self.context.add_init_script("window.rulesCalculatorPython = 'shared';")
        self.current = Visit(self.context, None)
        self.context.on("request", lambda request: self._foreign(request.url))
        self.context.on("console", self._console)
        self.keeper = self.context.new_page()
        self.keeper.add_init_script("window.rulesCalculatorSettings = {warm: 'idle'};")
        self.keeper.on("pageerror", lambda error: self.current.errors.append(f"uncaught in the kept tab: {error}"))
        self.keeper.goto(site.url + "legion/keywords/guardian-x/")
        self.keeper.wait_for_function("() => window.rulesCalculators && rulesCalculators.workerReady()")

    def _foreign(self, url: str) -> None:
        if foreign(url):
            self.current.foreign.append(url)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.current.errors.append(console_error(message))

    def tab(self) -> Visit:
        page = self.context.new_page()
        self.current = Visit(self.context, page)
        page.on("pageerror", lambda error, visit=self.current: visit.errors.append(f"uncaught: {error}"))
        return self.current


@pytest.fixture(scope="session")
def kept_python(browser: Any, site: Server) -> Iterator[KeptPython]:
    kept = KeptPython(browser, site)
    yield kept
    kept.context.close()


@pytest.fixture
def answering(kept_python: KeptPython) -> Iterator[Visit]:
    """A new tab beside the kept Python (`KeptPython`), for a test that reads the calculators'
    answers and does not watch how Python starts or which workers run it: those tests take
    `visit`, a fresh context whose calculators each start their own Python."""
    current = kept_python.tab()
    yield current
    current.page.close()
    fail_if_misbehaved(current)

"""How the calculators' worker starts Python: by default in full, from the standard
library's and the engine's bytecode (scripts/calculators/stdlib.py); from the build's
start-up snapshot (Python's memory with the engine imported, scripts/calculators/snapshot.py)
when runtime.json asks for it or the browser keeps it, and in full again when that
snapshot cannot be used. Either way the answers are CPython's."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import WAIT_MS, checked_visit
from tests.browser.harness import Server, Visit, open_visit
from tests.browser.test_any_address import controlled, kept
from tests.browser.test_calculators import GUARDIAN_X, assert_same_as_cpython, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

SNAPSHOTS = "**/assets/snapshots/**"


def snapshot_first(visit: Visit) -> None:
    """runtime.json as a build with CALCULATOR_START=snapshot writes it."""
    def rewrite(route: Any) -> None:
        runtime = json.loads(route.fetch().text())
        route.fulfill(status=200, content_type="application/json", body=json.dumps({**runtime, "start": "snapshot"}))

    visit.context.route("**/calculators/runtime.json", rewrite)


@pytest.fixture
def snap(visit: Visit) -> Visit:
    """A visit to a site built with CALCULATOR_START=snapshot."""
    snapshot_first(visit)
    return visit


def recompute_and_phases(site: Server, visit: Visit, connection: dict[str, Any] | None = None) -> dict[str, Any]:
    visit.page.goto(site.url + GUARDIAN_X)
    if connection is not None:
        visit.page.evaluate("(c) => { window.fakeConnection = c; }", connection)
    root = first_calculator(visit.page)
    pierce = int(str(root.locator("[name='pierce']").input_value()))
    set_input(root, "pierce", str(pierce + 1))
    wait_state(root, "ready")
    request = assert_same_as_cpython(root)
    assert request["inputs"]["pierce"] == pierce + 1
    # A second request, to be sure the restored Python keeps answering.
    set_input(root, "pierce", str(pierce + 2))
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    return dict(visit.page.evaluate("rulesCalculators.stats.pythonPhases"))


def test_python_starts_in_full_from_bytecode_by_default_and_answers_as_cpython(site: Server, visit: Visit) -> None:
    before = len(site.requested)
    phases = recompute_and_phases(site, visit)
    assert phases["snapshot"] == "not used: the full start sends less", phases
    fetched = site.requested[before:]
    assert not [p for p in fetched if "/assets/snapshots/" in p or p.endswith(".whl")], fetched
    assert [p for p in fetched if "/assets/stdlib/" in p and p.endswith("/python_stdlib.zip")], fetched
    assert [p for p in fetched if "/assets/stdlib/" in p and p.endswith("/rulesengine.zip")], fetched
    # Pyodide's own files were each fetched once, though the worker asked for them before Pyodide
    # did; its lock file not at all (runtime.json carries what Pyodide reads of it).
    for name in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        assert len([p for p in fetched if p.split("?")[0].endswith("/" + name)]) == 1, (name, fetched)
    assert not [p for p in fetched if "pyodide-lock.json" in p], fetched


def test_python_starts_from_the_snapshot_and_answers_as_cpython(site: Server, snap: Visit) -> None:
    visit = snap
    before = len(site.requested)
    phases = recompute_and_phases(site, visit)
    assert phases["snapshot"] is True, phases
    fetched = site.requested[before:]
    # The host negotiates (scripts/site/static_site.py, as README "Publish" asks): the snapshot
    # came as brotli under its plain name, and its gzip copy was not needed.
    assert [p for p in fetched if "/assets/snapshots/" in p and p.endswith("/engine.snapshot")], fetched
    assert not [p for p in fetched if p.endswith("/engine.snapshot.gzip")], fetched
    assert phases["snapshotEncoding"] == "br", phases
    # Python's standard library is in the restored memory: its archive is not downloaded.
    assert not [p for p in fetched if p.endswith("python_stdlib.zip")], fetched
    # The engine came with the snapshot: no engine files were installed, then or later.
    assert phases["wheel"] == phases["pyodide"], phases
    visit.page.wait_for_timeout(1000)
    assert not [p for p in site.requested[before:] if p.endswith(".whl") or p.endswith("rulesengine.zip")], site.requested[before:]


def test_the_snapshot_answers_without_the_engines_files(site: Server, snap: Visit) -> None:
    """Every module of the engine is in the snapshot: with the wheel and the engine's
    bytecode gone, the calculator still answers as CPython does."""
    visit = snap
    visit.context.route("**/assets/wheels/**", lambda route: route.fulfill(status=404, body="gone"))
    visit.context.route("**/rulesengine.zip", lambda route: route.fulfill(status=404, body="gone"))
    phases = recompute_and_phases(site, visit)
    assert phases["snapshot"] is True, phases
    visit.errors[:] = [e for e in visit.errors if "404" not in e]


def not_negotiated(route: Any) -> bool:
    """Answer the snapshot's plain name as a host that does not negotiate would: 200, no
    Content-Encoding (a stand-in body: the worker must drop it at its headers; the real
    31 MB would only slow Playwright down). True when `route` was that request."""
    if not route.request.url.endswith("/engine.snapshot"):
        return False
    route.fulfill(status=200, body=b"\0" * 4096, content_type="application/octet-stream")
    return True


def test_a_host_that_labels_the_gzip_copy_content_encoding_gzip_is_understood(site: Server, snap: Visit) -> None:
    """Some hosts label gzip files `Content-Encoding: gzip` by their content. (Playwright
    hands a fulfilled body to the page as it is, so this checks that the label does no
    harm; a browser that does unpack it gives the worker the raw bytes, which it tells by
    their first two bytes. Fulfilling the 31 MB raw snapshot itself through Playwright
    did not finish within 90 s on a loaded machine.)"""
    visit = snap

    def labelled(route: Any) -> None:
        if not_negotiated(route):
            return
        route.fulfill(status=200, body=route.fetch().body(),
                      headers={"content-type": "application/octet-stream", "content-encoding": "gzip"})

    visit.context.route(SNAPSHOTS, labelled)
    phases = recompute_and_phases(site, visit)
    assert phases["snapshot"] is True, phases
    assert str(phases["snapshotEncoding"]).startswith("gzip file"), phases


def test_a_host_that_does_not_negotiate_gets_the_gzip_copy_asked_for(site: Server, snap: Visit) -> None:
    """A host that sends every file as it is (no Content-Encoding): the worker drops the
    answer for `engine.snapshot` at its headers and fetches `engine.snapshot.gzip`, which it
    unpacks itself; the service worker does not keep the uncompressed answer."""
    visit = snap
    visit.context.route(SNAPSHOTS, lambda route: not_negotiated(route) or route.continue_())
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    controlled(page)  # the service worker sees the requests and may keep their answers
    phases = recompute_and_phases(site, visit)
    assert phases["snapshot"] is True, phases
    assert phases["snapshotEncoding"] == "gzip file", phases
    kept(page, "engine.snapshot.gzip")
    listed = page.evaluate(
        """async () => {
          const found = [];
          for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) found.push(r.url);
          return found;
        }"""
    )
    assert not [url for url in listed if url.endswith("/engine.snapshot")], listed


@pytest.mark.parametrize("answer", ["missing", "damaged", "not gzip"])
def test_a_snapshot_that_cannot_be_used_falls_back_to_the_full_start(site: Server, snap: Visit, answer: str) -> None:
    visit = snap

    def fulfil(route: Any) -> None:
        if answer == "missing":
            route.fulfill(status=404, body="gone")
        elif answer == "damaged":  # gzip, but not a snapshot of this Pyodide
            route.fulfill(status=200, body=gzip.compress(b"\0" * 4096), content_type="application/gzip")
        else:
            route.fulfill(status=200, body=b"this is not gzip", content_type="application/gzip")

    visit.context.route(SNAPSHOTS, fulfil)
    phases = recompute_and_phases(site, visit)
    assert str(phases["snapshot"]).startswith("not used"), phases
    # The failed fetch is not a fault the reader should see on the console.
    visit.errors[:] = [e for e in visit.errors if "404" not in e and "snapshot" not in e]


@pytest.mark.parametrize("left_out", ["fractions.pyc", "html/entities.pyc"])
def test_a_module_the_trimmed_standard_library_lacks_is_fetched_with_the_whole_one(site: Server, visit: Visit, left_out: str) -> None:
    """The build's archive (scripts/calculators/stdlib.py) served without a module the engine's
    entry point imports: the worker fetches Pyodide's whole standard library, imports the
    engine again and answers as CPython does."""
    def without(route: Any) -> None:
        archive = route.fetch().body()  # the browser's, unpacked from its brotli copy
        with zipfile.ZipFile(io.BytesIO(archive)) as whole, zipfile.ZipFile(out := io.BytesIO(), "w", zipfile.ZIP_STORED) as kept:
            assert left_out in whole.namelist()
            for name in whole.namelist():
                if name != left_out:
                    kept.writestr(whole.getinfo(name), whole.read(name))
        route.fulfill(status=200, body=out.getvalue(), content_type="application/zip")

    visit.context.route("**/assets/stdlib/*/python_stdlib.zip", without)
    before = len(site.requested)
    phases = recompute_and_phases(site, visit)
    assert phases["wholeStandardLibrary"] == "for the engine's import", phases
    fetched = site.requested[before:]
    assert [p for p in fetched if "/assets/pyodide/" in p and p.endswith("/python_stdlib.zip")], fetched


# The page's view of the connection, as a test sets it (Navigator.connection is read-only).
FAKE_CONNECTION = """
Object.defineProperty(Navigator.prototype, 'connection', {
  configurable: true,
  get() { return window.fakeConnection || undefined; },
});
"""


@pytest.fixture
def lean_visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser, FAKE_CONNECTION)


@pytest.mark.parametrize("connection", [{"saveData": True, "effectiveType": "4g"}, {"saveData": False, "effectiveType": "3g"}])
def test_a_slow_or_data_saving_connection_starts_without_the_snapshot(site: Server, lean_visit: Visit, connection: dict[str, Any]) -> None:
    before = len(site.requested)
    phases = recompute_and_phases(site, lean_visit, connection)
    assert phases["snapshot"] == "not used: the connection is slow or saves data", phases
    assert not [p for p in site.requested[before:] if "/assets/snapshots/" in p]


def test_a_kept_snapshot_is_used_even_on_a_data_saving_connection(site: Server, lean_visit: Visit) -> None:
    snapshot_first(lean_visit)
    page = lean_visit.page
    page.goto(site.url + GUARDIAN_X)
    controlled(page)
    recompute_and_phases(site, lean_visit)
    kept(page, "engine.snapshot")
    again = lean_visit.context.new_page()
    again.goto(site.url + GUARDIAN_X)
    again.evaluate("() => { window.fakeConnection = {saveData: true, effectiveType: '2g'}; }")
    root = first_calculator(again)
    set_input(root, "pierce", "1")
    wait_state(root, "ready")
    assert_same_as_cpython(root)
    assert again.evaluate("rulesCalculators.stats.pythonPhases")["snapshot"] is True


def test_a_stopped_worker_is_gone_and_a_later_change_starts_another(site: Server, visit: Visit) -> None:
    """worker-client's stopWorker (Compare's set B, when removed): the worker ends, and
    the calculator still answers afterwards, from a new one."""
    recompute_and_phases(site, visit)
    page = visit.page
    assert page.evaluate("rulesCalculators.workers()") == 1
    page.evaluate(
        """async () => {
          const script = document.querySelector('script[type="module"][src*="calculators/calculator.mjs"]');
          const client = await import(script.src.replace('calculator.mjs', 'worker-client.mjs'));
          client.stopWorker(0);
        }"""
    )
    assert page.evaluate("rulesCalculators.workers()") == 0
    root = first_calculator(page)
    set_input(root, "pierce", "0")
    # The change may wait out the debounce after the previous one: wait for its request.
    page.wait_for_function(
        "(el) => rulesCalculators.request(el)?.inputs.pierce === 0 && el.getAttribute('data-state') === 'ready'",
        arg=root.element_handle(),
        polling=20,
    )
    assert_same_as_cpython(root)
    assert page.evaluate("rulesCalculators.stats.workersStarted") == 2


def test_python_starts_once_a_calculator_is_on_screen_before_any_change(site: Server, browser: Any) -> None:
    """The site's default (settings.warm "visible"): once Guardian X's calculator is on screen,
    Python starts, with no interaction and no request; not before."""
    visit = open_visit(browser, python=None, warm=None)
    try:
        page = visit.page
        page.goto(site.url + GUARDIAN_X)
        root = first_calculator(page)
        page.wait_for_load_state("networkidle")
        if not root.evaluate("el => el.getBoundingClientRect().top < innerHeight"):
            page.wait_for_timeout(3500)  # past the idle callback's deadline
            assert page.evaluate("rulesCalculators.workers()") == 0, "Python started for a calculator not on screen"
        root.scroll_into_view_if_needed()
        page.wait_for_function("() => rulesCalculators.workerReady()", timeout=WAIT_MS)
        assert page.evaluate("rulesCalculators.stats.requests") == 0
        assert first_calculator(page).get_attribute("data-state") == "static"
        assert visit.errors == [] and visit.foreign == []
    finally:
        visit.context.close()


def test_python_starts_as_the_calculator_on_screen_mounts_not_when_the_page_is_idle(site: Server, browser: Any) -> None:
    """A calculator on screen as the page mounts it asks for its worker then, before the
    page's DOMContentLoaded (its modules run before it), not after its load event once idle:
    on a phone's link Pyodide's megabytes waited for that (scripts/bench/phone.py)."""
    visit = open_visit(browser, python=None, warm=None)
    try:
        page = visit.page
        page.set_viewport_size({"width": 1280, "height": 4000})  # the calculator on screen at once
        page.goto(site.url + GUARDIAN_X)
        page.wait_for_function("() => rulesCalculators.workers() > 0", timeout=WAIT_MS)
        assert first_calculator(page).evaluate("el => el.getBoundingClientRect().top < innerHeight")
        asked = page.evaluate("rulesCalculators.stats.workerAskedMs")
        loaded = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventStart")
        assert asked is not None and asked <= loaded, (asked, loaded)
        assert page.evaluate("rulesCalculators.stats.requests") == 0
        assert visit.errors == [] and visit.foreign == []
    finally:
        visit.context.close()


def test_a_data_saving_connection_waits_for_the_reader_before_starting_python(site: Server, browser: Any) -> None:
    visit = open_visit(browser, FAKE_CONNECTION + "window.fakeConnection = {saveData: true, effectiveType: '4g'};",
                       python=None, warm=None)
    try:
        before = len(site.requested)
        visit.page.goto(site.url + GUARDIAN_X)
        visit.page.wait_for_load_state("networkidle")
        visit.page.wait_for_timeout(3500)  # past the idle callback's 3 s deadline
        assert not [p for p in site.requested[before:] if "/assets/pyodide/" in p or "/assets/snapshots/" in p]
        assert visit.page.evaluate("rulesCalculators.workers()") == 0
    finally:
        visit.context.close()

"""Nothing from a note runs, in Chromium: every page of the probe vault's site is opened
with a listener for dialogs (every vector calls alert) and for Content-Security-Policy
violations; a script slipped into a page is stopped by the policy; instant navigation,
Python, math, mermaid and the preview server run under it. (Every page of the owner's site
under its policy: tests/browser/test_every_page.py, in the same pass as axe.)"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.harness import Server, Visit, open_visit
from tests.browser.test_calculators import GUARDIAN_X, first_calculator, set_input, wait_state
from tests.scripts.vault.zero_config import ROOT

pytestmark = pytest.mark.browser

# Registered before any of the page's own scripts: every violation the page reports.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} `
    + `(${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
});
"""


def pages_of(site: Path) -> list[str]:
    return sorted(str(p.parent.relative_to(site)) + "/" if p.name == "index.html" else str(p.relative_to(site))
                  for p in site.rglob("*.html"))


@pytest.fixture
def watched(browser: Any) -> Iterator[tuple[Visit, list[str]]]:
    """A tab that records every dialog (and dismisses it) and every CSP violation."""
    visit = open_visit(browser, RECORD_VIOLATIONS)
    visit.context.set_default_timeout(90_000)
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(f"{dialog.type}: {dialog.message} on {visit.page.url}")
        dialog.dismiss()

    visit.page.on("dialog", on_dialog)
    yield visit, dialogs
    visit.context.close()


# Scroll an element into view and give its middle, in the viewport's coordinates.
CENTRE = """element => {
  element.scrollIntoView({block: "center", inline: "center"});
  const box = element.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def violations(visit: Visit) -> list[str]:
    found: list[str] = visit.page.evaluate("() => window.__violations")
    return found


def test_no_page_of_the_probe_site_opens_a_dialog(probe_site: Server, watched: tuple[Visit, list[str]]) -> None:
    visit, dialogs = watched
    pages = pages_of(probe_site.root)
    assert len(pages) >= 15
    seen = {}
    for path in pages:
        visit.page.goto(probe_site.url + path)
        visit.page.wait_for_load_state("load")
        # Hover and focus what a reader would touch: no handler is left to fire.
        for handle in visit.page.locator("article :is(p, span, a, img, div):visible").element_handles()[:60]:
            # The pointer moved onto the element's middle, as a hover does, in two calls
            # rather than the five or so of ElementHandle.hover (1,200 hovers in all).
            x, y = handle.evaluate(CENTRE)
            visit.page.mouse.move(x, y)
        visit.page.wait_for_timeout(100)
        seen[path] = violations(visit)
    assert dialogs == []
    # The sanitiser removed every vector from the HTML. What is left for the policy: mermaid
    # reads a node label as HTML while laying it out (syntax-trap: `A["<img onerror>"]`) and
    # makes that <img> for a moment; the policy blocks its handler (without the policy no
    # dialog opens either: mermaid drops the handler first). Only such blocks are allowed.
    blocked = {path: found for path, found in seen.items() if found}
    assert set(blocked) <= {"syntax-trap/"}, blocked
    assert all(v.startswith("script-src-attr blocked inline (") and "/mermaid/" in v
               for found in blocked.values() for v in found), blocked
    # The probe's images point at a file named x that does not exist: those 404s are
    # expected, and so is the console's note of the handler blocked above.
    expected = [e for e in visit.errors if (e.startswith("Failed to load resource") and e.endswith("/x)"))
                or (e.startswith("Executing inline event handler violates") and e.endswith("/mermaid.min.js)"))]
    assert [e for e in visit.errors if e not in expected] == []
    assert visit.foreign == []


def test_script_that_slips_into_a_page_is_stopped_by_the_policy(probe_site: Server, watched: tuple[Visit, list[str]]) -> None:
    visit, dialogs = watched
    visit.page.goto(probe_site.url + "raw-html/")
    visit.page.evaluate("""() => {
        const article = document.querySelector("article");
        article.insertAdjacentHTML("beforeend", '<img src="x" onerror="alert(1)">');
        const script = document.createElement("script");
        script.textContent = "alert(2)";
        article.append(script);
        const link = document.createElement("a");
        link.href = "javascript:alert(3)";
        link.id = "slipped";
        link.textContent = "slipped";
        article.append(link);
    }""")
    visit.page.click("#slipped")
    visit.page.wait_for_function("() => window.__violations.length >= 3")
    assert dialogs == []
    found = " ".join(violations(visit))
    assert found.count("script-src") >= 3


def test_instant_navigation_and_python_run_under_the_policy(site: Server, watched: tuple[Visit, list[str]]) -> None:
    visit, _ = watched
    page = visit.page
    page.goto(site.url + "legion/keywords/pierce-x/")
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').first.get_attribute("content") or ""
    script_src = policy.split("script-src")[1].split(";")[0]
    assert "'self'" in script_src and "'wasm-unsafe-eval'" in script_src and "unsafe-inline" not in script_src
    # To Guardian X by a link: mkdocs-material swaps the page in (instant navigation),
    # and re-runs the new page's inline scripts under the first page's policy.
    page.locator("article a", has_text="Guardian X").first.click()
    page.wait_for_url("**/" + GUARDIAN_X)
    root = first_calculator(page)
    set_input(root, "pierce", "2")
    wait_state(root, "ready")
    assert visit.calculator_workers() != []
    assert violations(visit) == [] and visit.errors == [] and visit.foreign == []


def test_math_and_mermaid_draw_under_the_policy(obsidian_site: Server, watched: tuple[Visit, list[str]]) -> None:  # noqa: F811
    visit, _ = watched
    page = visit.page
    page.goto(obsidian_site.url + "sky/charts/")
    expect(page.locator("span.arithmatex .katex")).to_have_count(1)
    expect(page.locator("div.mermaid")).to_have_count(1)
    page.wait_for_load_state("networkidle")
    assert violations(visit) == [] and visit.errors == [] and visit.foreign == []


def test_search_results_and_calculator_errors_show_markup_as_text(probe_site: Server, watched: tuple[Visit, list[str]]) -> None:
    visit, dialogs = watched
    page = visit.page
    page.goto(probe_site.url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("probe", delay=50)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    shown = " ".join(results.all_inner_texts())
    assert "<script>alert(1)</script>" in shown and "\\<" not in shown
    assert page.locator(".md-search-result img, .md-search-result script").count() == 0

    page.goto(probe_site.url + "calculator-trap/")
    root = first_calculator(page)
    set_input(root, "guardian", "<img src=x onerror=alert(41)>")  # a text box (face lists are selects)
    wait_state(root, "error")
    assert "<img src=x onerror=alert(41)>" in root.locator(".calculator-error-message").inner_text()
    assert root.locator("img").count() == 0
    assert dialogs == [] and violations(visit) == []


def test_the_preview_server_reloads_under_the_policy(browser: Any, tmp_path: Path) -> None:
    """`mkdocs serve` (scripts/serve.sh) adds an inline live-reload script to each page it
    sends: the hook allows exactly that script, so the preview still reloads on a change."""
    import shutil
    import socket
    import time
    import urllib.request

    vault = tmp_path / "small"
    shutil.copytree(ROOT / "tests" / "fixtures" / "vaults" / "small", vault)
    config = vault / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("../../../../scripts/", str(ROOT / "scripts") + "/"),
                      encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=vault, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    visit = open_visit(browser, RECORD_VIOLATIONS)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(address, timeout=5).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("mkdocs serve did not start", pytrace=False)
                time.sleep(0.5)
        logged: list[str] = []
        visit.page.on("console", lambda message: logged.append(message.text))
        visit.page.goto(address)
        visit.page.wait_for_load_state("load")
        expect(visit.page.locator("article h1").first).to_be_visible()
        visit.page.wait_for_timeout(500)
        assert "Enabled live reload" in logged
        # A change to a note: the page reloads by itself and shows it.
        note = next(vault.joinpath("docs").rglob("index.md"))
        note.write_text(note.read_text(encoding="utf-8") + "\n\nA line added while the preview runs.\n", encoding="utf-8")
        expect(visit.page.locator("article")).to_contain_text("A line added while the preview runs.", timeout=90_000)
        assert violations(visit) == [] and visit.errors == []
    finally:
        visit.context.close()
        server.terminate()
        server.wait(timeout=30)

"""Measure the calculators in Debian's Chromium against the built site, cold cache.

For each run (a fresh browser context, so nothing is cached):
  1. open Guardian X and touch nothing. As the site runs (settings.mjs, warm="visible"),
     Python starts as soon as a calculator is on screen: the bytes sent
     until the network is idle and Python's share (none if the calculator is below the fold),
     then, the calculator scrolled into view, the time until Python is ready and the bytes
     sent by then. Then the same page with warm="intent", as on a slow or data-saving
     connection: bytes sent until the network is idle, of which Python's (none: Python waits
     for the reader to reach for a form);
  2. in a new context, open it again and change Pierce X as soon as its calculator is
     mounted (at DOMContentLoaded; done by the page itself, so no round trip to this
     script adds to it): time from navigation to the first in-browser recompute, and the
     bytes fetched for it;
  3. change Pierce X again, several times: recompute latency (input event to result
     shown, debounce included) and the engine's own time inside the worker;
  4. follow the link to Pierce X (instant navigation): time until its calculator is
     mounted, then the same recompute latencies there, with the worker reused;
  5. a second visit: a new tab in the same browser (a bookmark, a reload) opens Guardian X
     again and changes Pierce X: time to the result and bytes fetched, now that the
     service worker keeps Pyodide;
  6. separately, with warm="idle" (Python started when the browser is idle): time from
     navigation until Python is ready without any interaction, then the first change;
  7. warm: every tab of that browser closed (the shared Python ends with them), then a new
     tab: time to the first result with Python's files kept by the service worker;
  8. memory: renderer PSS (the sum over this browser's renderer processes, where pages and
     their workers run) on Pierce X before any calculation, with one calculator computing,
     and with Compare's second set computing too;
  9. a phone link: the same cold visit from a server that sends at most 10 Mbit/s with
     40 ms before each answer (--link; Chromium's own network emulation does not slow a
     worker's downloads, so the link is emulated at the server): time to the first result,
     and to the first result Python computed (the answers computed at build time off).

Steps 2 and 9 change Pierce X by one, which the build's answers (scripts/calculators/
answers.py) answer while Python loads; a further cold visit with them off
(settings.precomputed = false) measures navigation -> the first result from Python and
the bytes sent before it.

Python runs as the site runs it (one shared worker where the browser has them, started once
a calculator is on screen); --python dedicated measures one worker
per calculator, as before issue 26. The memory step alone starts Python on intent, so that
its first figure has no Python in it.

The site is built as a default build is (for http://127.0.0.1:8000/), precompressed as
scripts/site/shell/publish.py does (with its cache: the first run on a new machine spends about a
minute compressing Pyodide's WebAssembly), and served from somewhere else: another port, under /published/
(--same-address serves it where it was built for). Bytes are counted as sent (compressed
when the browser accepts it) and as the files are on disk.

Every run also counts requests to other hosts. It watches them rather than routing them
as the tests do: a route turns the browser's HTTP cache off, and then the service worker,
keeping what the page fetched before it took control, downloads every file a second time
(a real first visit does not; each run's new context starts with an empty cache anyway).

Usage: .venv/bin/python scripts/bench/browser.py [--runs 3] [--changes 5] [--same-address] [--no-snapshot]
       [--python shared|dedicated] [--link 10,40] [--no-link]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from scripts.site.precompress import precompress  # noqa: E402
from tests.browser.harness import Server, build_site, launch_chromium, open_visit, serve  # noqa: E402
from tests.browser.harness import QuietHandler, QuietServer  # noqa: E402

PYTHON: str | None = None  # how the calculators run Python: None is the site's default (--python)
LINK_TEXT = ""

GUARDIAN_X = "legion/keywords/guardian-x/"
BUILT_FOR = "http://127.0.0.1:8000/"  # mkdocs.yml's site_url: what a plain build is made for
SERVED_UNDER = "/published/"
WAIT_MS = 120_000

# Run in every page of a measured context: on Guardian X, as soon as its first calculator
# is mounted, change Pierce X (one up, or one down at its maximum) and note, in
# window.benchEarlyChange, when that happened, when the result showed and the engine's time.
EARLY_CHANGE = """(() => {
  if (!location.pathname.includes('/guardian-x/')) return;
  const attempt = () => {
    const root = document.querySelector('[data-calculator]');
    if (!root || !root.querySelector(':scope > [data-status]') || !window.rulesCalculators) return setTimeout(attempt, 2);
    const input = root.querySelector('[name="pierce"]');
    const current = Number(input.value), top = Number(input.max || 10);
    const begun = performance.now();
    root.addEventListener('calculator:result', () => {
      window.benchEarlyChange = { begun, shown: performance.now(), engineMs: rulesCalculators.stats.lastComputeMs, built: rulesCalculators.stats.precomputed || 0 };
    }, { once: true });
    input.value = String(current < top ? current + 1 : current - 1);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  attempt();
})();"""


# Before EARLY_CHANGE: every answer from Python, none computed at build time (answers.mjs).
PYTHON_ONLY = "window.rulesCalculatorSettings = Object.assign(window.rulesCalculatorSettings || {}, {precomputed: false});"


def early_change(page: Any) -> tuple[float, float, float]:
    """EARLY_CHANGE's outcome on `page`: (change -> result ms, engine ms, navigation -> result ms)."""
    page.wait_for_function("() => Boolean(window.benchEarlyChange)", timeout=WAIT_MS, polling=20)
    done = page.evaluate("window.benchEarlyChange")
    return done["shown"] - done["begun"], done["engineMs"], done["shown"]


# Changes one input of the page's first calculator and resolves when its result is shown:
# [ms from the input event to the result, ms the engine took in the worker].
CHANGE = """async ([name, value, pause]) => {
  const root = document.querySelector('[data-calculator]');
  const input = root.querySelector(`[name="${name}"]`);
  const shown = new Promise((resolve, reject) => {
    root.addEventListener('calculator:result', resolve, { once: true });
    root.addEventListener('calculator:state', (e) => e.detail.state === 'error' && reject(new Error(root.innerText)));
  });
  // A reader pauses between changes; back-to-back changes would only measure the debounce.
  if (pause) await new Promise((resolve) => setTimeout(resolve, rulesCalculators.settings.debounceMs + 50));
  const begun = performance.now();
  input.value = String(value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await shown;
  return [performance.now() - begun, rulesCalculators.stats.lastComputeMs, performance.now()];
}"""


PYTHON_FOLDERS = ("/assets/pyodide/", "/assets/snapshots/", "/assets/stdlib/")


def sent_bytes(server: Server, since: int) -> tuple[int, int]:
    """(all bytes, Python's bytes: Pyodide, the start-up snapshot, the compiled standard library
    and engine) the server sent from entry `since` on."""
    entries = server.sent[since:]
    return sum(n for _, n in entries), sum(n for p, n in entries if any(folder in p for folder in PYTHON_FOLDERS))


def file_bytes(server: Server, since: int) -> int:
    """The size on disk of what the server sent from entry `since` on (uncompressed)."""
    prefix = "/" + server.url.split("/", 3)[3]
    total = 0
    for path, _ in server.sent[since:]:
        relative = path.split("?")[0][len(prefix):]
        file = server.root / relative
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            total += file.stat().st_size
    return total


KEPT = """async (ending) => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if ((await cache.keys()).some((request) => request.url.endsWith(ending))) return true;
  }
  return false;
}"""
"""Whether the service worker keeps a file whose address ends so. Asked with `page.evaluate`
(which awaits it), never as `wait_for_function`'s predicate: that takes the promise itself
for a true answer and does not wait."""

# The files a later visit's Python starts from, by how this one started (worker.mjs phases).
PYTHON_FILES = """() => {
  const phases = window.rulesCalculators && rulesCalculators.stats.pythonPhases;
  if (!phases) return null;
  return ["pyodide.asm.wasm", phases.snapshot === true ? ".snapshot" : "rulesengine.zip"];
}"""


def wait_kept(page: Any, endings: Sequence[str] | None = None, timeout_ms: float = 120_000) -> None:
    """Wait until the service worker keeps each file ending in `endings` (by default those
    this page's Python started from, once it has started)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        wanted = list(endings) if endings is not None else page.evaluate(PYTHON_FILES)
        if wanted and all(page.evaluate(KEPT, ending) for ending in wanted):
            return
        if time.monotonic() > deadline:
            what = ", ".join(wanted) if wanted else "Python's files"
            raise TimeoutError(f"the service worker did not keep {what} in {timeout_ms / 1000:.0f} s")
        page.wait_for_timeout(200)


def pierce_values(page: Any, count: int) -> list[int]:
    control = page.locator("[data-calculator] [name='pierce']").first
    low, high = int(control.get_attribute("min") or 0), int(control.get_attribute("max") or 10)
    current = int(control.input_value())
    values = [v for v in range(low, high + 1) if v != current]
    return (values * count)[:count]


def untouched(browser: Any, server: Server) -> dict[str, Any]:
    """Open Guardian X and touch nothing, as the site runs: until the network is idle, bytes
    sent and Python's share (none while its calculator is below the fold: Python starts once a
    calculator is on screen and the browser is idle); then the calculator scrolled into view:
    scroll -> Python ready, and the bytes sent by then, of which Python's."""
    visit = open_visit(browser, python=PYTHON, warm=None)
    page = visit.page
    try:
        start = len(server.sent)
        page.goto(server.url + GUARDIAN_X, wait_until="load")
        page.wait_for_load_state("networkidle")
        on_screen = page.evaluate("(() => { const box = document.querySelector('[data-calculator]').getBoundingClientRect();"
                                  " return box.top < innerHeight && box.bottom > 0; })()")
        idle_total, idle_python = sent_bytes(server, start)
        largest = sorted(server.sent[start:], key=lambda e: -e[1])[:4]
        scrolled = page.evaluate("(() => { document.querySelector('[data-calculator]').scrollIntoView(); return performance.now(); })()")
        page.wait_for_function("() => rulesCalculators.workerReady()", timeout=WAIT_MS)
        ready_ms = page.evaluate("performance.now()") - scrolled
        total, python = sent_bytes(server, start)
        return {"untouched_on_screen": on_screen, "untouched_idle_bytes": idle_total, "untouched_idle_python_bytes": idle_python,
                "largest_untouched": largest, "scroll_to_ready_ms": ready_ms, "untouched_bytes": total, "untouched_python_bytes": python}
    finally:
        visit.context.close()


def untouched_on_intent(browser: Any, server: Server) -> dict[str, Any]:
    """The same with warm="intent" (a slow or data-saving connection's): wait until the network
    is idle: bytes sent, of which Python's (expected none)."""
    visit = open_visit(browser, python=PYTHON, warm="intent")
    try:
        start = len(server.sent)
        visit.page.goto(server.url + GUARDIAN_X, wait_until="load")
        visit.page.wait_for_load_state("networkidle")
        total, python = sent_bytes(server, start)
        return {"intent_bytes": total, "intent_python_bytes": python}
    finally:
        visit.context.close()


def one_run(browser: Any, server: Server, changes: int) -> dict[str, Any]:
    before = {**untouched(browser, server), **untouched_on_intent(browser, server)}
    visit = open_visit(browser, EARLY_CHANGE, python=PYTHON, warm=None)
    page = visit.page
    try:
        # A reader who changes an input as soon as the page is there: navigation -> result.
        mark = len(server.sent)
        page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded")
        first_ms, first_engine_ms, at = early_change(page)
        built = page.evaluate("window.benchEarlyChange.built")
        values = pierce_values(page, changes + 1)
        dcl = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
        interactive = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
        first_total, first_pyodide = sent_bytes(server, mark)
        first_raw = file_bytes(server, mark)
        by_file = bytes_by_file(server, mark)
        again = [page.evaluate(CHANGE, ["pierce", v, True])[:2] for v in values[1:]]

        clicked = page.evaluate("performance.now()")
        page.locator("article a", has_text="Pierce X").first.click()
        page.wait_for_function(
            "() => document.querySelector('article h1')?.textContent.startsWith('Pierce X')"
            " && document.querySelector('[data-calculator] > [data-status]')",
            timeout=WAIT_MS,
        )
        mounted = page.evaluate("performance.now()") - clicked
        next_values = pierce_values(page, changes)
        next_page = [page.evaluate(CHANGE, ["pierce", v, True])[:2] for v in next_values]
        stats = page.evaluate("rulesCalculators.stats")

        # A second visit: a new tab, once the service worker holds Pyodide.
        wait_kept(page, timeout_ms=WAIT_MS)
        again_tab = visit.context.new_page()
        mark = len(server.sent)
        again_tab.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded")
        new_tab_change_ms, _, warm_at = early_change(again_tab)
        warm_dcl = again_tab.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
        warm_total, warm_pyodide = sent_bytes(server, mark)
        warm_stats = again_tab.evaluate("rulesCalculators.stats")
        debounce_ms = page.evaluate("rulesCalculators.settings.debounceMs")
        # Warm: every tab closed (a shared Python ends with the last), then a new one.
        page.close()
        again_tab.close()
        time.sleep(1.0)
        cold_tab = visit.context.new_page()
        mark = len(server.sent)
        cold_tab.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded")
        _, _, reopened_at = early_change(cold_tab)
        reopened_bytes, _ = sent_bytes(server, mark)
        return {
            **before,
            "by_file": by_file,
            "new_tab_change_ms": new_tab_change_ms,
            "reopened_nav_to_first_ms": reopened_at,
            "reopened_bytes": reopened_bytes,
            "warm_python_start_ms": warm_stats["pythonStartMs"],
            "warm_phases": warm_stats["pythonPhases"],
            "debounce_ms": debounce_ms,
            "first_bytes": first_total,
            "first_pyodide_bytes": first_pyodide,
            "first_raw_bytes": first_raw,
            "warm_nav_to_first_ms": warm_at,
            "warm_nav_to_dcl_ms": warm_dcl,
            "warm_bytes": warm_total,
            "warm_pyodide_bytes": warm_pyodide,
            "first_ms": first_ms,
            "first_built": built,
            "first_engine_ms": first_engine_ms,
            "nav_to_first_ms": at,
            "nav_to_dcl_ms": dcl,
            "nav_to_interactive_ms": interactive,
            "python_start_ms": stats["pythonStartMs"],
            "phases": stats["pythonPhases"],
            "again_ms": [a for a, _ in again],
            "again_engine_ms": [e for _, e in again],
            "link_mount_ms": mounted,
            "next_ms": [a for a, _ in next_page],
            "next_engine_ms": [e for _, e in next_page],
            "workers": len(visit.calculator_workers()),
            "foreign": list(visit.foreign),
            "errors": list(visit.errors),
        }
    finally:
        visit.context.close()


def python_run(browser: Any, server: Server) -> dict[str, Any]:
    """The same cold visit with the answers computed at build time turned off: navigation ->
    the first result Python computed, and the bytes sent for it."""
    visit = open_visit(browser, PYTHON_ONLY + EARLY_CHANGE, python=PYTHON, warm=None)
    try:
        mark = len(server.sent)
        visit.page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        _, _, at = early_change(visit.page)
        total, _ = sent_bytes(server, mark)
        return {"python_nav_to_first_ms": at, "python_bytes": total, "python_by_file": bytes_by_file(server, mark),
                "foreign": list(visit.foreign), "errors": list(visit.errors)}
    finally:
        visit.context.close()


def bytes_by_file(server: Server, since: int) -> dict[str, int]:
    """Bytes sent per file (as sent, compressed when it was) from entry `since` on."""
    prefix = "/" + server.url.split("/", 3)[3]
    out: dict[str, int] = {}
    for path, n in server.sent[since:]:
        name = path.split("?")[0][len(prefix):] or "/"
        out[name] = out.get(name, 0) + n
    return out


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderer_pss_mib() -> float:
    """PSS of this browser's renderer processes (pages, their dedicated and shared
    workers), summed: the processes below this script with --type=renderer."""
    total_kib = 0
    for pid in _descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open(f"/proc/{pid}/smaps_rollup") as f:
                total_kib += next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
        except (OSError, StopIteration):
            continue
    return total_kib / 1024


def settled_pss(page: Any) -> float:
    page.wait_for_timeout(1500)  # let the garbage collector and the worker settle
    return renderer_pss_mib()


def memory_run(browser: Any, server: Server) -> dict[str, Any]:
    """Renderer PSS on Pierce X: no calculation yet, one calculator computing, and Compare's
    two sets computing (the first change after opening Compare goes to set B)."""
    # Python on intent: its first figure is the page with no Python in it.
    visit = open_visit(browser, "window.rulesCalculatorSettings = {debounceMs: 50};", python=PYTHON, warm="intent")
    page = visit.page
    try:
        page.goto(server.url + "legion/keywords/pierce-x/", wait_until="load")
        # Not "networkidle": this page was not idle within 30 s (Playwright saw requests of the
        # search's worker, the sitemap and units.json left open).
        page.wait_for_function("() => document.querySelector('[data-calculator] > [data-status]')", timeout=WAIT_MS)
        none = settled_pss(page)
        page.evaluate(CHANGE, ["pierce", pierce_values(page, 1)[0], False])
        # That change may be answered from the build's answers: Python starts all the same.
        page.wait_for_function("() => rulesCalculators.workerReady()", timeout=WAIT_MS)
        one = settled_pss(page)
        page.locator("[data-compare-toggle]").first.click()
        page.wait_for_function("() => document.querySelectorAll('[data-calculator]').length === 2", timeout=WAIT_MS)
        began = page.evaluate("performance.now()")
        page.evaluate(
            """async () => {
              const b = document.querySelectorAll('[data-calculator]')[1];
              const input = b.querySelector('[name="pierce"]');
              const shown = new Promise((resolve) => b.addEventListener('calculator:result', resolve, { once: true }));
              input.value = String(Number(input.value) === 0 ? 1 : 0);
              input.dispatchEvent(new Event('input', { bubbles: true }));
              await shown;
            }"""
        )
        compare_first_ms = page.evaluate("performance.now()") - began
        two = settled_pss(page)
        return {"memory": (none, one, two), "compare_first_ms": compare_first_ms}
    finally:
        visit.context.close()


def link_run(browser: Any, server: Server, python_only: bool = False) -> dict[str, Any]:
    """A cold visit over the emulated phone link: navigation -> first result, bytes; with
    `python_only`, the first result Python computed (no answers from the build)."""
    visit = open_visit(browser, (PYTHON_ONLY if python_only else "") + EARLY_CHANGE, python=PYTHON, warm=None)
    key = "link_python" if python_only else "link"
    try:
        mark = len(server.sent)
        visit.page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        _, _, at = early_change(visit.page)
        total, _ = sent_bytes(server, mark)
        return {f"{key}_nav_to_first_ms": at, f"{key}_bytes": total, f"{key}_by_file": bytes_by_file(server, mark),
                f"{key}_built": visit.page.evaluate("window.benchEarlyChange.built")}
    finally:
        visit.context.close()


class Link:
    """A shared link of `mbit` Mbit/s: every body's chunks take their turn on it, and each
    answer waits `latency_ms` first (one round trip: the request out, the first byte back)."""

    def __init__(self, mbit: float, latency_ms: float) -> None:
        self.bytes_per_s = mbit * 1_000_000 / 8
        self.latency = latency_ms / 1000
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, body: Iterable[bytes]) -> Iterator[bytes]:
        time.sleep(self.latency)
        for chunk in body:
            for start in range(0, len(chunk), 16384):
                piece = chunk[start:start + 16384]
                with self.lock:
                    now = time.monotonic()
                    self.free_at = max(self.free_at, now) + len(piece) / self.bytes_per_s
                    wait = self.free_at - now
                time.sleep(wait)
                yield piece


def serve_over_link(root: Path, prefix: str, link: Link) -> Server:
    """The built site as serve() serves it, through `link`."""
    from wsgiref.simple_server import make_server

    from scripts.site.static_site import static_site

    requested: list[str] = []
    sent: list[tuple[str, int]] = []
    site = static_site(root, prefix)

    def slowed(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "") + ("?" + environ["QUERY_STRING"] if environ.get("QUERY_STRING") else "")
        requested.append(path)
        body = site(environ, start_response)
        total = 0
        try:
            for piece in link.send(body):
                total += len(piece)
                yield piece
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
            sent.append((path, total))

    httpd = make_server("127.0.0.1", 0, slowed, server_class=QuietServer, handler_class=QuietHandler)
    server = Server(f"http://127.0.0.1:{httpd.server_address[1]}{prefix}", root, requested, sent, httpd)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return server


def idle_run(browser: Any, server: Server) -> dict[str, Any]:
    """With warm="idle": Python starts when the browser is idle, before any interaction;
    time from navigation until it is ready, then the first change's latency."""
    visit = open_visit(browser, "window.rulesCalculatorSettings = {warm: 'idle'};", python=PYTHON)
    page = visit.page
    try:
        page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded")
        page.wait_for_function("() => rulesCalculators.workerReady()", timeout=WAIT_MS)
        ready_at = page.evaluate("performance.now()")
        first_ms, _, _ = page.evaluate(CHANGE, ["pierce", pierce_values(page, 1)[0], False])
        return {"idle_ready_ms": ready_at, "idle_first_ms": first_ms, "foreign": list(visit.foreign), "errors": list(visit.errors)}
    finally:
        visit.context.close()


def spread(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):7.0f} ms  (min {min(values):.0f}, max {max(values):.0f}, n={len(values)})"


def report(runs: list[dict[str, Any]], debounce_ms: int) -> None:
    main = [run for run in runs if "nav_to_first_ms" in run]

    def all_of(key: str) -> list[float]:
        out: list[float] = []
        for run in main:
            value = run[key]
            out.extend(value if isinstance(value, list) else [value])
        return out

    mb = 1024 * 1024
    print(f"calculators in Chromium, cold cache, {len(main)} runs (Guardian X, then its link to Pierce X)")
    print(f"  untouched, until the network is idle: {statistics.median(all_of('untouched_idle_bytes')) / 1024:.0f} KiB sent,"
          f" of which Python's {statistics.median(all_of('untouched_idle_python_bytes')) / mb:.1f} MiB"
          f" (the calculator on screen at load in {sum(1 for run in main if run['untouched_on_screen'])} of {len(main)} runs)")
    print(f"  untouched, calculator scrolled into view -> Python ready: {spread(all_of('scroll_to_ready_ms'))}"
          f" (Python starts once a calculator is on screen and the browser is idle), {statistics.median(all_of('untouched_bytes')) / mb:.1f} MiB"
          f" sent by then, of which Python's {statistics.median(all_of('untouched_python_bytes')) / mb:.1f} MiB")
    print("    largest: " + ", ".join(f"{path.split('?')[0]} {size / 1024:.0f} KiB" for path, size in main[0]["largest_untouched"]))
    print(f"  untouched, warm='intent' (slow or data-saving connection): {statistics.median(all_of('intent_bytes')) / 1024:.0f} KiB"
          f" sent until the network is idle, of which Python's {statistics.median(all_of('intent_python_bytes')) / 1024:.0f} KiB")
    print(f"  bytes for the page and its first change: {statistics.median(all_of('first_bytes')) / mb:.1f} MiB as sent,"
          f" {statistics.median(all_of('first_raw_bytes')) / mb:.1f} MiB as files"
          f" (Python's files {statistics.median(all_of('first_pyodide_bytes')) / mb:.1f} MiB sent, the rest is the page's)")
    print(f"  navigation -> first result         : {spread(all_of('nav_to_first_ms'))}  (input changed by the page as soon as its calculator is mounted;"
          f" answered from the build's answers in {sum(1 for run in main if run['first_built'])} of {len(main)})")
    print(f"    navigation -> page parsed (domInteractive): {spread(all_of('nav_to_interactive_ms'))}")
    print(f"    navigation -> DOMContentLoaded: {spread(all_of('nav_to_dcl_ms'))}  (the theme's deferred scripts run before it; the calculators are live before them)")
    print(f"  that change -> its result          : {spread(all_of('first_ms'))}  (answered by the build's answers, or by Python, started at idle or by this change)")
    python = [run for run in runs if "python_nav_to_first_ms" in run]
    if python:
        print(f"  navigation -> first result computed by Python (no build answers): {spread([r['python_nav_to_first_ms'] for r in python])},"
              f" {statistics.median(r['python_bytes'] for r in python) / mb:.2f} MiB sent")
    print(f"    of which Python start in worker  : {spread(all_of('python_start_ms'))}")
    for phase, what in (("config", "runtime.json read"), ("pyodide", "Pyodide loaded (fetch + wasm)"), ("wheel", "engine's files unpacked"), ("import", "engine imported")):
        print(f"      {what:<31}: {spread([run['phases'][phase] for run in main])}  (since worker start)")
    print(f"      started from the snapshot      : {sorted({str(run['phases'].get('snapshot', 'no snapshot built')) for run in main})}")
    print(f"    of which the engine's first call : {spread(all_of('first_engine_ms'))}")
    print(f"  recompute latency after that       : {spread(all_of('again_ms'))}  (input event -> result shown; debounce {debounce_ms} ms, leading edge)")
    print(f"    of which the engine in the worker: {spread(all_of('again_engine_ms'))}")
    print(f"  link to Pierce X -> calculator live: {spread(all_of('link_mount_ms'))}  (instant navigation)")
    print(f"  recompute latency on Pierce X      : {spread(all_of('next_ms'))}  (same worker)")
    print(f"    of which the engine in the worker: {spread(all_of('next_engine_ms'))}")
    print(f"  calculator workers per visit       : {sorted(set(all_of('workers')))}")
    print(f"  second visit (new tab): nav -> first recompute: {spread(all_of('warm_nav_to_first_ms'))}")
    print(f"    of which navigation -> DOMContentLoaded: {spread(all_of('warm_nav_to_dcl_ms'))}")
    print(f"    of which Python start in worker  : {spread(all_of('warm_python_start_ms'))}"
          f" (Pyodide loaded at {spread([run['warm_phases']['pyodide'] for run in main])})")
    print(f"    bytes sent for it                : {statistics.median(all_of('warm_bytes')) / 1024:.0f} KiB,"
          f" of which Pyodide {statistics.median(all_of('warm_pyodide_bytes')) / 1024:.0f} KiB")
    print(f"    its change -> result             : {spread(all_of('new_tab_change_ms'))}")
    print(f"  warm (all tabs closed, a new one): nav -> first recompute: {spread(all_of('reopened_nav_to_first_ms'))},"
          f" {statistics.median(all_of('reopened_bytes')) / 1024:.0f} KiB sent")
    print("  bytes for the page and its first change, by file (as sent, first run):")
    for name, size in sorted(main[0]["by_file"].items(), key=lambda item: -item[1])[:10]:
        print(f"    {size / 1024:8.0f} KiB  {name}")
    memory = [run for run in runs if "memory" in run]
    if memory:
        none, one, two = (statistics.median(run["memory"][i] for run in memory) for i in range(3))
        print(f"  renderer memory (PSS) on Pierce X  : {none:.0f} MiB with no calculation; one calculator +{one - none:.0f} MiB;"
              f" Compare's two sets +{two - none:.0f} MiB (n={len(memory)})")
        print(f"  Compare: its first change -> result: {spread([run['compare_first_ms'] for run in memory])}")
    link = [run for run in runs if "link_nav_to_first_ms" in run]
    if link:
        print(f"  phone link ({LINK_TEXT}): cold nav -> first result: {spread([r['link_nav_to_first_ms'] for r in link])},"
              f" {statistics.median(r['link_bytes'] for r in link) / 1024 / 1024:.2f} MiB sent"
              f" (from the build's answers in {sum(1 for r in link if r['link_built'])} of {len(link)})")
    link_python = [run for run in runs if "link_python_nav_to_first_ms" in run]
    if link_python:
        print(f"  phone link ({LINK_TEXT}): cold nav -> first result computed by Python: {spread([r['link_python_nav_to_first_ms'] for r in link_python])},"
              f" {statistics.median(r['link_python_bytes'] for r in link_python) / 1024 / 1024:.2f} MiB sent")
        print("    by file (as sent, first run):")
        for name, size in sorted(link_python[0]["link_python_by_file"].items(), key=lambda item: -item[1])[:8]:
            print(f"    {size / 1024:8.0f} KiB  {name}")
    idle = [run for run in runs if "idle_ready_ms" in run]
    if idle:
        print(f"  warm='idle': navigation -> Python ready, no interaction : {spread([r['idle_ready_ms'] for r in idle])}")
        print(f"  warm='idle': then first change -> result               : {spread([r['idle_first_ms'] for r in idle])}")
    foreign = [u for run in runs for u in run.get("foreign", [])]
    errors = [e for run in runs for e in run.get("errors", [])]
    print(f"  requests to other hosts            : {len(foreign)} {foreign[:3] if foreign else ''}")
    print(f"  console errors                     : {len(errors)} {errors[:3] if errors else ''}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold-cache visits to measure (default 3)")
    parser.add_argument("--changes", type=int, default=5, help="recomputes measured per page (default 5)")
    parser.add_argument("--same-address", action="store_true", help="serve the site where it was built for, not elsewhere")
    parser.add_argument("--no-snapshot", action="store_true", help="build without the start-up snapshot (CALCULATOR_SNAPSHOT=off)")
    parser.add_argument("--python", choices=("shared", "dedicated"), default=None,
                        help="how the calculators run Python (default: as the site does, shared where the browser can)")
    parser.add_argument("--link", default="10,40", help="the phone link: Mbit/s,latency ms (default 10,40)")
    parser.add_argument("--no-link", action="store_true", help="skip the phone-link run")
    args = parser.parse_args(argv)
    global PYTHON, LINK_TEXT
    PYTHON = args.python
    mbit, latency = (float(part) for part in args.link.split(","))
    LINK_TEXT = f"{mbit:g} Mbit/s, {latency:g} ms"
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        server = serve(Path(tmp), "/" if args.same_address else SERVED_UNDER)
        try:
            if args.no_snapshot:
                os.environ["CALCULATOR_SNAPSHOT"] = "off"  # the build runs in a child process
            build_site(REPO / "mkdocs.yml", server.root, server.url if args.same_address else BUILT_FOR)
            # As scripts/site/shell/publish.py does: large files compressed harder once, kept in the cache.
            precompress(server.root, cache=REPO / ".cache" / "precompressed")
            print(f"built for {server.url if args.same_address else BUILT_FOR}, served at {server.url}")
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                runs = [one_run(browser, server, args.changes) for _ in range(args.runs)]
                runs += [python_run(browser, server) for _ in range(args.runs)]
                runs += [idle_run(browser, server) for _ in range(args.runs)]
                runs += [memory_run(browser, server) for _ in range(args.runs)]
                if not args.no_link:
                    slow = serve_over_link(server.root, "/" if args.same_address else SERVED_UNDER, Link(mbit, latency))
                    try:
                        runs += [link_run(browser, slow) for _ in range(args.runs)]
                        runs += [link_run(browser, slow, python_only=True) for _ in range(args.runs)]
                    finally:
                        slow.close()
                browser.close()
        finally:
            server.close()
    report(runs, int(runs[0]["debounce_ms"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The calculators on a phone's link: issue 44's four figures, on a published build.

The site is served by our own static server (scripts/site/static_site.py, which negotiates
brotli and gzip as README "Publish" asks a host to) through a link paced at the origin:
every answer waits one round trip (`--link`'s latency) and every body's bytes take their
turn on one shared link of `--link`'s Mbit/s (scripts/bench/browser.py's `Link`). Chromium's
own network emulation slows only the page's requests; pacing at the server slows the
workers' and the service worker's too, as a phone's link would. Each figure is a fresh
browser context (nothing cached) in a phone-sized page, the input changed by the page itself
as soon as its calculator is mounted (no round trip to this script adds to it):

  a. a cold visit to Guardian X, the attacking unit Stormtroopers and the defending unit Rebel
     Troopers typed: navigation -> the result for both units, and the bytes sent for it;
  b. a cold visit to Guardian X, two fields changed at once (Pierce X and the red dice),
     which the build's answers do not hold: navigation -> the result Python computed, bytes
     (and, for the first run, the bytes of each file as sent and the worker's start phases);
  c. then, in a new tab of that browser (Python warm in the shared worker), the same kind of
     change: the change -> its result, and the bytes sent for the tab;
  d. a cold visit to Guardian X, Pierce X changed by one (answered by the build's answers):
     navigation -> result, bytes.

Usage: .venv/bin/python scripts/bench/phone.py [--site DIR] [--runs 3] [--link 10,40]
  --site DIR: a folder `scripts/publish.sh --out DIR` made (any address); without it the
  site is built and precompressed here as publish.sh does.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from scripts.bench.browser import Link, bytes_by_file, serve_over_link, wait_kept  # noqa: E402
from scripts.site.precompress import precompress  # noqa: E402
from tests.browser.harness import Server, build_site, launch_chromium, open_visit  # noqa: E402

GUARDIAN_X = "legion/keywords/guardian-x/"
SERVED_UNDER = "/published/"
BUILT_FOR = "http://127.0.0.1:8000/"
PHONE = {"width": 390, "height": 844}
WAIT_MS = 120_000

# Runs in every page of a context: on Guardian X, as soon as the first calculator is mounted,
# does what window.benchPlan says and notes in window.benchDone when it began, when the result
# showed, and whether the build's answers gave it.
PLAN = """(() => {
  if (!location.pathname.includes('/guardian-x/')) return;
  const plan = window.benchPlan || 'one';
  const ready = (root) => root && root.querySelector(':scope > [data-status]') && window.rulesCalculators
    && (plan !== 'units' || root.querySelector('details.calculator-units[data-pickers]'));
  const attempt = () => {
    const root = document.querySelector('[data-calculator]');
    if (!ready(root)) return setTimeout(attempt, 2);
    const set = (name, value) => {
      const input = root.querySelector(`[name="${name}"]`);
      input.value = String(value);
      return input;
    };
    const number = (name) => Number(root.querySelector(`[name="${name}"]`).value);
    const begun = performance.now();
    const builtBefore = rulesCalculators.stats.precomputed || 0;
    const wanted = (request) => plan !== 'units'
      || (request && request.inputs.attacker_unit === 'Stormtroopers' && request.inputs.defender_unit === 'Rebel Troopers');
    const listen = () => root.addEventListener('calculator:result', () => {
      if (!wanted(rulesCalculators.request(root)) && !(rulesCalculators.stats.precomputed > builtBefore)) return listen();
      window.benchDone = { begun, shown: performance.now(), built: (rulesCalculators.stats.precomputed || 0) > builtBefore,
                           request: rulesCalculators.request(root) };
    }, { once: true });
    listen();
    if (plan === 'units') {
      for (const [name, unit] of [['attacker_unit', 'Stormtroopers'], ['defender_unit', 'Rebel Troopers']]) {
        set(name, unit).dispatchEvent(new Event('input', { bubbles: true }));
      }
      return;
    }
    const pierce = number('pierce');
    const top = Number(root.querySelector('[name="pierce"]').max || 10);
    const input = set('pierce', pierce < top ? pierce + 1 : pierce - 1);
    if (plan === 'two') set('red', number('red') + 1);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  attempt();
})();"""


# The page's own requests: [name, left, last byte came] in ms since navigation.
PAGE_FILES = """performance.getEntriesByType('resource').map((e) =>
  [e.name.split('?')[0].split('/').filter(Boolean).pop(), Math.round(e.startTime), Math.round(e.responseEnd)])"""


def planned(plan: str) -> str:
    return f"window.benchPlan = {plan!r};" + PLAN


def outcome(page: Any) -> dict[str, Any]:
    page.wait_for_function("() => Boolean(window.benchDone)", timeout=WAIT_MS, polling=20)
    return dict(page.evaluate("window.benchDone"))


def sent(server: Server, since: int) -> int:
    return sum(n for _, n in server.sent[since:])


def cold(browser: Any, server: Server, plan: str) -> dict[str, Any]:
    """A fresh context, one visit to Guardian X doing `plan`: nav -> result ms, bytes, built."""
    visit = open_visit(browser, planned(plan), python=None, warm=None)  # as the site runs: one shared Python
    try:
        visit.page.set_viewport_size(PHONE)
        mark = len(server.sent)
        visit.page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        done = outcome(visit.page)
        # The server counts a body once it is all sent: wait for the answers still going out.
        time.sleep(0.3)
        found = {"ms": done["shown"], "bytes": sent(server, mark), "built": done["built"], "errors": list(visit.errors),
                 "by_file": bytes_by_file(server, mark),
                 "python": visit.page.evaluate("rulesCalculators.stats.pythonPhases || null"),
                 "asked": visit.page.evaluate("rulesCalculators.stats.workerAskedMs ?? null"),
                 "origin": visit.page.evaluate("performance.timeOrigin"),
                 "page_files": visit.page.evaluate(PAGE_FILES)}
        if plan == "two":
            found.update(new_tab(visit, server))
        return found
    finally:
        visit.context.close()


def new_tab(visit: Any, server: Server) -> dict[str, Any]:
    """Python warm (the shared worker of the tab still open), its files kept by the service
    worker: a new tab changes two fields as soon as its calculator is mounted."""
    page = visit.page
    wait_kept(page, timeout_ms=WAIT_MS)
    tab = visit.context.new_page()
    tab.set_viewport_size(PHONE)
    mark = len(server.sent)
    tab.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
    done = outcome(tab)
    stats = tab.evaluate("rulesCalculators.stats")
    return {"tab_change_ms": done["shown"] - done["begun"], "tab_nav_ms": done["shown"], "tab_bytes": sent(server, mark),
            "tab_built": done["built"], "tab_connected_ms": stats.get("sharedConnectedMs")}


def load() -> str:
    done = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    return done.stdout.strip()


def spread(values: Sequence[float], unit: str = "s", scale: float = 1000) -> str:
    shown = [v / scale for v in values]
    return f"median {statistics.median(shown):.2f} {unit} (min {min(shown):.2f}, max {max(shown):.2f}, n={len(shown)})"


def report(runs: dict[str, list[dict[str, Any]]], link: str) -> None:
    mib = 1024 * 1024
    print(f"issue 44's figures over a {link} link paced at the origin, phone-sized Chromium, cold cache each")
    lines = (("a", "units", "two units picked: nav -> result"), ("b", "two", "two fields, not in the build: nav -> result"),
             ("d", "one", "one field, in the build: nav -> result"))
    for letter, plan, what in lines:
        if plan not in runs:
            continue
        found = runs[plan]
        built = sum(1 for r in found if r["built"])
        print(f"  {letter}. {what:<44} {spread([r['ms'] for r in found])},"
              f" {statistics.median(r['bytes'] for r in found) / mib:.2f} MiB sent (from the build's answers in {built} of {len(found)})")
    two = runs["two"]
    print(f"  c. {'a new tab, Python warm: its change -> result':<44} {spread([r['tab_change_ms'] for r in two])},"
          f" nav -> result {spread([r['tab_nav_ms'] for r in two])}, {statistics.median(r['tab_bytes'] for r in two) / 1024:.0f} KiB sent"
          f" (shared worker connected-to-ready at {sorted(r['tab_connected_ms'] for r in two)} ms of its life)")
    if "two" not in runs:
        return
    def steps(run: dict[str, Any]) -> tuple[Any, ...]:
        python = run["python"]
        shift = python["startedAt"] - run["origin"]
        wasm = python.get("files", {}).get("pyodide.asm.wasm", [None, None])[1]
        return (run["asked"], round(shift), None if wasm is None else round(wasm + shift), round(python["pyodide"] + shift),
                round(python["import"] + shift), round(run["ms"]))

    print("  b per run, ms since navigation (worker asked for, started, its WebAssembly all come, Python started,"
          f" engine imported, result shown): {[steps(r) for r in two if r['python'] and 'startedAt' in r['python']]}")
    first = runs["two"][0]
    python = dict(first["python"] or {})
    files = python.pop("files", {})
    begun = python.pop("startedAt", None)
    print(f"  b's files as sent (first run; Python's start: {python}):")
    for name, n in sorted(first["by_file"].items(), key=lambda item: -item[1]):
        if n >= 10 * 1024:
            print(f"     {n / 1024:8.1f} KiB  {name}")
    rest = [n for n in first["by_file"].values() if n < 10 * 1024]
    print(f"     {sum(rest) / 1024:8.1f} KiB  {len(rest)} smaller files")
    if begun is not None:
        # The worker's own clock, moved to the page's: ms since navigation.
        shift = begun - first["origin"]
        print(f"  b's timeline (first run, ms since navigation): worker asked for {first['asked']}, started {shift:.0f},"
              f" result shown {first['ms']:.0f}")
        rows = [(asked, came, name) for name, asked, came in first["page_files"]]
        rows += [(asked + shift, came + shift, f"(worker) {name}") for name, (asked, came) in files.items()]
        for asked, came, name in sorted(rows, key=lambda row: row[1]):
            print(f"     {asked:6.0f} -> {came:6.0f}  {name}")
        for phase in ("config", "pyodide", "wheel", "import"):
            if isinstance(python.get(phase), (int, float)):
                print(f"     {python[phase] + shift:16.0f}  {phase} done")
    errors = [e for found in runs.values() for r in found for e in r["errors"]]
    print(f"  console errors: {len(errors)} {errors[:3] if errors else ''}")


def published(given: Path | None, tmp: Path) -> Path:
    """The published build given, else the shipped vault built now into `tmp` for the address
    it is served at, precompressed as publish.sh does."""
    if given is not None:
        return given
    root = tmp / "site"
    build_site(REPO / "mkdocs.yml", root, BUILT_FOR)
    precompress(root, cache=REPO / ".cache" / "precompressed")
    return root


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a published build to serve (default: build one now)")
    parser.add_argument("--runs", type=int, default=3, help="cold visits per figure (default 3)")
    parser.add_argument("--link", default="10,40", help="Mbit/s,latency ms (default 10,40)")
    parser.add_argument("--only", choices=("b",), help="only figure b (and c, its new tab): Python's first start")
    args = parser.parse_args(argv)
    mbit, latency = (float(part) for part in args.link.split(","))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
        root = published(args.site, Path(tmp))
        server = serve_over_link(root.resolve(), SERVED_UNDER, Link(mbit, latency))
        print(f"load before: {load()}")
        print(f"serving {root} at {server.url}")
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                plans = ("two",) if args.only == "b" else ("units", "two", "one")
                runs = {plan: [cold(browser, server, plan) for _ in range(args.runs)] for plan in plans}
                browser.close()
        finally:
            server.close()
    report(runs, f"{mbit:g} Mbit/s, {latency:g} ms")
    print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Issue 44's figure c alone, taken apart: a change in a new tab once Python is warm.

As `scripts/bench/phone.py` measures it (a published build served by our own static server
through a link paced at the origin, `--link`'s Mbit/s and latency; a phone-sized Chromium;
a fresh context per run): a first tab opens Guardian X and changes two fields, which Python
answers; once the service worker keeps Python's files, a second tab opens Guardian X and
changes two fields as soon as its calculator is mounted. The figure is that change -> its
result shown. Here it is split, on the new tab's clock, into:

  - navigation -> the change (the page's load until its calculator is mounted);
  - the change -> the request posted to the shared Python (the page's own work, and any wait
    for the build's answers file);
  - posted -> Python begins it ("started": the connection to the shared worker included);
  - the engine's time in the worker, and what is left until the answer is back in the page;
  - answer back -> result shown.

`--same` makes the new tab ask what the first tab asked (phone.py's figure c); by default it
asks something Python has not computed yet in this visit (the red dice one further), as a
reader's second tab would.

Usage: .venv/bin/python scripts/bench/new_tab.py [--site DIR] [--runs 5] [--link 10,40] [--same]
  --site DIR: a folder `scripts/publish.sh --out DIR` made; without it one is built here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from scripts.bench.browser import KEPT, Link, serve_over_link  # noqa: E402
from scripts.bench.phone import GUARDIAN_X, PHONE, SERVED_UNDER, WAIT_MS, load, outcome, planned, published, sent  # noqa: E402
from tests.browser.harness import Server, launch_chromium, open_visit  # noqa: E402

RED_MORE = "number('red') + 1"


def plan_two() -> str:
    """phone.py's plan "two" (Pierce X and the red dice changed at once), the red dice raised by
    window.benchRedMore (default 1)."""
    script = planned("two")
    assert RED_MORE in script, "phone.py's plan changed: update new_tab.py"
    return script.replace(RED_MORE, "number('red') + (window.benchRedMore || 1)")


def one_run(browser: Any, server: Server, same: bool) -> dict[str, Any]:
    visit = open_visit(browser, plan_two(), python=None, warm=None)  # as the site runs: one shared Python
    try:
        page = visit.page
        page.set_viewport_size(PHONE)
        page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        outcome(page)
        for ending in ("pyodide.asm.wasm", "engine.snapshot"):
            page.wait_for_function(KEPT, arg=ending, timeout=WAIT_MS, polling=200)
        tab = visit.context.new_page()
        tab.set_viewport_size(PHONE)
        if not same:
            # The page's own plan reads the red dice from the form: one more than the first tab's.
            tab.add_init_script("window.benchRedMore = 2;")
        mark = len(server.sent)
        tab.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        done = outcome(tab)
        time.sleep(0.3)
        stats = tab.evaluate("rulesCalculators.stats")
        nav = tab.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                           " return {dcl: n.domContentLoadedEventEnd, interactive: n.domInteractive, response: n.responseEnd}; })()")
        line = stats.get("lastTimeline") or {}
        return {"change_ms": done["shown"] - done["begun"], "nav_to_change": done["begun"], "nav": nav, "line": line,
                "shown": done["shown"], "begun": done["begun"], "built": done["built"], "bytes": sent(server, mark),
                "early": bool(stats.get("connectedEarly")), "errors": list(visit.errors)}
    finally:
        visit.context.close()


def spread(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):6.0f} ms (min {min(values):.0f}, max {max(values):.0f})"


def report(runs: list[dict[str, Any]], link: str, same: bool) -> None:
    asked = "the first tab's request again" if same else "a request Python has not answered in this visit"
    print(f"figure c over a {link} link paced at the origin, phone-sized Chromium; the new tab asks {asked}; n={len(runs)}")
    print(f"  the change -> its result shown             : {spread([r['change_ms'] for r in runs])}")
    print(f"  navigation -> response end (the page)      : {spread([r['nav']['response'] for r in runs])}")
    print(f"  navigation -> calculator mounted, changed  : {spread([r['nav_to_change'] for r in runs])}")
    timed = [r for r in runs if r["line"].get("posted") is not None]
    if timed:
        print(f"  the change -> request posted               : {spread([r['line']['posted'] - r['begun'] for r in timed])}")
        started = [r for r in timed if r["line"].get("started") is not None]
        if started:
            print(f"  posted -> Python begins it (connect incl.) : {spread([r['line']['started'] - r['line']['posted'] for r in started])}")
            print(f"  Python begins -> answer in the page        : {spread([r['line']['answered'] - r['line']['started'] for r in started])}"
                  f", of which the engine {spread([r['line']['engineMs'] for r in started])}")
        print(f"  answer in the page -> result shown         : {spread([r['shown'] - r['line']['answered'] for r in timed])}")
    print(f"  bytes sent for the tab                     : {statistics.median(r['bytes'] for r in runs) / 1024:.0f} KiB;"
          f" answered by the build's answers in {sum(1 for r in runs if r['built'])} of {len(runs)};"
          f" connected to the running Python as it mounted in {sum(1 for r in runs if r['early'])} of {len(runs)}")
    errors = [e for r in runs for e in r["errors"]]
    print(f"  console errors: {len(errors)} {errors[:3] if errors else ''}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a published build to serve (default: build one now)")
    parser.add_argument("--runs", type=int, default=5, help="visits (default 5)")
    parser.add_argument("--link", default="10,40", help="Mbit/s,latency ms (default 10,40)")
    parser.add_argument("--same", action="store_true", help="the new tab asks what the first asked (phone.py's figure c)")
    args = parser.parse_args(argv)
    mbit, latency = (float(part) for part in args.link.split(","))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-new-tab-") as tmp:
        root = published(args.site, Path(tmp))
        server = serve_over_link(root.resolve(), SERVED_UNDER, Link(mbit, latency))
        print(f"load before: {load()}")
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                runs = [one_run(browser, server, args.same) for _ in range(args.runs)]
                browser.close()
        finally:
            server.close()
    report(runs, f"{mbit:g} Mbit/s, {latency:g} ms", args.same)
    print(f"load after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

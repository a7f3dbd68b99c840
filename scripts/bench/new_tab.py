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

What else held the new tab's main thread from the change to the result is read from the
page's long animation frames (50 ms or more, Chromium's `long-animation-frame` entries):
their time inside that span, the scripts that ran in them by where they come from (the
theme's bundle, the site's own scripts, the calculators' modules) and the style and layout
those scripts forced.

`--same` makes the new tab ask what the first tab asked (phone.py's figure c); by default it
asks something Python has not computed yet in this visit (the red dice one further), as a
reader's second tab would.

The new tab opens once the service worker keeps the files Python started from, as phone.py's
does (Python does nothing more after its start).

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

from scripts.bench.browser import Link, serve_over_link, wait_kept  # noqa: E402
from scripts.bench.phone import GUARDIAN_X, PHONE, SERVED_UNDER, WAIT_MS, load, outcome, planned, published, sent  # noqa: E402
from tests.browser.harness import Server, launch_chromium, open_visit  # noqa: E402

RED_MORE = "number('red') + 1"
# Every long animation frame of the page, with the scripts that ran in it.
FRAMES = """(() => {
  window.benchFrames = [];
  if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return;
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      window.benchFrames.push({ start: f.startTime, duration: f.duration, render: f.renderStart, scripts: f.scripts.map((s) => ({
        url: s.sourceURL || s.name || '', start: s.startTime, duration: s.duration, forced: s.forcedStyleAndLayoutDuration })) });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})();"""
# The new tab's outcome (phone.py's window.benchDone), waited for by a promise in the page: not
# by Playwright's wait_for_function, whose first call injects some 330 KB of Playwright's own
# script into the tab (30-40 ms of its main thread, often between the change and the result).
DONE = """() => new Promise((resolve) => {
  const look = () => (window.benchDone ? resolve(window.benchDone) : setTimeout(look, 20));
  look();
})"""


SOURCES = (("theme's bundle", "/assets/javascripts/"), ("calculators", "/assets/calculators/"), ("site's scripts", "/assets/"))


def plan_two() -> str:
    """phone.py's plan "two" (Pierce X and the red dice changed at once), the red dice raised by
    window.benchRedMore (default 1)."""
    script = planned("two")
    assert RED_MORE in script, "phone.py's plan changed: update new_tab.py"
    return script.replace(RED_MORE, "number('red') + (window.benchRedMore || 1)")


def held(frames: list[dict[str, Any]], begun: float, shown: float) -> dict[str, float]:
    """The long animation frames' time between the change and the result: in all, their
    rendering (style, layout, paint at the frame's end), and the scripts in them by source
    (each clipped to that span), with the style and layout they forced."""
    parts = {"frames": 0.0, "rendering": 0.0, "forced": 0.0, **{name: 0.0 for name, _ in SOURCES}, "other": 0.0}

    def inside(start: float, end: float) -> float:
        return max(0.0, min(shown, end) - max(begun, start))

    for frame in frames:
        end = frame["start"] + frame["duration"]
        parts["frames"] += inside(frame["start"], end)
        if frame["render"]:
            parts["rendering"] += inside(frame["render"], end)
        for script in frame["scripts"]:
            ran = inside(script["start"], script["start"] + script["duration"])
            if not ran:
                continue
            name = next((name for name, where in SOURCES if where in script["url"]), "other")
            parts[name] += ran
            parts["forced"] += min(ran, script["forced"] or 0.0)
    return parts


def one_run(browser: Any, server: Server, same: bool) -> dict[str, Any]:
    visit = open_visit(browser, plan_two(), python=None, warm=None)  # as the site runs: one shared Python
    try:
        page = visit.page
        page.set_viewport_size(PHONE)
        page.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        outcome(page)
        wait_kept(page, timeout_ms=WAIT_MS)
        tab = visit.context.new_page()
        tab.set_viewport_size(PHONE)
        tab.add_init_script(FRAMES)
        if not same:
            # The page's own plan reads the red dice from the form: one more than the first tab's.
            tab.add_init_script("window.benchRedMore = 2;")
        mark = len(server.sent)
        tab.goto(server.url + GUARDIAN_X, wait_until="domcontentloaded", timeout=WAIT_MS)
        done = dict(tab.evaluate(DONE))
        time.sleep(0.3)
        stats = tab.evaluate("rulesCalculators.stats")
        nav = tab.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                           " return {dcl: n.domContentLoadedEventEnd, interactive: n.domInteractive, response: n.responseEnd}; })()")
        line = stats.get("lastTimeline") or {}
        frames = tab.evaluate("window.benchFrames || []")
        return {"change_ms": done["shown"] - done["begun"], "nav_to_change": done["begun"], "nav": nav, "line": line,
                "held": held(frames, done["begun"], done["shown"]),
                "shown": done["shown"], "begun": done["begun"], "built": done["built"], "bytes": sent(server, mark),
                "early": bool(stats.get("connectedEarly")), "errors": list(visit.errors)}
    finally:
        visit.context.close()


def spread(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):6.0f} ms (min {min(values):.0f}, max {max(values):.0f})"


def report(runs: list[dict[str, Any]], link: str, same: bool) -> None:
    asked = "the first tab's request again" if same else "a request Python has not answered in this visit"
    print(f"figure c over a {link} link paced at the origin, phone-sized Chromium; the new tab asks {asked},"
          f" opened once Python's files are kept; n={len(runs)}")
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
    print(f"  long frames between the change and result  : {spread([r['held']['frames'] for r in runs])}; of which")
    print(f"     {'rendering (style, layout, paint)':<40}: {spread([r['held']['rendering'] for r in runs])}")
    print("     scripts (those of 5 ms or more) by source:")
    for name in [name for name, _ in SOURCES] + ["other"]:
        print(f"       {name:<38}: {spread([r['held'][name] for r in runs])}")
    print(f"       {'style and layout those scripts forced':<38}: {spread([r['held']['forced'] for r in runs])}")
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

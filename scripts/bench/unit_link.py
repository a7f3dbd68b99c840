"""A reader who comes in by a unit (issue 44): a cold visit to the address a unit's page
links to (the Attack page with the unit and one weapon), over a phone link, in a fresh
phone-sized Chromium; time from navigation to the first result, whether the build answered
it (scripts/calculators/unit_answers.py) and the bytes sent until then.

Not product code. The site must be built already (publish.sh, for http://127.0.0.1:8000/);
it is served as scripts/bench/browser.py serves it over its link (10 Mbit/s, 40 ms before
each answer, emulated at the server so that workers' downloads meet it too).

    .venv/bin/python scripts/bench/unit_link.py SITE_DIR [--runs 3] [--unit Stormtroopers --weapon "E-11 Blaster Rifle"]

With --off, the unit's answers are not used (the page's settings.precomputed = false): the
same visit with the first result from Python. Quote the figures with the load (printed).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from scripts.bench.browser import Link, serve_over_link  # noqa: E402
from tests.browser.harness import launch_chromium, open_visit  # noqa: E402

WAIT_MS = 120_000


def visit(browser: object, url: str, server: object, off: bool) -> tuple[float, int, bool]:
    settings = "window.rulesCalculatorSettings = {precomputed: false};" if off else ""
    opened = open_visit(browser, settings, python="shared")
    page = opened.page
    page.set_viewport_size({"width": 390, "height": 844})
    sent = server.sent  # type: ignore[attr-defined]
    mark = len(sent)
    try:
        page.goto(url, wait_until="domcontentloaded", timeout=WAIT_MS)
        page.wait_for_function(
            "() => { const el = document.querySelector('[data-calculator]'); const r = rulesCalculators.request(el);"
            " return r && r.inputs.attacker_unit && el.getAttribute('data-state') === 'ready'; }", timeout=WAIT_MS)
        at = float(page.evaluate("performance.now()"))
        built = bool(page.evaluate("(rulesCalculators.stats.precomputed || 0) > 0"))
        total = sum(size for _, size in sent[mark:])
        return at, total, built
    finally:
        opened.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--unit", default="Stormtroopers")
    parser.add_argument("--weapon", default="E-11 Blaster Rifle")
    parser.add_argument("--off", action="store_true")
    args = parser.parse_args()
    server = serve_over_link(args.site.resolve(), "/", Link(10, 40))
    query = urlencode({"c.pool": "", "c.defender": "", "c.attacker_unit": args.unit, "c.weapon": args.weapon})
    url = f"{server.url}legion/attack/?{query}"
    times, sizes, built = [], [], []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for _ in range(args.runs):
                at, total, from_build = visit(browser, url, server, args.off)
                times.append(at)
                sizes.append(total)
                built.append(from_build)
            browser.close()
    finally:
        server.httpd.shutdown()
    print(f"cold visit to a unit's link ({args.unit}, {args.weapon}), 10 Mbit/s, 40 ms, {args.runs} runs"
          f"{' (unit answers off)' if args.off else ''}:")
    print(f"  first result: median {statistics.median(times):.0f} ms (min {min(times):.0f}, max {max(times):.0f}); "
          f"from the build: {sum(built)}/{len(built)}")
    print(f"  sent until then: median {statistics.median(sizes) / 2**20:.2f} MiB (min {min(sizes) / 2**20:.2f}, max {max(sizes) / 2**20:.2f})")
    print(f"  cores: {os.cpu_count()}; uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()

"""Measure "Your army" in Debian's Chromium: a 10-unit list against one target, computed in
the browser by the calculators' Python (issue 42 asks for under 5 s on a 2-core machine).

For each run (a fresh browser context: nothing cached, Python not started):
  1. open Legion › Your army, paste the list (tests/fixtures/legion_lists/empire.json) and
     press Compute: time from the press to the whole table ("cold": Python's start included),
     and each unit's time (status line to status line);
  2. change the cover and press Compute again: the whole table with Python running
     ("warm": 10 units x 5 ranges, each an attack resolved exactly);
  3. change the target and press Compute: again warm, a target the engine has not seen.

Quote the figures with the machine's load (`uptime`, printed at the end).

Usage: .venv/bin/python scripts/bench/army.py [--runs 3] [--site DIR]
  --site DIR serves an already built site (`python tests/browser/harness.py mkdocs.yml DIR URL`)
  instead of building one (about 2 minutes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.browser.harness import Server, build_site, launch_chromium, open_visit, serve  # noqa: E402

PAGE = "legion/your-army/"
LIST = (REPO / "tests" / "fixtures" / "legion_lists" / "empire.json").read_text(encoding="utf-8")
WAIT_MS = 180_000
TIMED_COMPUTE = """async () => {
  const root = document.querySelector('[data-army]');
  const status = root.querySelector('[data-army-status]');
  const marks = [];
  const watch = new MutationObserver(() => marks.push([performance.now(), status.textContent]));
  watch.observe(status, {childList: true, characterData: true, subtree: true});
  const begun = performance.now();
  const done = new Promise((resolve) => {
    const states = new MutationObserver(() => {
      const state = root.getAttribute('data-state');
      if (state === 'ready' || state === 'error') { states.disconnect(); resolve(state); }
    });
    states.observe(root, {attributes: true, attributeFilter: ['data-state']});
  });
  root.querySelector('button[type=submit]').click();
  const state = await done;
  const ended = performance.now();
  watch.disconnect();
  const units = [];
  for (let i = 0; i < marks.length; i++) {
    if (!marks[i][1].startsWith('Computing unit')) continue;
    const next = marks.slice(i + 1).find((m) => m[1] !== marks[i][1]);
    units.push([marks[i][1].replace(/^Computing unit \\d+ of \\d+: /, '').replace(/…$/, ''), (next ? next[0] : ended) - marks[i][0]]);
  }
  const firstUnit = marks.find((m) => m[1].startsWith('Computing unit'));
  return {state, ms: ended - begun, toFirstUnit: firstUnit ? firstUnit[0] - begun : null, units, text: status.textContent};
}"""


def one_run(browser: Any, server: Server) -> dict[str, Any]:
    visit = open_visit(browser, python=None)
    page = visit.page
    page.set_default_timeout(WAIT_MS)
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(server.url + PAGE)
        page.locator("[data-army][data-army-mounted]").wait_for()
        page.locator("textarea[name='list']").fill(LIST)
        page.locator("select[name='defender_unit']").select_option("Rebel Troopers")
        cold = page.evaluate(TIMED_COMPUTE)
        page.locator("select[name='cover']").select_option("heavy")
        warm = page.evaluate(TIMED_COMPUTE)
        page.locator("select[name='defender_unit']").select_option("Clone Trooper Infantry")
        other = page.evaluate(TIMED_COMPUTE)
        for result in (cold, warm, other):
            if result["state"] != "ready":
                raise SystemExit(f"the table did not finish: {result['text']}")
        return {"cold": cold, "warm": warm, "other": other, "problems": visit.problems()}
    finally:
        visit.context.close()


def report(runs: list[dict[str, Any]]) -> None:
    def line(label: str, key: str) -> None:
        values = [r[key]["ms"] / 1000 for r in runs]
        print(f"  {label:<52} median {statistics.median(values):5.2f} s  (runs: {', '.join(f'{v:.2f}' for v in values)})")

    print("A 10-unit list (tests/fixtures/legion_lists/empire.json), 5 ranges each, Chromium headless shell:")
    line("cold: press -> whole table (Python's start included)", "cold")
    starts = [r["cold"]["toFirstUnit"] / 1000 for r in runs if r["cold"]["toFirstUnit"] is not None]
    if starts:
        print(f"  {'  of which press -> list read (Python started)':<52} median {statistics.median(starts):5.2f} s")
    line("warm: cover changed -> whole table", "warm")
    line("warm: another target -> whole table", "other")
    print("  per unit, warm (cover changed), median over runs:")
    names = [name for name, _ in runs[0]["warm"]["units"]]
    for n, name in enumerate(names):
        times = [r["warm"]["units"][n][1] for r in runs if n < len(r["warm"]["units"])]
        print(f"    {name:<48} {statistics.median(times):7.0f} ms")
    problems = [p for r in runs for p in r["problems"]]
    if problems:
        print("  the page misbehaved:", *problems, sep="\n    ")
    print(f"  cores: {os.cpu_count()}; uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="fresh browser contexts to measure (default 3)")
    parser.add_argument("--site", type=Path, default=None, help="a site already built for the address it is served at")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-army-") as tmp:
        server = serve(args.site or Path(tmp))
        try:
            if args.site is None:
                build_site(REPO / "mkdocs.yml", server.root, server.url)
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                runs = [one_run(browser, server) for _ in range(args.runs)]
                browser.close()
        finally:
            server.close()
    report(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

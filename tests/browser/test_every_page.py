"""Every page of the owner's site, opened as a reader opens it, in one pass: on every page
the Content-Security-Policy blocks nothing (the policy must let the site's own scripts,
KaTeX, mermaid, search and the calculators' worker run untouched), no dialog opens, nothing
is logged as an error and no request leaves the site; and axe finds nothing serious or
critical on a phone (390x844) and a desktop (1280x900), in the light and the dark scheme.

axe reads every page but the unit pages (issue 34: 166 of them, one template), of which it
reads their index and the first page of each faction; so too the upgrade pages (issue 42: the
first of each slot) and the keyword pages made from the card data (the first of them). Each page axe reads is loaded in full
(its address opened), once: axe reads it in the scheme it opens in, then the reader's
palette toggle switches it to the other scheme and axe reads it again. The toggle recolours
the page through the theme's colour variables and keeps the choice, so the next page opens
in that scheme as a reader's would; the pages alternate, light first, then dark first. The
other unit pages are reached as a reader reaches them from their faction's list: by
following a link, which the theme answers by instant navigation (the page's content fetched
and put in place, and the page's scripts run on it, under the policy of the page already
open); every unit page has the same head, inline scripts and policy, so the full load of
that template is the first unit page's of each faction. The pass is split into shares (every
sixth page, from the first, the second, ...), each a test of its own, so two workers share
it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import (AXE, SCHEME, SCHEMES, SCREENS, SERIOUS, SETTLED, Server, Visit, add_script_file,
                                   open_visit, switch_scheme)
from tests.browser.test_page_safety import pages_of, watched  # noqa: F401 (watched: a fixture)

pytestmark = pytest.mark.browser

SHARES = 6


def axe_read(pages: list[str], root: Path | None = None) -> list[str]:
    """The pages axe reads: all but the unit pages after the first of each faction, the
    upgrade pages after the first of each slot, and the keyword pages made from the card
    data (marked `keyword-model`; read in the built site at `root`) after the first."""
    seen: set[str] = set()
    kept = []
    for p in pages:
        parts = p.split("/")
        if len(parts) == 5 and parts[:2] in (["legion", "units"], ["legion", "upgrades"]):
            if "/".join(parts[:3]) in seen:
                continue
            seen.add("/".join(parts[:3]))
        elif root is not None and len(parts) == 4 and parts[:2] == ["legion", "keywords"] \
                and 'class="keyword-model"' in (root / p / "index.html").read_text(encoding="utf-8"):
            if "made keyword" in seen:
                continue
            seen.add("made keyword")
        kept.append(p)
    return kept


def every_page(site: Server) -> list[str]:
    """Every page of the built site (each note, the tag and keyword indexes, the home page,
    the unit pages) and the page a missing address shows."""
    pages = ["" if p == "./" else p for p in pages_of(site.root)]
    calculators = [p for p in pages if p.endswith("/") and "data-calculator=" in (site.root / p / "index.html").read_text(encoding="utf-8")]
    assert "404.html" in pages and len(calculators) > 20 and len(pages) > 200, pages  # the shipped vault's pages
    return pages


# Follow a link to `href` from the page open, as a reader's click would; the theme's instant
# navigation puts the page in place and announces it (document$), or, if it cannot, loads it.
FOLLOW = """href => {
  if (!window.__arrivals) {
    window.__arrivals = [];
    document$.subscribe(() => window.__arrivals.push(location.href));
  }
  const link = Object.assign(document.createElement("a"), {href, textContent: "next"});
  (document.querySelector("article") || document.body).append(link);
  link.click();
}"""
ARRIVED = """href => location.href === href && document.readyState === "complete"
  && (!window.__arrivals || window.__arrivals[window.__arrivals.length - 1] === href)"""


def follow_link(page: Any, href: str) -> None:
    page.evaluate(FOLLOW, href)
    page.wait_for_function(ARRIVED, arg=href)


@pytest.fixture
def tab(watched: tuple[Visit, list[str]]) -> tuple[Visit, list[str]]:
    """The `watched` tab (CSP violations and dialogs recorded), opened in the light scheme.

    It asks for reduced motion, so a change of size or of scheme puts the page at rest at
    once rather than after the theme's transitions (a quarter to a third of a second, frames
    drawn all along), which axe must wait out (SETTLED). The page at rest is the same: the
    only rules the site's style sheets keep for reduced motion are the theme's
    `transition: none` and the calculators' pulse while Python loads (not running here), and
    no script of the site asks for it."""
    watched[0].page.emulate_media(color_scheme="light", reduced_motion="reduce")
    return watched


@pytest.mark.parametrize("share", range(SHARES), ids=lambda n: f"pages {n + 1} of {SHARES}")
def test_every_page_runs_under_its_policy_and_is_axe_clean(site: Server, tab: tuple[Visit, list[str]],
                                                          share: int) -> None:
    """Each page axe reads is opened once, in the scheme the last page was left in; axe reads
    it at both sizes, the palette toggle switches it to the other scheme, and axe reads it
    again at both sizes (so the pages alternate: light first, then dark first)."""
    pages = every_page(site)
    read = set(axe_read(pages, site.root))
    visit, dialogs = tab
    page = visit.page
    blocked: dict[str, list[str]] = {}
    found: list[str] = []
    schemes_read: set[str] = set()
    for path in pages[share::SHARES]:
        page.set_viewport_size(dict(zip(("width", "height"), SCREENS["desktop"])))
        if path in read or not page.url.startswith(site.url):
            page.goto(site.url + path)
            page.wait_for_load_state("load")
        else:
            follow_link(page, site.url + path)  # its policy is watched; axe read its template
        if path in read:
            add_script_file(page, AXE)
            scheme = SCHEMES[page.evaluate(SCHEME)]
            for turn in range(2):
                if turn:
                    scheme = switch_scheme(page, path)
                # desktop then phone, then phone then desktop: one change of size fewer
                for screen in list(SCREENS)[:: 1 - 2 * turn]:
                    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
                    page.evaluate(SETTLED)
                    found += [f"{path} ({screen}, {scheme}): {v}" for v in page.evaluate(SERIOUS)]
                schemes_read.add(scheme)
        if seen := page.evaluate("() => window.__violations.splice(0)"):  # reported once
            blocked[path] = seen
    assert schemes_read == {"light", "dark"}
    assert found == []
    assert blocked == {}
    assert (dialogs, visit.errors, visit.foreign) == ([], [], [])


# The colours every element of the page is drawn in.
COLOURS = """() => Array.from(document.querySelectorAll("body, body *"), e => {
  const s = getComputedStyle(e);
  return [e.tagName, s.color, s.backgroundColor, s.borderTopColor, s.outlineColor, s.fill, s.stroke].join(" ");
})"""


@pytest.mark.parametrize("path", ["", "legion/keywords/guardian-x/", "404.html"])
def test_a_page_switched_by_the_palette_toggle_is_drawn_as_one_opened_in_that_scheme(site: Server, browser: Any,
                                                                                    path: str) -> None:
    """The pass above reads the second scheme of each page after the toggle switched it:
    every element is drawn in the same colours as when the page opens in that scheme."""
    drawn = {}
    for opened in ("light", "dark"):
        visit = open_visit(browser)
        try:
            visit.page.emulate_media(color_scheme=opened, reduced_motion="reduce")
            visit.page.goto(site.url + path)
            visit.page.wait_for_load_state("load")
            if opened == "light":
                assert switch_scheme(visit.page, path) == "dark"
            else:
                assert visit.page.evaluate(SCHEME) == "slate"
            visit.page.evaluate(SETTLED)
            drawn[opened] = visit.page.evaluate(COLOURS)
        finally:
            visit.context.close()
    assert len(drawn["light"]) > 100
    assert drawn["light"] == drawn["dark"]


def test_the_axe_check_finds_what_is_serious_and_only_that(site: Server, visit: Visit) -> None:
    """The check above runs only the rules that can find something serious or critical: a
    missing alt text (critical) and faint text (serious) are still found, a skipped heading
    level (moderate) is not reported."""
    page = visit.page
    page.goto(site.url)
    page.evaluate("""() => document.querySelector("article").insertAdjacentHTML("beforeend",
        '<h5>Skipped</h5><p style="color: #eee">faint</p><img src="assets/images/favicon.png">')""")
    add_script_file(page, AXE)
    found = " ".join(page.evaluate(SERIOUS))
    assert "image-alt:" in found and "color-contrast:" in found and "heading-order" not in found

"""What a reader gets besides the notes: link previews (hover, keyboard focus, a press held
on a touch screen), breadcrumbs, forgiving search, per-page meta, dates and feeds, local
graphs, tag pages and the web app manifest, checked on the built site in Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit
from tests.browser.test_search_shards import answered
from tests.browser.test_calculators import GUARDIAN_X, first_calculator, set_input, wait_state

pytestmark = pytest.mark.browser

PREVIEW = ".md-tooltip2"
# The preview on show: one being dismissed stays in the page until its fade ends, so right
# after a second hover there can be two (the theme marks the shown one active).
SHOWN = ".md-tooltip2--active"


def test_hovering_a_link_previews_the_page_next_to_a_running_calculator(site: Server, answering: Visit) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    set_input(root, "pierce", "2")
    wait_state(root, "ready")  # Python is running beside the page
    link = page.locator("article a", has_text="Pierce X").first
    link.hover()
    preview = page.locator(SHOWN)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    # The linked page's first part: its title, then the start of its definition.
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Pierce X"))
    expect(preview).to_contain_text("cancel up to")
    assert "/" + GUARDIAN_X in page.url
    page.mouse.move(5, 5)
    expect(page.locator(PREVIEW)).to_have_count(0, timeout=WAIT_MS)
    set_input(root, "pierce", "1")  # the calculator still answers
    wait_state(root, "ready")


def test_a_preview_shows_the_note_without_its_calculator(site: Server, visit: Visit) -> None:
    """Immune Pierce's page opens with a calculator: a preview cannot run it, so it shows
    the note's words only (no dead form, no line saying changing it needs JavaScript)."""
    page = visit.page
    page.goto(site.url + "legion/keywords/")
    page.locator('article a[href$="immune-pierce/"]').first.hover()
    preview = page.locator(SHOWN)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    expect(preview).to_contain_text("cannot cancel this")
    assert preview.locator("[data-calculator]").count() > 0, "the page's calculator is in the preview's HTML"
    expect(preview.locator("[data-calculator]").first).to_be_hidden()
    assert not [i for i in preview.locator("input, [data-nojs]").all() if i.is_visible()]


def test_a_link_to_a_heading_previews_that_section(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + "legion/surges/")
    link = page.locator('article a[href$="dice/#defense-dice"]').first
    link.focus()  # the keyboard's focus opens it as the pointer does
    preview = page.locator(SHOWN)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Defense dice"))


def test_a_page_reached_by_instant_navigation_previews_its_links_too(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    page.evaluate("() => { window.samePage = true; }")
    page.locator("article a", has_text="Pierce X").first.click()
    page.wait_for_url("**/legion/keywords/pierce-x/")
    expect(page.locator("article h1").first).to_have_text(re.compile(r"^Pierce X"))
    assert page.evaluate("() => window.samePage === true"), "the link reloaded the page"
    page.mouse.move(5, 5)
    marked = page.locator("article a[data-preview]")
    assert marked.count() > 3
    # Only links to the site's own pages (the theme made them absolute): none to a fragment
    # of this page or to another host.
    hrefs = marked.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    here = site.url + "legion/keywords/pierce-x/#"
    assert not [h for h in hrefs if not h.startswith(site.url) or h.startswith(here)], hrefs
    page.locator("article a[data-preview]", has_text="Impervious").first.hover()
    expect(page.locator(SHOWN)).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(SHOWN).locator("h3").first).to_have_text(re.compile(r"^Impervious"))


@pytest.fixture
def phone(browser: Any) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield Visit(context, page, errors=errors)
    context.close()
    assert errors == []


def touch(page: Any, link: Any, hold_ms: int) -> None:
    """A real touch on the link's middle (Chromium's input pipeline, as a finger would)."""
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_press_held_on_a_link_previews_it_and_a_tap_follows_it(site: Server, phone: Visit) -> None:
    page = phone.page
    page.goto(site.url + GUARDIAN_X)
    link = page.locator("article a", has_text="Pierce X").first
    touch(page, link, 800)
    preview = page.locator(SHOWN)
    expect(preview).to_be_visible(timeout=WAIT_MS)
    expect(preview.locator("h3").first).to_have_text(re.compile(r"^Pierce X"))
    page.wait_for_timeout(500)
    assert page.url.endswith(GUARDIAN_X), "the press followed the link"
    touch(page, link, 50)  # a tap
    page.wait_for_url("**/legion/keywords/pierce-x/")


def search(page: Any, query: str) -> list[dict[str, str]]:
    """Type into the theme's search box; the results shown (title, snippet, address)."""
    page.locator("label[for=__search]").first.click() if not page.locator("input[name=query]").is_visible() else None
    box = page.locator("input[name=query]")
    box.fill("")
    box.press_sequentially(query, delay=20)
    answered(page, query)
    page.locator(".md-search-result__meta").filter(has_text=re.compile(r"\d+ match|1 match")).wait_for(timeout=WAIT_MS)
    return list(page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__item > .md-search-result__link')].map(a => ({
              title: a.querySelector('h1, h2')?.textContent.trim() ?? '',
              text: a.querySelector('.md-search-result__article')?.textContent.trim() ?? '',
              href: new URL(a.href).pathname}))"""
    ))


@pytest.mark.parametrize(("typed", "found"), [
    ("Gaurdian", "/legion/keywords/guardian-x/"),
    ("suppresion", "/legion/suppression/"),
    ("Supression", "/legion/suppression/"),
    ("Guardian", "/legion/keywords/guardian-x/"),
    ("pierce", "/legion/keywords/pierce-x/"),
    ("Shielded", "/legion/keywords/shields/"),  # an alias
])
def test_search_finds_a_keyword_misspelt_or_by_alias_first(site: Server, visit: Visit, typed: str, found: str) -> None:
    visit.page.goto(site.url)
    results = search(visit.page, typed)
    assert results, f"{typed!r} found nothing"
    assert results[0]["href"].endswith(found), [r["href"] for r in results[:5]]


def test_search_snippets_start_at_the_definition_and_reports_rank_below_rules(site: Server, visit: Visit) -> None:
    visit.page.goto(site.url)
    results = search(visit.page, "pierce")
    hrefs = [r["href"] for r in results]
    guardian = next(i for i, h in enumerate(hrefs) if h.endswith("/legion/keywords/guardian-x/"))
    reports = [i for i, h in enumerate(hrefs) if "/coverage/" in h or "/missing/" in h]
    assert all(i > guardian for i in reports), hrefs
    assert "()" not in results[guardian]["text"], results[guardian]["text"]
    # The keyword's snippet starts with its definition, not with the line of related links.
    results = search(visit.page, "guardian")
    snippet = results[0]["text"]
    assert results[0]["href"].endswith("/legion/keywords/guardian-x/")
    assert "()" not in snippet, snippet
    assert re.sub(r"^Guardian X\s*", "", snippet).startswith("While a friendly trooper unit"), snippet


def meta(page: Any, name: str) -> str:
    return str(page.locator(f'meta[property="{name}"], meta[name="{name}"]').first.get_attribute("content"))


def test_each_page_has_its_own_description_and_open_graph_card(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    description = meta(page, "description")
    assert description.startswith("While a friendly trooper unit at range 1"), description
    assert "()" not in description and "Attack, Dice" not in description
    assert meta(page, "og:description") == description == meta(page, "twitter:description")
    assert meta(page, "og:title") == "Guardian X" == meta(page, "twitter:title")
    assert meta(page, "twitter:card") == "summary"
    page.goto(site.url + "legion/keywords/pierce-x/")
    assert meta(page, "og:description") != description


def test_last_updated_leads_to_recent_changes_and_its_feed(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    updated = page.locator(".vault-updated time")
    expect(updated).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d$"))
    page.locator(".vault-updated a", has_text="Recent changes").click()
    page.wait_for_url("**/recent-changes/")
    rows = page.locator(".vault-recent li")
    expect(rows.first).to_be_visible()  # the new page's content is in (instant navigation)
    assert rows.count() > 10
    dates = rows.locator("time").evaluate_all("times => times.map(t => t.getAttribute('datetime'))")
    assert dates == sorted(dates, reverse=True)
    feed_href = page.locator('link[rel=alternate][type="application/atom+xml"]').get_attribute("href")
    entries = page.evaluate(
        """async (href) => {
            const url = new URL(href, location.href);
            const xml = new DOMParser().parseFromString(await (await fetch(url)).text(), 'application/xml');
            if (xml.querySelector('parsererror')) return null;
            return [...xml.querySelectorAll('entry')].map(e => ({
                title: e.querySelector('title').textContent,
                href: new URL(e.querySelector('link').getAttribute('href'), url).href}));
        }""",
        feed_href,
    )
    assert entries and len(entries) == rows.count()
    first = entries[0]
    page.goto(first["href"])
    expect(page.locator("article h1").first).to_have_text(re.compile("^" + re.escape(first["title"])))


def test_pages_outside_the_navigation_have_breadcrumbs_on_a_phone(site: Server, phone: Visit) -> None:
    page = phone.page
    page.goto(site.url + "missing/attack-pool/")
    crumbs = page.locator("nav.md-path a")
    expect(crumbs).to_have_text(["Home", "Missing notes"])
    expect(crumbs.last).to_be_in_viewport()
    crumbs.last.click()
    page.wait_for_url("**/missing/")
    expect(page.locator("article h1").first).to_have_text(re.compile("^Missing notes"))
    expect(page.locator("nav.md-path a")).to_have_text(["Home"])
    page.locator("nav.md-path a").first.click()
    page.wait_for_url(site.url)


def test_a_keyword_cut_from_a_glossary_shows_the_glossary_date(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + "swtcg/keywords/evade/")
    updated = page.locator(".vault-updated")
    expect(updated.locator("time")).to_have_text(re.compile(r"^\d{4}-\d\d-\d\d$"))
    glossary = updated.locator("a").first
    name = glossary.inner_text()
    glossary.click()
    page.wait_for_url("**/swtcg/*/")
    expect(page.locator("article h1").first).to_have_text(re.compile("^" + re.escape(name)))


def test_the_local_graph_is_links_drawn_without_javascript(site: Server, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site.url + GUARDIAN_X)
        graph = page.locator("figure.vault-graph svg")
        expect(graph).to_be_visible()
        nodes = graph.locator("a")
        titles = nodes.locator("title").all_text_contents()
        assert {"Pierce X", "Attack", "Backup"} <= set(titles)  # links to, and links here
        graph.locator("a", has=page.locator("title", has_text="Pierce X")).click()
        page.wait_for_url("**/legion/keywords/pierce-x/")
        expect(page.locator("figure.vault-graph svg a title", has_text="Guardian X")).to_have_count(1)
    finally:
        context.close()


def test_the_site_installs_as_an_app_and_its_start_page_opens_offline(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + GUARDIAN_X)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT_MS)
    found = page.evaluate(
        """async () => {
            const link = document.querySelector('link[rel=manifest]');
            const url = new URL(link.getAttribute('href'), location.href);
            const manifest = await (await fetch(url)).json();
            const icons = [];
            for (const icon of manifest.icons) {
                const img = new Image();
                img.src = new URL(icon.src, url).href;
                await img.decode();
                icons.push([icon.sizes, `${img.naturalWidth}x${img.naturalHeight}`]);
            }
            return {start: new URL(manifest.start_url, url).href, icons, display: manifest.display};
        }"""
    )
    assert found["start"] == site.url
    assert found["display"] == "standalone"
    assert [sizes for sizes, _ in found["icons"]] == ["192x192", "512x512"]
    assert all(sizes == drawn for sizes, drawn in found["icons"])
    cdp = page.context.new_cdp_session(page)
    # Chromium's own check; a test's browser context is incognito, which alone forbids it.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    page.goto(found["start"])  # the start page, read once while online
    page.wait_for_load_state("load")
    page.context.set_offline(True)
    try:
        page.goto(found["start"])
        expect(page.locator("article h1").first).to_be_visible()
    finally:
        page.context.set_offline(False)

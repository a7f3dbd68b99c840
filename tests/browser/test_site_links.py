"""The built site in a browser: a wikilink is a working link, the page it leads to lists
where it is linked from, and nothing is fetched from any other host."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.harness import Server, Visit

pytestmark = pytest.mark.browser


def test_guardian_x_links_to_pierce_x_which_lists_guardian_x(site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(site.url + "legion/keywords/guardian-x/")
    assert page.locator("article h1").first.text_content().startswith("Guardian X")
    page.locator("article a", has_text="Pierce X").first.click()
    page.wait_for_url("**/legion/keywords/pierce-x/")
    expect(page.locator("article h1").first).to_have_text(re.compile(r"^Pierce X"))  # the new page is in
    heading = page.locator("article h2", has_text="Pages that link here")
    backlinks = heading.locator("xpath=following-sibling::ul[1]/li/a")
    names = [str(name).strip() for name in backlinks.all_text_contents()]
    assert "Guardian X" in names
    back = backlinks.filter(has_text="Guardian X").first
    assert back.evaluate("a => new URL(a.href).pathname").endswith("/legion/keywords/guardian-x/")
    assert visit.foreign == []

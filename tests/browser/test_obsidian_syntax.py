"""Our Obsidian fixture vault in Chromium: a foldable callout folds and unfolds, math is
typeset by KaTeX and a mermaid diagram is drawn, all from the site itself (the `visit`
fixture fails a test whose tab asked another host for anything)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.harness import Server, Visit, article_violations

pytestmark = pytest.mark.browser


def test_a_foldable_callout_folds_and_unfolds(obsidian_site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(obsidian_site.url + "garden/watering/")
    closed = page.locator("details.warning")
    body = closed.locator("p", has_text="Skip the lawn")
    expect(body).to_be_hidden()
    closed.locator("summary").click()
    expect(body).to_be_visible()
    closed.locator("summary").click()
    expect(body).to_be_hidden()
    opened = page.locator("details.faq")
    expect(opened.locator("p", has_text="finger")).to_be_visible()


def test_math_and_mermaid_render_from_the_site(obsidian_site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(obsidian_site.url + "sky/charts/")
    expect(page.locator("span.arithmatex .katex")).to_have_count(1)
    expect(page.locator("div.arithmatex .katex-display")).to_have_count(1)
    # mkdocs-material swaps the fence for a div holding the drawn SVG (in a closed shadow
    # root) only once mermaid.render has succeeded: the div, with a size, is the drawing.
    expect(page.locator("pre.mermaid")).to_have_count(0)
    diagram = page.locator("div.mermaid")
    expect(diagram).to_have_count(1)
    box = diagram.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 20
    assert visit.foreign == []
    served = {Path(path).name for path in obsidian_site.requested}
    assert {"katex.min.js", "mermaid.min.js"} <= served


def test_audio_and_video_load_from_the_site(obsidian_site: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(obsidian_site.url + "sky/charts/")
    audio, video = page.locator("audio.vault-audio"), page.locator("video.vault-video")
    page.wait_for_function("() => document.querySelector('audio.vault-audio').readyState >= 1")
    page.wait_for_function("() => document.querySelector('video.vault-video').readyState >= 1")
    assert audio.evaluate("a => a.duration") == pytest.approx(0.5, abs=0.01)  # 4,000 samples at 8 kHz
    assert video.evaluate("v => [v.videoWidth, v.videoHeight]") == [160, 90]



@pytest.mark.parametrize("path", ["garden/watering/", "sky/charts/", "sky/constellations/", "garden/seed-list/", "tags/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_obsidian_pages_are_axe_clean(obsidian_site: Server, visit: Visit, path: str, scheme: str) -> None:
    page = visit.page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(obsidian_site.url + path)
    page.wait_for_load_state("networkidle")
    assert article_violations(page) == []

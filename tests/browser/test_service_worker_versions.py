"""The service worker keeps one version of each versioned file: after the site is published
again with a new Pyodide and a new engine and standard library as bytecode, a visit uses the
new ones and the old copies leave the cache (a reader's storage does not grow with every
release)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import WAIT_MS, checked_visit
from tests.browser.harness import Server, Visit, serve, wait_for_async
from tests.browser.test_any_address import controlled, recompute
from tests.browser.test_calculators import GUARDIAN_X

pytestmark = pytest.mark.browser

RUNTIME = Path("assets/calculators/runtime.json")
KEPT = ("pyodide.asm.wasm", "python_stdlib.zip", "rulesengine.zip")  # what a full start fetched


@pytest.fixture
def published(site: Server, tmp_path: Path) -> Iterator[Server]:
    root = tmp_path / "site"
    shutil.copytree(site.root, root)
    server = serve(root, "/versions/")
    yield server
    server.close()


@pytest.fixture
def visit(browser: Any) -> Iterator[Visit]:
    yield from checked_visit(browser)


def republish(root: Path) -> dict[str, str]:
    """What a new release looks like to a browser: Pyodide and the bytecode archives (the
    standard library's and the engine's, one folder) under new versioned folders, and
    runtime.json pointing at them."""
    config_path = root / RUNTIME
    runtime = json.loads(config_path.read_text(encoding="utf-8"))
    for sibling in config_path.parent.glob("runtime.json.*"):
        sibling.unlink()  # a stale compressed copy would be sent instead
    moved = {}
    for key in ("indexURL", "stdlibURL"):
        address = runtime[key]
        parts = address.split("/")
        # "../pyodide/<version>/", "../stdlib/<key>/<file>"
        family, version = parts[1], parts[2]
        new_version = f"{version}-next" if family == "pyodide" else "f" * len(version)
        (root / "assets" / family / version).rename(root / "assets" / family / new_version)
        runtime[key] = address.replace(f"/{version}/", f"/{new_version}/")
        moved[family] = f"/{family}/{version}/"
        if key == "stdlibURL":  # the engine's archive, in the same folder, moved with it
            runtime["engineURL"] = runtime["engineURL"].replace(f"/{version}/", f"/{new_version}/")
    config_path.write_text(json.dumps(runtime), encoding="utf-8")
    return moved


def kept_together(page: Any, endings: tuple[str, ...]) -> list[str]:
    """The cache's addresses once one listing holds every ending: a file stored twice (the
    page's list and the service worker's own fetch may both keep it) can be missing from a
    listing taken while the second copy is written."""
    found = wait_for_async(
        page,
        """async (endings) => {
          const found = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) found.push(request.url);
          }
          return endings.every((ending) => found.some((url) => url.endsWith(ending))) ? found : false;
        }""",
        list(endings),
        WAIT_MS,
    )
    return list(found)


def test_a_new_release_replaces_the_kept_versions(published: Server, visit: Visit) -> None:
    page = visit.page
    page.goto(published.url + GUARDIAN_X)
    controlled(page)
    recompute(page, "2")
    before = kept_together(page, KEPT)

    old = republish(Path(published.root))
    again = visit.context.new_page()
    again.goto(published.url + GUARDIAN_X)
    recompute(again, "3")
    assert again.evaluate("rulesCalculators.stats.pythonPhases")["snapshot"] == "not used: the full start sends less"
    kept_together(again, ("-next/pyodide.asm.wasm", *KEPT[1:]))
    wait_for_async(
        again,
        """async (old) => {
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
              if (old.some((part) => request.url.includes(part))) return false;
            }
          }
          return true;
        }""",
        list(old.values()),
        WAIT_MS,
    )
    after = kept_together(again, ("-next/pyodide.asm.wasm", *KEPT[1:]))
    for family, part in old.items():
        assert any(part in url for url in before), f"the first visit kept no {family}"
        assert not any(part in url for url in after), f"the old {family} is still kept"
        assert any(f"/{family}/" in url for url in after), f"the new {family} is not kept"
    # One copy of each file: as many versioned files as before.
    def versioned(urls: list[str]) -> list[str]:
        return sorted(u for u in urls if any(f"/assets/{f}/" in u for f in old))

    assert len(versioned(after)) == len(versioned(before)), (versioned(before), versioned(after))

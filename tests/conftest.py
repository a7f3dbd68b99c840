"""Every test's site builds skip the calculators' answers computed at build time
(scripts/calculators/answers.py; CALCULATOR_ANSWERS=off): the many small builds stay as
fast as before, and the browser tests of Python's own answers see Python answer; and they
make the start-up snapshot (CALCULATOR_SNAPSHOT=on), which other builds leave out. The tests
of those answers build with them (tests/scripts/calculators/test_answers.py,
tests/browser/test_built_answers.py); a default build (serve.sh, publish) has them.

Run in parallel (`bash scripts/test.sh` runs `pytest -n 2 --dist loadgroup`, pytest-xdist),
each worker process builds what its tests share once per session (the real site, the
Obsidian fixture site, Chromium: session-wide fixtures), so a test that needs them goes to
whichever worker is free, and both workers may build the site. The fixture vaults' sites
that a browser module and a module of built files both read (SHARED_SITES) are session-wide
too, and every module naming one goes to one worker, so each is built once; so do the tests
of a module with a module- or class-wide fixture (a site it builds for itself: `work_unit`).
Work is handed out in a fixed order: modules sent together, the largest first, then each
browser test, then every other test in batches of a module's (BATCH), short ones that fill
the workers' last minutes (`pytest_collection_modifyitems`).
Without `-n`, only the order changes.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tests.browser.harness import Server

os.environ.setdefault("CALCULATOR_ANSWERS", "off")
# The start-up snapshot is made only when a build asks for it (calculators_hook.snapshot_wanted):
# the tests' builds ask, so the snapshot's start stays tested (tests/browser/test_python_start.py);
# made once per engine change and kept in .cache/snapshots/.
os.environ.setdefault("CALCULATOR_SNAPSHOT", "on")

ROOT = Path(__file__).resolve().parent.parent
BROWSER = "tests/browser/"
_SHARED_FIXTURE = re.compile(r"""scope\s*=\s*["'](module|class|package)["']""")


@cache
def _module_text(path: str) -> str:
    try:
        return (ROOT / path).read_text(encoding="utf-8")
    except OSError:
        return ""


# Fixture vaults' sites that a browser module and a module of built files both read (the
# session fixtures below): every module naming one goes to one worker, which builds it once.
SHARED_SITES = ("dice_site", "tabletop_site", "probe_site")
# Tests sent to a worker together when each could go alone (a module's, in their order): xdist
# costs a worker and the controller a few milliseconds for every unit it hands out, which is
# more than most of these tests take.
BATCH = 10


@cache
def _module_unit(module: str) -> str | None:
    """The work unit every test of `module` belongs to, if they must share one worker."""
    text = _module_text(module)
    shared = next((name for name in SHARED_SITES if re.search(rf"\b{name}\b", text)), None)
    if shared:
        return shared
    return module if _SHARED_FIXTURE.search(text) else None


def work_unit(nodeid: str) -> str:
    """The tests sent to one worker together: those of every module that reads one of the
    SHARED_SITES; those of a module whose tests share a module- or class-wide fixture (a
    site it builds); any other test is a unit of its own (the scheduler below batches those
    that are not browser tests)."""
    return _module_unit(nodeid.split("::")[0]) or nodeid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order work is handed out in: the tests that must share a worker first, the largest
    such unit first; then each browser test, each module's in their order: they are the long
    ones, and a long test handed out last would leave one worker running alone; then the
    others, in batches."""
    sizes = Counter(_module_unit(item.nodeid.split("::")[0]) for item in items)

    def order(item: pytest.Item) -> tuple[int, int, str]:
        unit = _module_unit(item.nodeid.split("::")[0])
        if unit:
            return (0, -sizes[unit], unit)
        return (1 if item.nodeid.startswith(BROWSER) else 2, 0, "")

    items.sort(key=order)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` sends each work unit to one worker, in the order of the tests
    (xdist's reordering by size is off). (xdist's own `xdist_group` marks cannot do it with
    pytest 9.2: xdist 3.8 writes the group into an attribute pytest no longer reads for
    test ids.)"""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False

    class SharedWork(LoadScopeScheduling):
        batches: dict[str, str] = {}
        counted: Counter[str] = Counter()

        def _split_scope(self, nodeid: str) -> str:
            unit = work_unit(nodeid)
            if unit != nodeid or nodeid.startswith(BROWSER):
                return unit
            if nodeid not in self.batches:  # first seen in the order of the tests (schedule)
                module = nodeid.split("::")[0]
                self.batches[nodeid] = f"{module}::batch {self.counted[module] // BATCH}"
                self.counted[module] += 1
            return self.batches[nodeid]

    return SharedWork(config, log)


def _served_build(config: Path, out: Path) -> Iterator[Server]:
    """Build `config` into `out` (--strict) for the address it is served at, and serve it."""
    from tests.browser.harness import SetupError, build_site, serve

    server = serve(out)
    try:
        build_site(config, server.root, server.url)
    except SetupError as error:
        server.close()
        pytest.fail(str(error), pytrace=False)
    yield server
    server.close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The shipped site (the repository's mkdocs.yml, --strict), built once in each worker
    that needs it and served on 127.0.0.1: the browser tests open it, other tests read its
    files (`site.root`)."""
    yield from _served_build(ROOT / "mkdocs.yml", tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def obsidian_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Our Obsidian fixture vault (tests/fixtures/vaults/obsidian) built with the repository's
    settings minus `extra.vault`, as a new user publishing their own vault would."""
    from tests.scripts.vault.zero_config import OBSIDIAN_VAULT, zero_config_copy

    folder = tmp_path_factory.mktemp("obsidian-browser")
    yield from _served_build(zero_config_copy(OBSIDIAN_VAULT, folder), folder / "site")


@pytest.fixture(scope="session")
def dice_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The Dice Roller fixture vault (tests/fixtures/vaults/dice) built --strict with the
    settings a new user's vault gets (site_config.config_for), served: the browser tests
    roll on it, tests/scripts/vault/plugins/dice read its files."""
    from scripts.site.shell.site_config import config_for

    folder = tmp_path_factory.mktemp("dice")
    config = config_for(ROOT / "tests" / "fixtures" / "vaults" / "dice", folder / "configs")
    yield from _served_build(config, folder / "site")


@pytest.fixture(scope="session")
def tabletop_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """Our tabletop vault (tests/fixtures/vaults/tabletop) published as `publish.sh`
    publishes it (its unreadable blocks are the vault's warnings, which `mkdocs build
    --strict` would stop at), served (the build works at any address), with what the
    publish printed."""
    from tests.browser.harness import serve
    from tests.scripts.vault.test_foreign_vaults import publish

    out = tmp_path_factory.mktemp("tabletop") / "site"
    run = publish(ROOT / "tests" / "fixtures" / "vaults" / "tabletop", out)
    if run.returncode != 0:
        pytest.fail(run.stderr, pytrace=False)
    server = serve(out)
    yield server, run.stdout + run.stderr
    server.close()


@pytest.fixture(scope="session")
def probe_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The probe vault (tests/fixtures/vaults/probe: every way a note could carry script)
    built as a new user's vault, not --strict (it links to headings and images that do not
    exist, on purpose), served."""
    from tests.browser.harness import serve
    from tests.scripts.site.test_page_safety import PROBE_VAULT
    from tests.scripts.vault.test_site_build import mkdocs_build
    from tests.scripts.vault.zero_config import zero_config_copy

    folder = tmp_path_factory.mktemp("probe")
    server = serve(folder / "site")
    run = mkdocs_build(zero_config_copy(PROBE_VAULT, folder), server.root, strict=False)
    if run.returncode != 0:
        server.close()
        pytest.fail(f"the probe vault did not build:\n{run.stderr}", pytrace=False)
    yield server
    server.close()

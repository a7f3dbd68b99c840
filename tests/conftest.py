"""Every test's site builds skip the calculators' answers computed at build time
(scripts/calculators/answers.py; CALCULATOR_ANSWERS=off): the many small builds stay as
fast as before, and the browser tests of Python's own answers see Python answer. The tests
of those answers build with them (tests/scripts/calculators/test_answers.py,
tests/browser/test_built_answers.py); a default build (serve.sh, publish) has them.

Run in parallel (`bash scripts/test.sh` runs `pytest -n 2 --dist loadgroup`, pytest-xdist),
each worker process builds what its tests share, so tests that share a built site or a
browser are sent to one worker together: every browser test to one ("browser": the real
site, the Obsidian fixture site and Chromium are built and launched once), and the tests of
a module with a module- or class-wide fixture (a site it builds) to one. Every other test
goes wherever a worker is free. Without `-n`, the groups mean nothing.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("CALCULATOR_ANSWERS", "off")

SHARED_SCOPES = {"module", "class", "package"}


def xdist_group(item: pytest.Item) -> str | None:
    """The worker group an item joins (see the module's docstring), or None."""
    info = getattr(item, "_fixtureinfo", None)
    # Ours only: pytest's own (tmp_path_factory, session-wide) have no base id.
    defs = [d for chain in (info.name2fixturedefs.values() if info is not None else ()) for d in chain if d.baseid]
    if item.get_closest_marker("browser") is not None or any(d.scope == "session" for d in defs):
        return "browser"
    if any(d.scope in SHARED_SCOPES for d in defs):
        return item.nodeid.split("::")[0]
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        group = xdist_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))

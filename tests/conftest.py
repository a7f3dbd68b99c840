"""Every test's site builds skip the calculators' answers computed at build time
(scripts/calculators/answers.py; CALCULATOR_ANSWERS=off): the many small builds stay as
fast as before, and the browser tests of Python's own answers see Python answer. The tests
of those answers build with them (tests/scripts/calculators/test_answers.py,
tests/browser/test_built_answers.py); a default build (serve.sh, publish) has them.

Run in parallel (`bash scripts/test.sh` runs `pytest -n 2 --dist loadgroup`, pytest-xdist),
each worker process builds what its tests share, so tests that share a built site or a
browser are sent to one worker together (`work_unit`): the browser tests of the real site
to one (the site is built once), those of the Obsidian fixture site to one, and the tests
of a module with a module- or class-wide fixture (a site it builds) to one. Every other
test goes wherever a worker is free. Without `-n`, this changes nothing.
"""

from __future__ import annotations

import ast
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("CALCULATOR_ANSWERS", "off")

ROOT = Path(__file__).resolve().parent.parent
BROWSER = "tests/browser/"
# A browser module long enough to go beside the other browser tests of the site (its axe
# pass over every page at two widths, in two schemes, is the longest browser test): a
# unit of its own, so the other worker may take it, building the site there too.
OWN_WORKER_UNIT = {"tests/browser/test_calculator_reader.py"}
_SHARED_FIXTURE = re.compile(r"""scope\s*=\s*["'](module|class|package)["']""")


@cache
def _module_text(path: str) -> str:
    try:
        return (ROOT / path).read_text(encoding="utf-8")
    except OSError:
        return ""


@cache
def _argument_names(path: str) -> frozenset[str]:
    """The parameter names of the module's tests and fixtures: the fixtures they ask for."""
    try:
        tree = ast.parse(_module_text(path))
    except SyntaxError:
        return frozenset()
    return frozenset(
        arg.arg for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
        and (node.name.startswith("test") or any("fixture" in ast.unparse(d) for d in node.decorator_list))
        for arg in node.args.args
    )


def work_unit(nodeid: str) -> str:
    """The tests sent to one worker together:
    - browser tests that use the real site (tests/browser/conftest.py `site`), and those
      that need only Chromium: "browser-site", so the site is built once (but
      OWN_WORKER_UNIT's modules: each their own unit);
    - browser tests of the Obsidian fixture site only: "browser-obsidian";
    - the tests of a module whose tests share a module- or class-wide fixture (a site it
      builds): that module;
    - any other test: itself."""
    module = nodeid.split("::")[0]
    text = _module_text(module)
    shared = _SHARED_FIXTURE.search(text) is not None
    if module.startswith(BROWSER) and "mark.browser" in text:
        names = _argument_names(module)
        if module in OWN_WORKER_UNIT:
            return module
        if "site" in names:
            return "browser-site"
        if "obsidian_site" in names:
            return "browser-obsidian"
        return module if shared else "browser-site"
    return module if shared else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` sends each work unit to one worker. (xdist's own `xdist_group`
    marks cannot do it with pytest 9.2: xdist 3.8 writes the group into an attribute
    pytest no longer reads for test ids.)"""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedWork(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return SharedWork(config, log)

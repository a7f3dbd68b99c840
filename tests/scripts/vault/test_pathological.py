"""No note can stall a build: each pathological note (scripts/bench/pathological_notes.py) at
200 KB compiles, and its words are still on the page. A quadratic rule would make this
test run for hours; the figures at 1 MB come from scripts/bench/pathological.py."""

from __future__ import annotations

import re

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.bench.pathological_notes import CASES
from scripts.vault.syntax import MAX_NESTING


@pytest.mark.parametrize("name", list(CASES))
def test_a_pathological_note_compiles(name: str) -> None:
    note = CASES[name](200_000)
    compiled = compile_vault({"note.md": note}, VaultConfig())
    page = compiled.pages["note.md"]
    assert page.count('<h2 id="pages-that-link-here">') == 1  # the site's own part is still there, once
    if name.startswith("2,000-deep"):
        # Read down to MAX_NESTING levels of markdown-it's nesting (a quote takes one, a list
        # item two); deeper, markdown-it stops rather than recurse on.
        assert len(re.findall(r">x\b", page)) >= MAX_NESTING // 3
    elif name == "backticks":
        assert '<pre class="highlight"><code' in page  # a fence that is never closed: code to the end
    else:
        assert len(page) > len(note) // 4

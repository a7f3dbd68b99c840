"""Each piece of Obsidian syntax, input note -> the page's HTML."""

from __future__ import annotations

from pathlib import Path

import pytest

from .context import page_body
from .fixture_file import read_fixtures

CASES = read_fixtures(Path(__file__).parent / "fixtures" / "syntax.md")


@pytest.mark.parametrize(("title", "note", "expected"), CASES, ids=[case[0] for case in CASES])
def test_syntax(title: str, note: str, expected: str) -> None:
    assert page_body(note) == expected.strip()


def test_every_fixture_was_read() -> None:
    assert len(CASES) >= 25

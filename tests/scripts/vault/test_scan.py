"""Every wikilink the parser finds is located at the exact characters of the note."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.vault.scan import scan_note

ROOT = Path(__file__).resolve().parents[3]
NOTES = sorted((ROOT / "docs").rglob("*.md"))

CONTEXTS = [
    "{}",
    "> quoted {}",
    "- item {}",
    "1. 1 {}",
    "## heading {} ##",
    "| a | {} |\n|---|---|\n| {} | {} |",
    "text\n\ttab-indented continuation {}",
    "**bold {}** and *em {}*",
    "==mark {}==",
    "[[A]] {} [[A]]",
]
SYNTAX = ["[[A]]", "[[A#B]]", "[[A\\|c]]", "![[i.png]]", "![[A#B]]", "[[déjà vu]]"]


def located(text: str) -> list[str]:
    """The wikilinks' characters (a Markdown link's Ref covers only its destination)."""
    lines = text.split("\n")
    refs = [r for r in scan_note(text).refs if r.kind not in ("mdlink", "mdimage")]
    return [lines[r.line][r.start : r.end] for r in refs]


@pytest.mark.parametrize("note", NOTES, ids=[str(p.relative_to(ROOT / "docs")) for p in NOTES])
def test_shipped_notes(note: Path) -> None:
    for found in located(note.read_text(encoding="utf-8")):
        assert found.startswith(("[[", "![[")) and found.endswith("]]"), found


@pytest.mark.parametrize("context", CONTEXTS)
@pytest.mark.parametrize("syntax", SYNTAX)
def test_contexts(context: str, syntax: str) -> None:
    text = context.format(*[syntax] * context.count("{}"))
    found = located(text)
    assert len(found) == context.count("{}") + context.count("[[A]]")
    assert found.count(syntax) == context.count("{}") + (context.count("[[A]]") if syntax == "[[A]]" else 0)

"""Fenced blocks between glossary definitions are neither definitions nor problems."""

from __future__ import annotations

from scripts.vault.glossary import split_glossary


def test_fences_between_definitions_are_skipped() -> None:
    text = "Title\n\nEvade X: Prevent.\n\n```calculator\nkeyword: Evade\npower: 3\n```\n\nArmor: Hit on 5.\n"
    definitions, problems = split_glossary("g.md", text)
    assert [d.keyword for d in definitions] == ["Evade", "Armor"]
    assert problems == []

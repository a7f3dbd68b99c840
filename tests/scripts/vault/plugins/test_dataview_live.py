"""The live preview (`serve.sh --dirty`, scripts/site/shell/live_build.py) writes again the
pages whose Markdown changed between two compilations (scripts/vault/changes.py): a query's
page changes when a note it lists, or comes to list, changes, and only then (issue 43)."""

from __future__ import annotations

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.changes import Snapshot, changes

NOTES = {
    "Index.md": "```dataview\nLIST rank FROM #crew SORT file.name\n```\n",
    "Ana.md": "---\ntags: [crew]\n---\nrank:: captain\n",
    "Bob.md": "Not crew yet.\n",
    "Cleo.md": "---\ntags: [crew]\n---\nCook.\n",
}


def rewritten(before: dict[str, str], after: dict[str, str]) -> set[str]:
    first, second = compile_vault(before, VaultConfig()), compile_vault(after, VaultConfig())
    found = changes(Snapshot(first.pages, "nav"), Snapshot(second.pages, "nav"))
    assert found.rewrite is not None
    return set(found.rewrite)


def test_a_listed_notes_field_edit_rewrites_the_query_page() -> None:
    edited = {**NOTES, "Ana.md": "---\ntags: [crew]\n---\nrank:: admiral\n"}
    assert rewritten(NOTES, edited) == {"Ana.md", "Index.md"}
    assert "admiral" in compile_vault(edited, VaultConfig()).pages["Index.md"]


def test_a_note_joining_the_source_rewrites_the_query_page_and_its_backlinks() -> None:
    edited = {**NOTES, "Bob.md": "---\ntags: [crew]\n---\nJoined.\n"}
    assert rewritten(NOTES, edited) == {"Bob.md", "Index.md"}  # Bob's backlinks now name Index


def test_an_edit_outside_the_source_rewrites_only_that_note() -> None:
    assert rewritten(NOTES, {**NOTES, "Bob.md": "Still not crew.\n"}) == {"Bob.md"}


def test_an_inline_querys_page_is_rewritten_when_the_note_it_reads_changes() -> None:
    notes = {**NOTES, "Roster.md": "# `= [[Ana]].rank` on deck\n\nAna is `= [[Ana]].rank`.\n"}
    edited = {**notes, "Ana.md": "---\ntags: [crew]\n---\nrank:: admiral\n"}
    assert rewritten(notes, edited) == {"Ana.md", "Index.md", "Roster.md"}
    page = compile_vault(edited, VaultConfig()).pages["Roster.md"]
    assert '<h1 id="admiral-on-deck">' in page and "Ana is" in page and "captain" not in page

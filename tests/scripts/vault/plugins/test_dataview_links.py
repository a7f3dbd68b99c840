"""What a Dataview query shows links to counts as the note's links (backlinks, graph), for
inline `= expr` spans as for query blocks (issue 43): a link value, links in a list, and
`[[links]]` written in a string value (drawn as Markdown)."""

from __future__ import annotations

from scripts.vault import VaultConfig, compile_vault

NOTES = {
    "Ana.md": "Captain.\n",
    "Bob.md": "---\nmentor: \"[[Ana]]\"\n---\nCook.\n",
    "Cleo.md": "Pilot.\n",
    "Dan.md": "Nobody links here.\n",
    "Crew.md": ("# Crew\n\nMentor: `= [[Bob]].mentor`\n\n## Pairs\n\n`= [link(\"Cleo\"), \"Dan is not a link\"]`\n\n"
                "Who flies: `= \"[[Cleo|the pilot]] and [[Nobody]]\"`\n"),
}


def linked_from(target: str) -> list[tuple[str, int, str | None]]:
    built = compile_vault(NOTES, VaultConfig())
    return [(m.path, m.line, m.heading) for m in built.backlinks.get(target, ())]


def test_a_link_value_of_an_inline_query_is_a_backlink() -> None:
    assert linked_from("Ana.md") == [("Crew.md", 3, "Crew")]


def test_links_in_a_list_value_and_in_a_string_value_are_backlinks_under_their_heading() -> None:
    assert linked_from("Cleo.md") == [("Crew.md", 7, "Pairs"), ("Crew.md", 9, "Pairs")]


def test_a_query_naming_a_note_without_linking_it_gives_no_backlink() -> None:
    assert linked_from("Dan.md") == []
    assert linked_from("Bob.md") == []  # `[[Bob]].mentor` reads Bob; it shows Ana

"""A heading written as an inline query (`` # `=this.name` ``) is named by its value, as
Obsidian shows it (issue 43): its id, its table-of-contents entry and what
`[[Note#Heading]]` finds are made from the value, never from the formula."""

from __future__ import annotations

import re
from functools import cache

from scripts.vault import CompiledVault, VaultConfig, compile_vault

NOTES = {
    "Spells/Fireball.md": ("---\nname: Fire Ball\nschool: Evocation\n---\n# `=this.name`\n\nBoom.\n\n"
                           "## School: `=this.school`\n\nLoud.\n\n## Fire Ball\n\nA second heading of that name.\n"),
    "Index.md": ("See [[Fireball#Fire Ball]] and [[Fireball#School: Evocation|its school]].\n\n"
                 "![[Fireball#School: Evocation]]\n"),
    "Notes.md": "# `=this.file.name` notes\n\nAbout [[Fireball]].\n",
}


@cache
def built() -> CompiledVault:
    return compile_vault(NOTES, VaultConfig())


def test_the_headings_ids_are_made_from_their_values() -> None:
    page = built().pages["Spells/Fireball.md"]
    assert re.findall(r'<h[12] id="([^"]+)"', page) == ["fire-ball", "school-evocation", "fire-ball_1",
                                                       "pages-that-link-here"]
    assert "thisname" not in page and "thisschool" not in page


def test_the_table_of_contents_names_the_values() -> None:
    meta = built().pages["Spells/Fireball.md"].split("\n---\n")[0]
    assert "- fire-ball\n  - Fire Ball" in meta and "- school-evocation\n  - 'School: Evocation'" in meta


def test_links_to_the_heading_by_its_value_reach_its_anchor() -> None:
    index = built().pages["Index.md"]
    hrefs = re.findall(r'href="([^"]+#[^"]*)"', index)
    assert hrefs == ["spells/fireball/#fire-ball", "spells/fireball/#school-evocation"]
    assert not [p for p in built().problems if p.path == "Index.md"]


def test_a_backlink_from_under_such_a_heading_goes_to_its_anchor() -> None:
    mention = next(m for m in built().backlinks["Spells/Fireball.md"] if m.path == "Notes.md")
    assert (mention.heading, mention.anchor) == ("Notes notes", "notes-notes")  # as the heading shows
    fireball = built().pages["Spells/Fireball.md"]
    assert re.search(r'under <a href="[^"]*#notes-notes">Notes notes</a>', fireball)


def test_an_embedded_section_named_by_its_value_shows_that_section() -> None:
    embedded = built().pages["Index.md"].split('class="vault-embed"')[1]
    assert "Loud." in embedded and "Boom." not in embedded and "second heading" not in embedded


def test_another_plugins_span_in_a_heading_leaves_it_named_as_written() -> None:
    page = compile_vault({"a.md": "# Roll `dice: 1d6`\n\nText.\n"}, VaultConfig()).pages["a.md"]
    assert '<h1 id="roll-dice-1d6">' in page and "- 'Roll dice: 1d6'" in page.split("\n---\n")[0]

"""The vault's index that plugins evaluate against (scripts/vault/vault_index.py): what
each note's record holds, worked out by hand for a small vault."""

from __future__ import annotations

from datetime import datetime, timezone

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.vault_index import FileFacts

NOTES = {
    "Campaign/People/Ana.md": "---\ntags: [npc, \"#Place/Port\"]\nage: 31\naliases: [Annie]\n---\n"
                              "Lives in [[Harbor]]; knows [[Bo]] and [[Harbor#Docks]]. #npc/ally\n",
    "Campaign/Harbor.md": "# Harbor\n\n## Docks\n\nSee [[Ana]]. `#not-a-tag`\n",
    "Bo.md": "Bo links [[Nowhere]] and ![[Harbor]].\n",
}


def test_each_note_has_its_properties_tags_and_links() -> None:
    when = datetime(2026, 1, 2, tzinfo=timezone.utc)
    facts = {"Bo.md": FileFacts(40, when, when)}
    vault = compile_vault(NOTES, VaultConfig(), file_facts=facts).vault
    ana = vault.get("Campaign/People/Ana.md")
    assert ana is not None
    assert (ana.name, ana.folder, ana.extension) == ("Ana", "Campaign/People", "md")
    assert ana.front_matter["age"] == 31 and ana.aliases == ("Annie",)
    assert ana.tags == ("npc", "Place/Port", "npc/ally")  # front matter's first, each once, "#" dropped
    assert ana.outlinks == ("Campaign/Harbor.md", "Bo.md")  # each once, in order
    assert ana.inlinks == ("Campaign/Harbor.md",)
    harbor = vault.get("Campaign/Harbor.md")
    assert harbor is not None and harbor.tags == ()  # a tag inside code is no tag
    assert harbor.inlinks == ("Bo.md", "Campaign/People/Ana.md")
    bo = vault.get("Bo.md")
    assert bo is not None and bo.facts == FileFacts(40, when, when)
    assert ana.facts.size == len(NOTES["Campaign/People/Ana.md"].encode())


def test_tags_find_their_subtags_and_folders_their_subfolders() -> None:
    vault = compile_vault(NOTES, VaultConfig()).vault
    assert vault.tagged("#npc") == ("Campaign/People/Ana.md",)
    assert vault.tagged("place") == ("Campaign/People/Ana.md",)  # case ignored, parent of Place/Port
    assert vault.tagged("npc/ally") == ("Campaign/People/Ana.md",) and vault.tagged("ally") == ()
    assert set(vault.in_folder("Campaign")) == {"Campaign/People/Ana.md", "Campaign/Harbor.md"}
    assert vault.in_folder("/") == tuple(vault.notes)

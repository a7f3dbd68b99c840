"""Dataview's page objects are kept exactly as long as the vault index they were made from; the
compile spares its long-lived objects the collector's walks and leaves nothing frozen."""

from __future__ import annotations

import gc

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.dataview import pages
from scripts.vault.vault_index import NoteRecord, VaultIndex


def test_page_objects_live_as_long_as_their_index() -> None:
    first = VaultIndex({"A.md": NoteRecord("A.md", "A", {"rating": 3})})
    assert pages.pages_of(first)["A.md"]["rating"] == 3
    assert pages.pages_of(first) is pages.pages_of(first)  # made once
    pages.results_of(first)[("A.md", 1, "q")] = "kept"
    assert id(first) in pages._KEPT
    key = id(first)
    del first
    gc.collect()
    assert key not in pages._KEPT
    second = VaultIndex({"B.md": NoteRecord("B.md", "B", {"rating": 5})})
    assert list(pages.pages_of(second)) == ["B.md"]  # never another index's pages
    assert pages.results_of(second) == {}


def test_compile_leaves_nothing_frozen() -> None:
    notes = {"A.md": "rating:: 3\n", "B.md": "`= [[A]].rating`\n"}
    compiled = compile_vault(notes, VaultConfig())
    assert ">3<" in compiled.pages["B.md"]
    assert gc.get_freeze_count() == 0
    gc.freeze()  # a caller's own freeze is left as it was
    try:
        frozen = gc.get_freeze_count()
        compile_vault(notes, VaultConfig())
        # Not unfrozen (that would leave none) and nothing of the compile's own left frozen (that
        # would add some); the count may still fall, as a frozen object can die meanwhile.
        assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()

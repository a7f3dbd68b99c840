"""Link resolution as Obsidian does it: case-insensitive, folders optional; a whole vault
path first, then the linking note's own folder, then the shortest path."""

from __future__ import annotations

import pytest

from scripts.vault.index import LinkIndex, asset_target, keyword_target, note_target

INDEX = LinkIndex(
    pages=(
        note_target("legion/Attack.md", "Attack"),
        note_target("legion/keywords/Guardian X.md", "Guardian X"),
        note_target("legion/keywords/Cover.md", "Cover"),
        note_target("legion/keywords/Cover X.md", "Cover X"),
        note_target("swtcg/Cover.md", "Cover"),
        note_target("Attack Pool.md", "Attack Pool"),
        keyword_target("swtcg/keywords/evade.md", "Evade", ["Evade X"]),
        keyword_target("swtcg/keywords/critical-hit.md", "Critical Hit", ["Critical Hit X"]),
    ),
    assets=(asset_target("Pics/HitIcon.png"), asset_target("Pics/MeleeIcon.png")),
)


@pytest.mark.parametrize(
    ("written", "from_path", "expected"),
    [
        ("Attack", "index.md", "legion/Attack.md"),
        ("attack", "index.md", "legion/Attack.md"),
        ("legion/Attack", "index.md", "legion/Attack.md"),
        ("legion/attack.md", "index.md", "legion/Attack.md"),
        ("/legion/Attack", "index.md", "legion/Attack.md"),
        ("pierce x", "index.md", None),
        ("guardian x", "swtcg/x.md", "legion/keywords/Guardian X.md"),
        ("keywords/Guardian X", "index.md", "legion/keywords/Guardian X.md"),
        ("eywords/Guardian X", "index.md", None),  # a folder name is matched whole
        ("Cover X", "index.md", "legion/keywords/Cover X.md"),
        ("Cover", "legion/Attack.md", "swtcg/Cover.md"),  # the shorter path: an ancestor is no help
        ("Cover", "swtcg/x.md", "swtcg/Cover.md"),
        ("Cover", "legion/keywords/x.md", "legion/keywords/Cover.md"),  # its own folder
        ("Cover", "index.md", "swtcg/Cover.md"),
        ("keywords/cover", "index.md", "legion/keywords/Cover.md"),
        ("Attack Pool", "legion/Attack.md", "Attack Pool.md"),
        ("Evade", "legion/Attack.md", "swtcg/keywords/evade.md"),
        ("evade x", "index.md", "swtcg/keywords/evade.md"),
        ("Critical Hit X", "index.md", "swtcg/keywords/critical-hit.md"),
        ("critical-hit", "index.md", "swtcg/keywords/critical-hit.md"),
    ],
)
def test_find_page(written: str, from_path: str, expected: str | None) -> None:
    found = INDEX.find_page(written, from_path)
    assert (found.target.path if found.target else None) == expected


def test_candidates_are_all_listed_and_a_clear_winner_is_no_tie() -> None:
    found = INDEX.find_page("cover", "index.md")
    assert found.target is not None and found.tied == ()
    assert sorted(c.path for c in found.candidates) == ["legion/keywords/Cover.md", "swtcg/Cover.md"]


def test_equally_short_paths_are_a_tie_settled_by_path_order() -> None:
    index = LinkIndex(pages=(note_target("b/Note.md", "Note"), note_target("a/Note.md", "Note")), assets=())
    found = index.find_page("Note", "c/x.md")
    assert found.target is not None and found.target.path == "a/Note.md"
    assert [t.path for t in found.tied] == ["a/Note.md", "b/Note.md"]


@pytest.mark.parametrize(
    ("written", "expected"),
    [("HitIcon.png", "Pics/HitIcon.png"), ("hiticon.PNG", "Pics/HitIcon.png"),
     ("Pics/MeleeIcon.png", "Pics/MeleeIcon.png"), ("Nope.png", None), ("Icon.png", None)],
)
def test_find_asset(written: str, expected: str | None) -> None:
    found = INDEX.find_asset(written, "legion/Attack.md")
    assert (found.target.path if found.target else None) == expected


def test_a_markdown_link_climbing_out_of_the_vault_is_found_from_its_root_or_is_a_missing_note() -> None:
    from scripts.vault import VaultConfig, compile_vault

    compiled = compile_vault({
        "Deep/Er/Here.md": "[map](../..//Atlas/Map-of-Contents.md) and [gone](../../../Nope.md)\n",
        "Atlas/Map-of-Contents.md": "The map.\n",
    }, VaultConfig())
    page = compiled.pages["Deep/Er/Here.md"]
    assert '<a href="../../../atlas/map-of-contents/">map</a>' in page
    assert '<a href="../../../missing/nope/">gone</a>' in page and "missing/nope.md" in compiled.generated
    assert '<h1 id="nope">Nope' in compiled.generated["missing/nope.md"]

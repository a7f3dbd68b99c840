"""Link resolution as Obsidian does it: case-insensitive, folders optional, shortest unique."""

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
        ("Cover", "legion/Attack.md", None),  # ambiguous even from inside one game
        ("Cover", "swtcg/x.md", None),
        ("Cover", "index.md", None),
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


def test_ambiguous_lists_every_candidate() -> None:
    found = INDEX.find_page("cover", "index.md")
    assert found.target is None
    assert sorted(c.path for c in found.candidates) == ["legion/keywords/Cover.md", "swtcg/Cover.md"]


@pytest.mark.parametrize(
    ("written", "expected"),
    [("HitIcon.png", "Pics/HitIcon.png"), ("hiticon.PNG", "Pics/HitIcon.png"),
     ("Pics/MeleeIcon.png", "Pics/MeleeIcon.png"), ("Nope.png", None), ("Icon.png", None)],
)
def test_find_asset(written: str, expected: str | None) -> None:
    found = INDEX.find_asset(written, "legion/Attack.md")
    assert (found.target.path if found.target else None) == expected

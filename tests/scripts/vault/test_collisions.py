"""Two pages the slug rule puts at one URL are a build error naming both."""

from __future__ import annotations

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.collisions import url_collisions


def errors(notes: dict[str, str], config: VaultConfig = VaultConfig()) -> list[str]:
    compiled = compile_vault(notes, config)
    return [str(p) for p in compiled.problems if p.severity == "error"]


def test_two_notes_with_one_slug_name_each_other() -> None:
    found = errors({"legion/keywords/Guardian X.md": "a", "legion/keywords/guardian_x.md": "b", "Other.md": "c"})
    assert found == [
        "legion/keywords/Guardian X.md:1: the page URL /legion/keywords/guardian-x/ is also the URL of "
        "legion/keywords/guardian_x.md: rename one of them",
        "legion/keywords/guardian_x.md:1: the page URL /legion/keywords/guardian-x/ is also the URL of "
        "legion/keywords/Guardian X.md: rename one of them",
    ]


def test_folders_collide_too() -> None:
    found = errors({"My Game/Attack.md": "a", "my_game/attack.md": "b"})
    assert len(found) == 2
    assert all("/my-game/attack/" in message for message in found)


def test_three_way_collision_names_the_other_two() -> None:
    found = url_collisions(["A b.md", "a-b.md", "A_B.md", "c.md"])
    assert [p.path for p in found] == ["A b.md", "A_B.md", "a-b.md"]
    assert found[0].message == "the page URL /a-b/ is also the URL of A_B.md and a-b.md: rename one of them"


def test_distinct_slugs_are_fine() -> None:
    assert url_collisions(["index.md", "Index.md", "a/index.md", "a/b.md", "b c.md", "b-c-d.md"]) == []


def test_a_note_beside_a_folder_index_of_the_same_name_collides() -> None:
    # Both would be a/index.html.
    found = url_collisions(["a.md", "a/index.md"])
    assert [p.path for p in found] == ["a.md", "a/index.md"]


def test_a_note_for_a_glossary_keyword_wins_over_the_cut_out_page() -> None:
    notes = {"swtcg/Glossary.md": "Glossary\n\nCritical Hit X: More damage.\n", "swtcg/keywords/Critical Hit.md": "Mine."}
    compiled = compile_vault(notes, VaultConfig(glossaries=("swtcg/Glossary.md",)))
    assert [p for p in compiled.problems if p.severity == "error"] == []
    assert "swtcg/keywords/critical-hit.md" not in compiled.generated
    assert any("has a note of its own" in p.message for p in compiled.problems)

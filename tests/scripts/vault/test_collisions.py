"""Two notes the slug rule puts at one URL are both published, the second at a URL of its
own, with a warning naming both; a collision left between pages the site writes is an error."""

from __future__ import annotations

from scripts.vault import VaultConfig, compile_vault
from rulesengine.urls import page_path
from scripts.vault.collisions import separate, url_collisions


def found(notes: dict[str, str], config: VaultConfig = VaultConfig()) -> list[str]:
    compiled = compile_vault(notes, config)
    return [f"{p.severity} {p}" for p in compiled.problems if p.severity != "info"]


def test_two_notes_with_one_slug_are_both_published_and_the_second_is_named() -> None:
    notes = {"legion/keywords/Guardian X.md": "[[guardian_x]] and [[Guardian X]]", "legion/keywords/guardian_x.md": "b",
             "Other.md": "[[guardian_x]]"}
    assert found(notes) == [
        "warning legion/keywords/guardian_x.md:1: the page URL /legion/keywords/guardian-x/ is also the URL of "
        "legion/keywords/Guardian X.md: this note is published at /legion/keywords/guardian-x-2/ "
        "(rename one of them to choose)",
    ]
    compiled = compile_vault(notes, VaultConfig())
    assert page_path("legion/keywords/guardian_x.md") == "legion/keywords/guardian-x-2/"
    assert page_path("legion/keywords/Guardian X.md") == "legion/keywords/guardian-x/"
    # Links go to each note's own address, from a neighbour and from another folder.
    assert '<a href="../guardian-x-2/"' in compiled.pages["legion/keywords/Guardian X.md"]
    assert '<a href="./"' in compiled.pages["legion/keywords/Guardian X.md"]
    assert '<a href="../legion/keywords/guardian-x-2/"' in compiled.pages["Other.md"]
    # The next build starts from the slug rule again.
    compile_vault({"legion/keywords/guardian_x.md": "b"}, VaultConfig())
    assert page_path("legion/keywords/guardian_x.md") == "legion/keywords/guardian-x/"


def test_folders_collide_too_and_a_number_skips_a_url_taken() -> None:
    moved, problems = separate(["My Game/Attack.md", "my_game/attack.md", "my game/Attack 2.md", "MY GAME/attack.md"])
    # Sorted as Python sorts: capitals first.
    assert moved == {"My Game/Attack.md": "my-game/attack-3/", "my_game/attack.md": "my-game/attack-4/"}
    assert [p.path for p in problems] == ["My Game/Attack.md", "my_game/attack.md"]
    assert all("/my-game/attack/ is also the URL of MY GAME/attack.md" in p.message for p in problems)


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

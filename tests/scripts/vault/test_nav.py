"""Navigation by game: Home, the games in mkdocs.yml's order, other pages; names as
written; missing notes only reached from the pages that mention them (issue 22)."""

from __future__ import annotations

from scripts.vault import VaultConfig
from scripts.vault.nav import build_nav

TITLES = {
    "index.md": "Rules reference",
    "coverage.md": "Coverage",
    "swtcg/The Cantina.md": "The Cantina",
    "swtcg/keywords/index.md": "Keywords",
    "swtcg/keywords/evade.md": "Evade",
    "legion/Attack.md": "Attack",
    "legion/keywords/index.md": "Keywords",
    "legion/keywords/Dodge.md": "Dodge",
    "legion/keywords/Aim.md": "Aim",
    "missing/index.md": "Missing notes",
    "missing/dice.md": "Dice",
}


def test_nav_by_game() -> None:
    nav = build_nav(TITLES, VaultConfig(games={"legion": "Legion", "swtcg": "SWTCG"}))
    assert nav == [
        {"Home": "index.md"},
        {"Legion": [
            {"Keywords": [
                {"Keywords": "legion/keywords/index.md"},
                {"Aim": "legion/keywords/Aim.md"},
                {"Dodge": "legion/keywords/Dodge.md"},
            ]},
            {"Attack": "legion/Attack.md"},
        ]},
        {"SWTCG": [
            {"Keywords": [{"Keywords": "swtcg/keywords/index.md"}, {"Evade": "swtcg/keywords/evade.md"}]},
            {"The Cantina": "swtcg/The Cantina.md"},
        ]},
        {"Coverage": "coverage.md"},
    ]


def test_folder_and_note_names_keep_their_case_and_missing_notes_stay_out() -> None:
    titles = {"13A/Rule Thirteen.md": "Rule Thirteen", "lower_case-folder/a note.md": "a note",
              "README.md": "README", "missing/index.md": "Missing notes", "missing/dice.md": "Dice"}
    nav = build_nav(titles, VaultConfig(home="README.md"))
    assert nav == [
        {"Home": "README.md"},
        {"13A": [{"Rule Thirteen": "13A/Rule Thirteen.md"}]},
        {"lower_case-folder": [{"a note": "lower_case-folder/a note.md"}]},
    ]


def test_many_notes_at_the_root_are_grouped_under_one_section() -> None:
    """Top-level entries are sections the theme opens on every page: the root's groups go
    under one, so each page carries its own group's links and the other groups' names."""
    titles = {"index.md": "Home page", "rules/Combat.md": "Combat",
              **{f"Note {n:03d}.md": f"Note {n:03d}" for n in range(120)}}
    nav = build_nav(titles, VaultConfig())
    assert nav[0] == {"Home": "index.md"}
    sections = {name: children for entry in nav[1:] for name, children in entry.items()}
    assert set(sections) == {"rules", "Notes"}
    groups = sections["Notes"]
    assert isinstance(groups, list) and len(groups) == 3
    assert all(isinstance(children, list) and len(children) <= 50 for g in groups for children in g.values())
    leaves = [path for g in groups for children in g.values() for leaf in children for path in leaf.values()]
    assert leaves == [f"Note {n:03d}.md" for n in range(120)]


def test_a_few_notes_at_the_root_stay_top_level_links() -> None:
    titles = {"index.md": "Home page", **{f"Note {n}.md": f"Note {n}" for n in range(3)}}
    assert build_nav(titles, VaultConfig()) == [{"Home": "index.md"}, *({f"Note {n}": f"Note {n}.md"} for n in range(3))]

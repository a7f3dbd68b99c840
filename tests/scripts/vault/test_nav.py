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

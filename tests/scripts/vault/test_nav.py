"""Navigation by game: Home, the games in mkdocs.yml's order, other pages, Missing notes."""

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
        {"Missing notes": [{"Missing notes": "missing/index.md"}, {"Dice": "missing/dice.md"}]},
    ]

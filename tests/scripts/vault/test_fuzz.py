"""Random notes made of the syntax's pieces never crash the compiler."""

from __future__ import annotations

import random

import pytest

from scripts.vault import VaultConfig, compile_vault

PIECES = [
    "[[", "]]", "![[", "|", "\\|", "#", "`", "```\n", "\n\t» ", "\n• ", "==", "\n", "\n\n", "A", "b c",
    "\\", "| x | y |\n|---|---|\n| ", " |\n", "> ", "1. ", "    ", "**", "[x](y)", "é", "<div>\n", "Note",
]


def random_note(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 60)))


@pytest.mark.parametrize("seed", range(40))
def test_random_notes(seed: int) -> None:
    rng = random.Random(seed)
    notes = {f"n{i}.md": random_note(rng) for i in range(6)}
    notes["Note.md"] = "# A\n\ntext ![[n0]]\n"
    compiled = compile_vault(notes, VaultConfig(), assets=["Pics/A.png"])
    assert all(p.line >= 1 and p.path for p in compiled.problems)
    assert set(compiled.pages) == set(notes)

"""Every Legion keyword note has a calculator (so the coverage page says "implemented"),
a worked example the build checks, and a command-line flag named after the keyword."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesengine.calculators.registry import for_keyword, keyword_key
from rulesengine.legion.api import OPTIONS

NOTES = sorted((Path(__file__).parents[3] / "docs" / "legion" / "keywords").glob("*.md"))
FLAGS = {o.flag for o in OPTIONS}


@pytest.mark.parametrize("note", NOTES, ids=[n.stem for n in NOTES])
def test_keyword_note_has_a_calculator_and_a_worked_example(note: Path) -> None:
    assert for_keyword("legion", note.stem) is not None
    assert "```calculator" in note.read_text(encoding="utf-8") or note.stem in {"Aim", "Precise X"}


@pytest.mark.parametrize("flag", [
    "--ram", "--lethal", "--low-profile", "--dug-in", "--smoke", "--shields", "--backup", "--danger-sense",
    "--uncanny-luck", "--outmaneuver", "--observe", "--high-velocity", "--marksman", "--deflect", "--block",
    "--immune-blast", "--immune-melee-pierce", "--weak-point", "--spray", "--anti-materiel", "--anti-personnel", "--cumbersome",
    "--ion", "--jar-kai-mastery", "--overrun", "--shien-mastery",
])
def test_the_issue_flags_exist(flag: str) -> None:
    assert flag in FLAGS


def test_every_keyword_input_names_a_keyword_with_a_note() -> None:
    noted = {keyword_key(n.stem) for n in NOTES}
    aliases = {keyword_key(a) for a in ("Shielded X", "Observation Tokens")}
    for option in OPTIONS:
        for keyword in option.keywords:
            assert keyword_key(keyword) in noted | aliases, (option.name, keyword)

"""Every Legion keyword note has a calculator (so the coverage page says "implemented"),
a worked example the build checks, and a command-line flag named after the keyword."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesengine.calculators.registry import for_keyword, keyword_flags, keyword_key
from rulesengine.legion.api import OPTIONS
from rulesengine.options import argument_parser, given

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


DELIVER: list[tuple[str, str, tuple[str, ...]]] = [
    # The issue's Deliver list: (keyword note, a flag that sets it, the rulesets it exists in).
    ("Observe X", "--observe", ("notes", "2.6")), ("Ram X", "--ram", ("notes", "2.6")),
    ("Lethal X", "--lethal", ("notes", "2.6")), ("Marksman", "--marksman", ("notes", "2.6")),
    ("High Velocity", "--high-velocity", ("notes", "2.6")), ("Duelist", "--duelist", ("notes", "2.6")),
    ("Makashi Mastery", "--makashi-mastery", ("notes", "2.6")), ("Jar'Kai Mastery", "--jar-kai-mastery", ("notes", "2.6")),
    ("Anti-Materiel X", "--anti-materiel", ("2.6",)), ("Anti-Personnel X", "--anti-personnel", ("2.6",)),
    ("Cumbersome", "--cumbersome", ("notes", "2.6")), ("Spray", "--spray", ("notes", "2.6")),
    ("Suppressive", "--suppressive", ("notes", "2.6")), ("Jedi Hunter", "--jedi-hunter", ("notes", "2.6")),
    ("Death From Above", "--death-from-above", ("notes", "2.6")), ("Hold the Line", "--hold-the-line", ("notes", "2.6")),
    ("Immune Deflect", "--immune-deflect", ("notes", "2.6")), ("Ion X", "--ion", ("notes", "2.6")),
    ("Overrun X", "--overrun", ("notes", "2.6")),
    ("Outmaneuver", "--outmaneuver", ("notes", "2.6")), ("Low Profile", "--low-profile", ("notes", "2.6")),
    ("Dug In", "--dug-in", ("2.6",)), ("Smoke", "--smoke", ("notes", "2.6")), ("Shields", "--shields", ("notes", "2.6")),
    ("Backup", "--backup", ("2.6",)), ("Weak Point X", "--weak-point", ("notes", "2.6")),
    ("Danger Sense X", "--danger-sense", ("notes", "2.6")), ("Uncanny Luck X", "--uncanny-luck", ("notes", "2.6")),
    ("Block", "--block", ("notes", "2.6")), ("Deflect", "--deflect", ("notes", "2.6")),
    ("Shien Mastery", "--shien-mastery", ("2.6",)), ("Soresu Mastery", "--soresu-mastery", ("notes", "2.6")),
    ("Djem So Mastery", "--djem-so-mastery", ("notes", "2.6")), ("Immune Blast", "--immune-blast", ("notes", "2.6")),
    ("Immune Melee Pierce", "--immune-melee-pierce", ("notes", "2.6")), ("Immune Pierce", "--immune-pierce", ("notes", "2.6")),
    ("Dodge", "--dodge", ("notes", "2.6")),
]


@pytest.mark.parametrize("keyword,flag,rulesets", DELIVER, ids=[k for k, _, _ in DELIVER])
def test_every_deliver_keyword_has_a_note_a_flag_and_its_rulesets(keyword: str, flag: str, rulesets: tuple[str, ...]) -> None:
    """What the coverage page shows for it: a note, the flag (kebab case of the keyword,
    or a shorter one with the full name as an alias), and the rulesets that take its preset."""
    assert any(n.stem == keyword for n in NOTES)
    found = for_keyword("legion", keyword)
    assert found is not None
    calc, preset = found
    assert flag in keyword_flags(calc, keyword, preset)
    assert calc.rulesets is not None and calc.rulesets(preset.values) == rulesets


@pytest.mark.parametrize("alias,name", [("--soresu-mastery", "soresu"), ("--djem-so-mastery", "djem_so"), ("--makashi-mastery", "makashi")])
def test_a_mastery_takes_its_full_name_on_the_command_line(alias: str, name: str) -> None:
    parser = argument_parser("rulesengine legion", OPTIONS)
    assert given(parser.parse_args([alias]), OPTIONS) == {name: True}

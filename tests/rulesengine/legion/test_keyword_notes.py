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
    "--ion", "--jar-kai-mastery", "--overrun", "--shien-mastery", "--assault", "--sniper-team", "--overwhelm", "--vaapad",
    "--defender-vaapad",
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
    ("Observe X", "--observe", ("2026", "2.6", "notes")), ("Ram X", "--ram", ("2026", "2.6", "notes")),
    ("Lethal X", "--lethal", ("2026", "2.6", "notes")), ("Marksman", "--marksman", ("2026", "2.6", "notes")),
    ("High Velocity", "--high-velocity", ("2026", "2.6", "notes")), ("Duelist", "--duelist", ("2026", "2.6", "notes")),
    ("Makashi Mastery", "--makashi-mastery", ("2026", "2.6", "notes")), ("Jar'Kai Mastery", "--jar-kai-mastery", ("2026", "2.6", "notes")),
    ("Anti-Materiel X", "--anti-materiel", ("2026", "2.6")), ("Anti-Personnel X", "--anti-personnel", ("2026", "2.6")),
    ("Cumbersome", "--cumbersome", ("2026", "2.6", "notes")), ("Spray", "--spray", ("2026", "2.6", "notes")),
    ("Suppressive", "--suppressive", ("2026", "2.6", "notes")), ("Jedi Hunter", "--jedi-hunter", ("2026", "2.6", "notes")),
    ("Death From Above", "--death-from-above", ("2026", "2.6", "notes")), ("Hold the Line", "--hold-the-line", ("2026", "2.6", "notes")),
    ("Immune Deflect", "--immune-deflect", ("2026", "2.6", "notes")), ("Ion X", "--ion", ("2026", "2.6", "notes")),
    ("Overrun X", "--overrun", ("2026", "2.6", "notes")),
    ("Outmaneuver", "--outmaneuver", ("2026", "2.6", "notes")), ("Low Profile", "--low-profile", ("2026", "2.6", "notes")),
    ("Dug In", "--dug-in", ("2026", "2.6")), ("Smoke", "--smoke", ("2026", "2.6", "notes")), ("Shields", "--shields", ("2026", "2.6", "notes")),
    ("Backup", "--backup", ("2026", "2.6")), ("Weak Point X", "--weak-point", ("2026", "2.6", "notes")),
    ("Danger Sense X", "--danger-sense", ("2026", "2.6", "notes")), ("Uncanny Luck X", "--uncanny-luck", ("2026", "2.6", "notes")),
    ("Block", "--block", ("2026", "2.6", "notes")), ("Deflect", "--deflect", ("2026", "2.6", "notes")),
    ("Shien Mastery", "--shien-mastery", ("2026", "2.6")), ("Soresu Mastery", "--soresu-mastery", ("2026", "2.6", "notes")),
    ("Djem So Mastery", "--djem-so-mastery", ("2026", "2.6", "notes")), ("Immune Blast", "--immune-blast", ("2026", "2.6", "notes")),
    ("Immune Melee Pierce", "--immune-melee-pierce", ("2026", "2.6", "notes")), ("Immune Pierce", "--immune-pierce", ("2026", "2.6", "notes")),
    ("Dodge", "--dodge", ("2026", "2.6", "notes")),
    # Issue 33: the April 2026 attack keywords, ruleset 2026 only.
    ("Assault X", "--assault", ("2026",)), ("Sniper Team", "--sniper-team", ("2026",)),
    ("Overwhelm", "--overwhelm", ("2026",)), ("Vaapad Mastery", "--vaapad", ("2026",)),
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

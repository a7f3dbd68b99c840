"""Deflect, rerolls, Backup and the attacker's keywords, each against a case worked out by
hand from its rule text (defender's expected wounds, and the attacker's where Deflect acts)."""

from __future__ import annotations

from typing import Any

import pytest

from rulesengine.errors import InputError
from tests.rulesengine.legion.notes_rules import run

ONE_HIT = {"red": 1, "attack_faces": "hit"}
TWO_HITS = {"red": 2, "attack_faces": "hit,hit"}
THREE_HITS = {"red": 3, "attack_faces": "hit,hit,hit"}
DEFLECT = {**TWO_HITS, "dodge": 1, "deflect": True}

CASES: list[tuple[str, dict[str, Any], str, str]] = [
    # One hit left after the dodge; the white die: block 1/6, surge 1/6 (a block, and a wound back).
    ("deflect, ranged", DEFLECT, "2/3", "1/6"),
    ("deflect, melee, notes", {**DEFLECT, "melee": True}, "2/3", "0"),
    ("deflect, melee, 2.6", {**DEFLECT, "melee": True, "ruleset": "2.6"}, "5/6", "0"),
    ("immune: deflect", {**DEFLECT, "immune_deflect": True}, "5/6", "0"),
    # 2.6: Immune: Deflect only keeps the wounds off the attacker (the current text); the surge still blocks.
    ("immune: deflect, 2.6", {**DEFLECT, "immune_deflect": True, "ruleset": "2.6"}, "2/3", "0"),
    # The notes' rules (the first rules reference: a dodge token, then surge: block, and a ranged
    # attacker suffers a wound per surge), as a forum thread of the time worked it: four hits, the
    # dodge token cancels one, three red dice show surge, surge, blank.
    ("deflect, notes, four hits", {"red": 4, "attack_faces": "hit,hit,hit,hit", "dodge": 1, "deflect": True, "defense": "red",
                                   "defense_faces": "surge,surge,blank"}, "1", "2"),
    # Uncanny Luck 1: a failed white die is rolled again: P(block) = 1/6 + 5/6 * 1/6 = 11/36.
    ("uncanny luck", ONE_HIT, "5/6", "0"),
    ("uncanny luck 1", {**ONE_HIT, "uncanny_luck": 1}, "25/36", "0"),
    # A surge a token converts is kept; the blank... one die, one token: P(fail) = 4/6, reroll: 4/6 * 4/6.
    ("uncanny luck with a surge token", {**ONE_HIT, "uncanny_luck": 1, "defense_surge_tokens": 1}, "4/9", "0"),
    # Soresu Mastery: after the dodge token, the one die left is rerolled if it fails.
    ("soresu", {**TWO_HITS, "dodge": 1, "soresu": True}, "25/36", "0"),
    ("soresu, melee", {**TWO_HITS, "dodge": 1, "soresu": True, "melee": True}, "5/6", "0"),
    # Backup (2.6): two of three hits cancelled against a ranged attack, none in melee.
    ("backup", {**THREE_HITS, "backup": True, "ruleset": "2.6"}, "5/6", "0"),
    ("backup, melee", {**THREE_HITS, "backup": True, "ruleset": "2.6", "melee": True}, "5/2", "0"),
    # Defender's Duelist: a dodge token spent in melee makes Pierce 1 useless against the red die.
    ("defender duelist", {**TWO_HITS, "melee": True, "pierce": 1, "dodge": 1, "defense": "red", "defender_duelist": True}, "1/2", "0"),
    ("no defender duelist", {**TWO_HITS, "melee": True, "pierce": 1, "dodge": 1, "defense": "red"}, "1", "0"),
    # Defender's Hold the Line: surge: block in melee (2 sides of 6 block).
    ("defender hold the line", {**ONE_HIT, "melee": True, "defender_hold_the_line": True}, "2/3", "0"),
    # Attacker's Duelist: an aim token in melee gives Pierce 1, which cancels the red die's block.
    ("duelist", {**ONE_HIT, "melee": True, "aim": 1, "duelist": True, "defense": "red"}, "1", "0"),
    ("no duelist", {**ONE_HIT, "melee": True, "aim": 1, "defense": "red"}, "1/2", "0"),
    # Makashi: Pierce 2 becomes 1, and Immune: Pierce is lifted: the one block is cancelled.
    ("makashi", {**ONE_HIT, "melee": True, "pierce": 2, "immune_pierce": True, "makashi": True, "defense": "red"}, "1", "0"),
    ("no makashi", {**ONE_HIT, "melee": True, "pierce": 2, "immune_pierce": True, "defense": "red"}, "1/2", "0"),
    # Jedi Hunter: surge: crit, so a red die scores 7 sides of 8; a white die blocks 1 of 6.
    ("jedi hunter", {"red": 1, "jedi_hunter": True}, "35/48", "0"),
    ("hold the line", {"red": 1, "hold_the_line": True, "melee": True}, "35/48", "0"),
    ("hold the line, ranged", {"red": 1, "hold_the_line": True}, "5/8", "0"),
    # Death From Above: the heavy cover does not count.
    ("death from above", {**ONE_HIT, "cover": "heavy", "death_from_above": True}, "5/6", "0"),
    # Ram 1: the blank becomes a crit (Armor cannot cancel it).
    ("ram, blank", {"red": 1, "attack_faces": "blank", "ram": 1, "armor": True}, "5/6", "0"),
    ("ram, hit", {**ONE_HIT, "ram": 1, "armor": True}, "5/6", "0"),
    ("no ram", {**ONE_HIT, "armor": True}, "0", "0"),
]


@pytest.mark.parametrize(("name", "values", "defender", "attacker"), CASES, ids=[c[0] for c in CASES])
def test_expected_wounds_from_the_rule_text(name: str, values: dict[str, Any], defender: str, attacker: str) -> None:
    result = run(values)
    assert result["defender"]["expected_wounds"] == defender
    assert result["attacker"]["expected_wounds"] == attacker


def test_a_guardian_with_immune_pierce_keeps_its_blocks() -> None:
    values = {**TWO_HITS, "pierce": 1, "guardian": ["1,red,none,immune-pierce"]}
    # The guardian cancels one hit and rolls a red die (no surge chart): a wound on a blank
    # or a surge (3 of 6); without Immune: Pierce, Pierce 1 turns a block into a wound too.
    assert run(values)["guardians"][0]["expected_wounds"] == "1/2"
    assert run({**values, "guardian": ["1,red,none"]})["guardians"][0]["expected_wounds"] == "1"


def test_backup_is_refused_in_the_notes_ruleset() -> None:
    with pytest.raises(InputError, match="--backup.*2.6"):
        run({**ONE_HIT, "backup": True})


def test_deflect_trace_names_the_wounds_it_sends_back() -> None:
    steps = run({**DEFLECT, "defense_faces": "surge"})["steps"]
    roll = next(s for s in steps if s["step"] == "7a")
    assert "Deflect" in roll["text"] and "1 wound" in roll["text"]


TOKEN_CASES: list[tuple[str, dict[str, Any], str]] = [
    # One white die, one observation token: a blank or a surge it cannot convert (6 of 8) is
    # rolled again. P(hit or crit) = 2/8 + 6/8 * 2/8 = 7/16; the white defense die blocks 1 in 6.
    ("observation token", {"white": 1, "observe": 1}, "35/96"),
    ("no observation token", {"white": 1}, "5/24"),
    # Lethal 1 with an unused aim token (the hit needs no reroll): Pierce 1 cancels the red block.
    ("lethal", {**ONE_HIT, "aim": 1, "lethal": 1, "defense": "red"}, "1"),
    ("no lethal", {**ONE_HIT, "aim": 1, "defense": "red"}, "1/2"),
    # Marksman: the unused aim token turns the hit into a crit, which Armor cannot cancel.
    ("marksman against armor", {**ONE_HIT, "aim": 1, "marksman": True, "armor": True}, "5/6"),
    # Marksman with a blank given (no rerolls in trace mode): blank to hit.
    ("marksman on a blank", {"red": 1, "attack_faces": "blank", "aim": 1, "marksman": True}, "5/6"),
]


@pytest.mark.parametrize(("name", "values", "defender"), TOKEN_CASES, ids=[c[0] for c in TOKEN_CASES])
def test_tokens_spent_by_keywords(name: str, values: dict[str, Any], defender: str) -> None:
    assert run(values)["defender"]["expected_wounds"] == defender


def test_djem_so_wounds_a_melee_attacker_with_a_blank() -> None:
    values = {"red": 2, "attack_faces": "hit,blank", "melee": True, "djem_so": True}
    assert run(values)["attacker"]["wounds"] == {"1": "1"}
    assert run({**values, "melee": False})["attacker"]["wounds"] == {"0": "1"}


def test_suppressive_adds_a_token_even_when_nothing_hits() -> None:
    values = {"red": 1, "attack_faces": "blank", "suppressive": True}
    assert run(values)["suppression_tokens"] == {"1": "1"}
    assert run({**ONE_HIT, "suppressive": True})["suppression_tokens"] == {"2": "1"}
    assert run({**ONE_HIT, "suppressive": True, "vehicle": True})["suppression_tokens"] == {"0": "1"}


def test_a_suppressed_guardian_cannot_act_since_2_6() -> None:
    values = {**TWO_HITS, "guardian": ["2,red,none,suppressed"]}
    # Notes: the guardian takes both hits; 2.6: it cannot act and the defender takes them.
    assert run(values)["guardians"][0]["expected_wounds"] == "1"
    assert run({**values, "ruleset": "2.6"})["guardians"][0]["expected_wounds"] == "0"
    assert run({**values, "ruleset": "2.6"})["defender"]["expected_wounds"] == "5/3"


def test_a_defender_with_guardian_x_gets_no_backup() -> None:
    values = {**THREE_HITS, "backup": True, "ruleset": "2.6", "defender_guardian": True}
    assert run(values)["defender"]["expected_wounds"] == "5/2"

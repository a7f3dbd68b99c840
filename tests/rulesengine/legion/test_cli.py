"""The command line: the table, the JSON object, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulesengine.legion.cli import main

BAD = [
    (["--red", "-1"], "--red"),
    (["--red", "1.5"], "--red"),
    (["--aim", "x"], "--aim"),
    (["--defense", "green"], "--defense"),
    (["--surge", "block"], "--surge"),
    (["--red", "20", "--black", "11"], "--red/--black/--white"),
    (["--red", "1", "--attack-faces", "hit,hit"], "--attack-faces"),
    (["--red", "1", "--attack-faces", "block"], "--attack-faces"),
    (["--red", "1", "--defense-faces", "hit"], "--defense-faces"),
    (["--red", "2", "--attack-faces", "hit", "--defense-faces", "block"], "--defense-faces"),
    (["--red", "1", "--guardian", "1,red,none", "--guardian-faces", "block"], "--guardian-faces"),
    (["--red", "1", "--attack-faces", "hit", "--defense-faces", "block,block"], "--defense-faces"),
    (["--guardian", "2,blue,block"], "--guardian"),
    (["--guardian", "0,red,none"], "--guardian"),
    (["--red", "2", "--guardian", "1,red,none", "--attack-faces", "hit,hit", "--guardian-faces", "block,block"], "--guardian-faces"),
    (["--ruleset", "1.0"], "--ruleset"),
    (["--aim-policy", "random"], "--aim-policy"),
]


@pytest.mark.parametrize(("argv", "flag"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_option(argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert flag in err and "Traceback" not in err


def test_unknown_flag_is_argparse_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--bogus"])
    assert exit.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_table_lists_wounds_probability_and_at_least(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--red", "1", "--surge", "hit"]) == 0
    out = capsys.readouterr().out
    # The default ruleset is 2026, named with its rulebook's dates.
    assert "ruleset 2026 (the current Core Rulebook, effective 29 May 2026, with the errata of 17 June 2026)" in out
    assert "at least" in out
    # One wound: the red die hits (7 sides in 8, surge included) and the white die does
    # not block (5 sides in 6): 35/48.
    assert "35/48" in out and "13/48" in out


def test_json_from_a_real_process() -> None:
    argv = [sys.executable, "-m", "rulesengine", "legion", "--red", "2", "--guardian", "1,red,block", "--json"]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert set(result) == {"ruleset", "rulebook", "policies", "defender", "guardians", "suppression", "suppression_tokens",
                           "attacker", "steps"}
    assert result["ruleset"] == "2026" and "29 May 2026" in result["rulebook"]
    assert set(result["policies"]) == {"aim", "guardian", "pierce", "dodge"}
    assert len(result["guardians"]) == 1


def test_bad_input_from_a_real_process_has_no_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "rulesengine", "legion", "--white", "-3"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--white" in done.stderr


def test_vehicle_damage_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vehicle-damage", "--ruleset", "notes", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["damaged"], result["disabled"], result["weapon_destroyed"]) == ("1/2", "1/3", "1/6")
    assert result["lose_action_when_damaged_activates"] == "2/3"
    assert result["ruleset"] == "notes"
    assert main(["vehicle-damage", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ruleset"] == "2026"


def test_vehicle_damage_bad_face(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vehicle-damage", "--face", "hit"]) == 2
    assert "--face" in capsys.readouterr().err

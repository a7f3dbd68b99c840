"""`python -m rulesengine swtcg`: exit codes, one-line errors, JSON equal to `run`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulesengine.swtcg.api import run
from rulesengine.swtcg.cli import main


def test_json_output_is_the_run_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--power", "4", "--accuracy", "-1", "--critical-hit", "1", "--armor", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == run({"power": 4, "accuracy": -1, "critical_hit": 1, "armor": True})


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--power", "2", "--faces", "6,1", "--parry", "1"]) == 0
    out = capsys.readouterr().out
    assert "expected damage: 0" in out and "Parry 1" in out and "[damage-prevention]" in out


@pytest.mark.parametrize("argv", [
    ["--power", "99"], ["--faces", "1"], ["--evade-policy", "some"], ["--intercept-by", "health"],
    ["--unknown"], ["hidden-cost", "--x", "0"],
])
def test_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_hidden_cost_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hidden-cost", "--build-cost", "7", "--counters", "3", "--x", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["force"] == 4


def test_module_entry_point_exit_code() -> None:
    done = subprocess.run([sys.executable, "-m", "rulesengine", "swtcg", "--shields", "-1"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["rulesengine swtcg: --shields: a whole number from 0 to 30 (got -1)"]

"""The dispatcher: `python -m rulesengine GAME ...`."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from rulesengine.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", *args], capture_output=True, text=True, check=False)


def test_an_unknown_game_names_the_choices() -> None:
    done = run("chess")
    assert done.returncode == 2
    assert done.stderr.strip() == ("rulesengine: unknown game 'chess'; choose one of: legion, swtcg "
                                   "(or the command legion-army)")


def test_no_game_prints_the_usage_with_status_2() -> None:
    done = run()
    assert done.returncode == 2 and "usage: rulesengine {legion,swtcg}" in done.stdout


class ClosedPipe(io.TextIOWrapper):
    """A stdout whose reader has gone away: every write fails as a closed pipe does."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_reader_closing_the_pipe_gets_no_traceback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with open(tmp_path / "stdout", "wb") as raw:
        monkeypatch.setattr(sys, "stdout", ClosedPipe(raw))
        code = main(["swtcg", "--power", "2", "--json"])
    assert code == 1

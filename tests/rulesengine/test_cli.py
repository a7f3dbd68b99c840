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



def frozen_after(whole_process: bool) -> int:
    """`gc.get_freeze_count()` after a `legion` command in a fresh Python, run as the process's
    own command (arguments from `sys.argv`) or called with its arguments."""
    call = "main()" if whole_process else "main(sys.argv[1:])"
    probe = ("import contextlib, gc, io, sys\n"
             "from rulesengine.cli import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             f"    status = {call}\n"
             "print(status, gc.get_freeze_count(), gc.isenabled())\n")
    done = subprocess.run([sys.executable, "-c", probe, "legion", "--red", "1"], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])
    status, frozen, enabled = done.stdout.split()
    assert status == "0" and enabled == "True"  # the collector runs again for the command's own work
    return int(frozen)


def test_the_command_freezes_what_it_loaded_only_when_it_is_the_whole_process() -> None:
    """Run as the process's command, the modules it loaded are frozen (they live to its end,
    and the collector then leaves them alone); a caller passing its own arguments (this test
    suite, another program) keeps its collector's generations as they were."""
    assert frozen_after(whole_process=True) > 10_000
    assert frozen_after(whole_process=False) == 0

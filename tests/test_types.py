"""The type checker is part of the suite: `mypy` with the project's `[tool.mypy]` config
(strict) must find nothing in the engine or the scripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_finds_no_errors() -> None:
    # Explicit paths and cache so the result does not depend on pytest's working directory. In
    # its own process: mypy raises the recursion limit of the process it runs in, which would
    # change what later tests in this worker see (a formula too deep to work out, for one).
    run = subprocess.run([
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(ROOT / ".mypy_cache"),
        str(ROOT / "rulesengine"),
        str(ROOT / "scripts"),
    ], capture_output=True, text=True, check=False)
    stdout, stderr, status = run.stdout, run.stderr, run.returncode
    report = f"mypy exit status {status}\n{stdout}{stderr}"
    assert status == 0, report
    assert stdout.startswith("Success: no issues found"), report

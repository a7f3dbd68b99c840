"""The type checker is part of the suite: `mypy` with the project's `[tool.mypy]` config
(strict) must find nothing in the engine or the scripts."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_finds_no_errors() -> None:
    # Explicit paths and cache so the result does not depend on pytest's working directory.
    stdout, stderr, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(ROOT / ".mypy_cache"),
        str(ROOT / "rulesengine"),
        str(ROOT / "scripts"),
    ])
    report = f"mypy exit status {status}\n{stdout}{stderr}"
    assert status == 0, report
    assert stdout.startswith("Success: no issues found"), report

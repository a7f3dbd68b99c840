"""End to end through MkDocs: a fixture vault with an example block builds with --strict;
the same vault with a wrong expectation fails the build naming the note and line."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURE = Path(__file__).resolve().parent / "fixture_vault"

CONFIG = f"""site_name: Fixture
docs_dir: docs
theme:
  name: material
  font: false
hooks:
  - {ROOT / "scripts" / "site" / "shell" / "hook.py"}
markdown_extensions:
  - attr_list
  - md_in_html
  - tables
extra:
  vault:
    games:
      swtcg: SWTCG
    extensions: ["scripts.calculators.extension:CalculatorExtension"]
"""


def build(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    (tmp_path / "mkdocs.yml").write_text(CONFIG)
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "site")],
        capture_output=True, text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"}, timeout=120,
    )


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "docs")
    return tmp_path


def test_a_vault_whose_examples_pass_builds_and_shows_them(vault):
    done = build(vault)
    assert done.returncode == 0, done.stderr
    page = (vault / "site" / "swtcg" / "examples" / "index.html").read_text()
    assert page.count('data-calculator="swtcg-attack"') == 1
    assert "this fence is code, not a calculator" in page
    coverage = (vault / "site" / "coverage" / "index.html").read_text()
    assert "passes" in coverage


def test_a_wrong_expectation_fails_the_build_naming_note_and_line(vault):
    note = vault / "docs" / "swtcg" / "Examples.md"
    note.write_text(note.read_text().replace("expect damage: 5", "expect damage: 4"))
    done = build(vault)
    assert done.returncode != 0
    assert "swtcg/Examples.md:3: calculator block: line 11: expect damage: 4, but the engine gives 5" in done.stderr + done.stdout
    assert "Traceback" not in done.stderr

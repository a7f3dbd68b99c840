"""The generated all-syntax vault the benchmark measures is a clean vault: it compiles with
no problem but its unpublished notes' info lines, and builds with --strict."""

from __future__ import annotations

from pathlib import Path

from scripts.bench.syntax_vault import generate
from scripts.vault import VaultConfig, compile_vault
from tests.scripts.vault.test_site_build import mkdocs_build
from tests.scripts.vault.zero_config import zero_config_copy


def test_a_generated_vault_has_no_problem_worth_a_warning(tmp_path: Path) -> None:
    generate(tmp_path, 40)
    notes = {p.relative_to(tmp_path).as_posix(): p.read_bytes() for p in tmp_path.rglob("*.md")}
    compiled = compile_vault(notes, VaultConfig(), assets=["Files/picture.png", "Files/icon.png"])
    assert [p for p in compiled.problems if p.severity != "info"] == []
    assert len(compiled.unpublished) == 4
    page = compiled.pages["Alpha/Note 0000.md"]
    assert "<details" in page and 'id="^para-0"' in page and 'class="footnote-ref"' in page


def test_a_generated_vault_builds_strict(tmp_path: Path) -> None:
    generate(tmp_path / "docs", 12)
    result = mkdocs_build(zero_config_copy(tmp_path / "docs", tmp_path), tmp_path / "site")
    assert result.returncode == 0, result.stderr

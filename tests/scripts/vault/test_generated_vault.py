"""The benchmark's generated vault compiles cleanly: a broad check of every syntax at once."""

from __future__ import annotations

from pathlib import Path

from scripts.bench.gen_vault import generate
from scripts.vault import VaultConfig, compile_vault


def test_generated_vault_compiles_without_warnings(tmp_path: Path) -> None:
    generate(tmp_path, 60)
    docs = tmp_path / "vault" / "docs"
    notes = {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}
    compiled = compile_vault(notes, VaultConfig(glossaries=("beta/Glossary.md",)), assets=["Pics/Icon.png"])
    assert {p.severity for p in compiled.problems} == {"info"}
    assert len([p for p in compiled.generated if p.startswith("beta/keywords/term-")]) == 40
    for path, markdown in compiled.pages.items():
        outside_code = markdown.replace("<code>[[", "").replace("[[kept as written]]", "")
        assert "[[" not in outside_code, path

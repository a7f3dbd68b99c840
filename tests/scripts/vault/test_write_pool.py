"""Pages written on every core (scripts/vault/write_pool.py) are the pages written in one
process: the shipped vault with its calculators (whose extension keeps state for its coverage
page) and the plugin fixture vaults are compiled both ways and compared."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from scripts.calculators.army_extension import ArmyExtension
from scripts.calculators.extension import CalculatorExtension
from scripts.calculators.units_extension import UnitsExtension
from scripts.vault import CompiledVault, VaultConfig, compile_vault
from scripts.vault import write_pool
from scripts.vault.problems import Problem

ROOT = Path(__file__).resolve().parents[3]
VAULTS = ROOT / "tests" / "fixtures" / "vaults"
GAMES = {"legion": "Legion", "swtcg": "SWTCG"}
SHIPPED = VaultConfig(glossaries=("swtcg/The Cantina.md", "swtcg/CW_DS_Droid_06n.md"), games=GAMES)


def compiled(folder: Path, config: VaultConfig, workers: int, shipped: bool) -> CompiledVault:
    files = {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
             if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)}
    notes = {path: file.read_bytes() for path, file in files.items() if path.endswith(".md")}
    extensions: list[Any] = [CalculatorExtension()]
    if shipped:
        extensions += [UnitsExtension(games=GAMES), ArmyExtension()]
    return compile_vault(notes, config, extensions, [p for p in files if not p.endswith(".md")],
                         canvases={p: f.read_bytes() for p, f in files.items() if p.endswith(".canvas")},
                         bases={p: f.read_bytes() for p, f in files.items() if p.endswith(".base")}, workers=workers)


def summary(vault: CompiledVault) -> tuple[object, ...]:
    return (vault.pages, vault.generated, vault.problems, vault.nav, vault.titles, vault.backlinks, vault.uses,
            vault.home, vault.cut_from, vault.unpublished)


@pytest.mark.parametrize(("folder", "config", "shipped"), [
    (ROOT / "docs", SHIPPED, True),
    (VAULTS / "tabletop-blocks", VaultConfig(), False),
    (VAULTS / "dataview", VaultConfig(), False),
    (VAULTS / "bases", VaultConfig(), False),
    (VAULTS / "obsidian", VaultConfig(), False),
])
def test_the_pool_writes_what_one_process_writes(folder: Path, config: VaultConfig, shipped: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(write_pool, "SMALLEST", 2)  # these vaults are small: use the pool anyway
    one, two = compiled(folder, config, 1, shipped), compiled(folder, config, 2, shipped)
    assert len(one.pages) > 5
    assert summary(one) == summary(two)


@dataclass
class Counting:
    """An extension whose state cannot be merged (a count): the pages are written again serially."""

    written: int = 0
    seen: list[str] = field(default_factory=list)

    def page_addition(self, path: str) -> str:
        self.written += 1
        self.seen.append(path)
        return f"<p>{self.written}</p>"


def test_state_that_cannot_be_merged_has_the_pages_written_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(write_pool, "SMALLEST", 2)
    pages = {f"n{number}.md": number for number in range(12)}
    counting = Counting()

    def write(page: int, path: str, problems: list[Problem]) -> str:
        return f"{path}:{counting.page_addition(path)}"

    written, found = write_pool.write_pages(pages, write, [counting], workers=2)
    assert written == {f"n{n}.md": f"n{n}.md:<p>{n + 1}</p>" for n in range(12)}
    assert counting.seen == list(pages) and found == {path: [] for path in pages}

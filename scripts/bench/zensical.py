"""Zensical against plain mkdocs-material on the very pages our compiler writes.

Zensical, the theme authors' successor to MkDocs, reads mkdocs.yml but has no MkDocs
plugin API, so our hook cannot run inside it. What can: compile the vault first (a pure
function, scripts.vault.compile_vault) into a plain folder, then build that folder. This
script measures exactly that split, for generated vaults:

`python scripts/bench/zensical.py --zensical PATH [--notes 250 1000 2000 4000]`

prints, per size, CPU seconds and peak memory of `mkdocs build` and of `zensical build`
(its first build, then a second one that reuses its cache) of the same compiled folder,
and `compile_vault` alone. PATH is a zensical executable from its own virtual
environment (README, "Notes for maintainers", says how it was set up here).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.build import GLOSSARY, Run, build, measured, write_plain  # noqa: E402
from scripts.bench.gen_vault import generate  # noqa: E402
from scripts.vault import VaultConfig, compile_vault  # noqa: E402


def compile_seconds(vault: Path) -> float:
    docs = vault / "docs"
    notes = {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}
    start = time.process_time()
    compile_vault(notes, VaultConfig(glossaries=(GLOSSARY,)))
    return time.process_time() - start


def zensical(executable: Path, config: Path) -> Run:
    return measured([str(executable), "build", "-f", str(config)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--zensical", type=Path, required=True, help="a zensical executable")
    parser.add_argument("--notes", type=int, nargs="+", default=[250, 1000, 2000, 4000])
    args = parser.parse_args()
    print(f"{'notes':>6} {'compile':>8} {'mkdocs':>8} {'zensical':>9} {'again':>7} {'mkdocs MiB':>11} {'zensical MiB':>13}   (CPU s)")
    for count in args.notes:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            generate(out, count)
            config = write_plain(out / "vault", out / "plain")
            compiled = compile_seconds(out / "vault")
            mkdocs = build(config, out / "site-mkdocs")
            first = zensical(args.zensical, config)
            again = zensical(args.zensical, config)
        print(
            f"{count:>6} {compiled:8.2f} {mkdocs.cpu:8.2f} {first.cpu:9.2f} {again.cpu:7.2f}"
            f" {mkdocs.peak_mib:11.0f} {first.peak_mib:13.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()

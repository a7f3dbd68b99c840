"""Build-time benchmark: the shipped vault, a generated vault through our hook, and the
same generated pages as plain Markdown through plain MkDocs; our overhead as a ratio.

`python scripts/bench_build.py [--notes 1000] [--repeat 3]` prints seconds (best of the
repeats) for each build and for the compiler alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.gen_vault import generate  # noqa: E402
from scripts.vault import VaultConfig, compile_vault  # noqa: E402


def build_seconds(config: Path, site: Path, repeat: int) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)],
            check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        best = min(best, time.perf_counter() - start)
    return best


def compile_seconds(docs: Path, repeat: int, written: Path) -> float:
    """Time compile_vault alone; write what it produced as a plain MkDocs project."""
    notes = {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}
    assets = [p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file() and p.suffix != ".md"]
    config = VaultConfig(glossaries=("beta/Glossary.md",))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        compiled = compile_vault(notes, config, assets=assets)
        best = min(best, time.perf_counter() - start)
    for path, markdown in {**compiled.pages, **compiled.generated}.items():
        (written / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        (written / "docs" / path).write_text(markdown, encoding="utf-8")
    for asset in assets:
        (written / "docs" / asset).parent.mkdir(parents=True, exist_ok=True)
        (written / "docs" / asset).write_bytes((docs / asset).read_bytes())
    settings = (docs.parent / "mkdocs.yml").read_text(encoding="utf-8")
    (written / "mkdocs.yml").write_text(settings.split("hooks:")[0], encoding="utf-8")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        generate(out, args.notes)
        shipped = build_seconds(ROOT / "mkdocs.yml", out / "site-shipped", args.repeat)
        ours = build_seconds(out / "vault" / "mkdocs.yml", out / "site-vault", args.repeat)
        plain = build_seconds(out / "plain" / "mkdocs.yml", out / "site-plain", args.repeat)
        compiler = compile_seconds(out / "vault" / "docs", args.repeat, out / "written")
        # Our output (with keyword pages, missing pages, backlinks) built without the hook:
        # separates the cost of compiling from the cost of the extra pages and sections.
        written = build_seconds(out / "written" / "mkdocs.yml", out / "site-written", args.repeat)
    print(f"shipped vault, mkdocs build:               {shipped:7.2f} s")
    print(f"{args.notes} generated notes, with our hook:    {ours:7.2f} s")
    print(f"{args.notes} same pages, plain Markdown:         {plain:7.2f} s")
    print(f"compiler alone (compile_vault) on them:    {compiler:7.2f} s")
    print(f"our output as plain files, no hook:        {written:7.2f} s")
    print(f"overhead ratio (hook / plain):             {ours / plain:7.2f}")


if __name__ == "__main__":
    main()

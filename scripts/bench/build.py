"""Build-time benchmark: generated vaults of 250 to 4,000 notes built through our hook, and
the same pages built by plain mkdocs-material; our overhead as a ratio, peak memory.

`python scripts/bench/build.py [--notes 250 1000 2000 4000]` prints one row per size:
- ours: `mkdocs build` of the vault through scripts/site/shell/hook.py (CPU seconds, user +
  system, of the build process: the machines are shared, so wall time says little);
- plain: the same notes as written, with the same navigation and theme, built by plain
  mkdocs-material (Python-Markdown with the extensions such a site lists), no hook;
- ratio: ours / plain: our whole pipeline (one markdown-it parse and render per note, link
  resolution, backlinks, keyword pages, sanitising) against MkDocs' own rendering;
- peak: the largest resident memory of our build process;
- edit: seconds from saving one note to the browser's page showing it under
  `mkdocs serve --dirty`, as scripts/serve.sh runs it (scripts/bench/edit.py; `--no-edit`
  leaves it out, since it builds each vault once more);
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.edit import generated_latency  # noqa: E402
from scripts.bench.gen_vault import generate  # noqa: E402
from scripts.vault import VaultConfig, compile_vault  # noqa: E402

SIZES = (250, 1000, 2000, 4000)
# What a plain mkdocs-material site of such notes would list: the same features, rendered
# by Python-Markdown (our build renders with markdown-it and hands MkDocs finished HTML).
PLAIN_EXTENSIONS: dict[str, dict[str, object]] = {
    "toc": {"permalink": True},
    "attr_list": {},
    "md_in_html": {},
    "admonition": {},
    "pymdownx.details": {},
    "pymdownx.highlight": {"use_pygments": False},
    "pymdownx.superfences": {},
    "footnotes": {},
    "pymdownx.tasklist": {"custom_checkbox": True},
    "pymdownx.tilde": {},
    "pymdownx.mark": {},
    "pymdownx.arithmatex": {"generic": True},
    "tables": {},
}
GLOSSARY = "beta/Glossary.md"


@dataclass(frozen=True)
class Run:
    cpu: float  # seconds, user + system
    wall: float
    peak_mib: float


def measured(command: list[str]) -> Run:
    """Run a command to its end; its own CPU time and peak resident memory (wait4)."""
    import time

    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{errors.decode(errors='replace')}")
    return Run(usage.ru_utime + usage.ru_stime, time.perf_counter() - start, usage.ru_maxrss / 1024)


def build(config: Path, site: Path) -> Run:
    return measured([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)])


def write_plain(vault: Path, out: Path) -> Path:
    """The same notes as a plain mkdocs-material project at `out`: each note as written,
    rendered by Python-Markdown with the extensions such a site uses, the same theme
    features and navigation, no hook (so no links resolved, no backlinks, no safety)."""
    docs = vault / "docs"
    notes = {p.relative_to(docs).as_posix(): p.read_bytes() for p in docs.rglob("*.md")}
    assets = [p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file() and p.suffix != ".md"]
    compiled = compile_vault(notes, VaultConfig(glossaries=(GLOSSARY,)), assets=assets)
    for path in {**compiled.pages, **compiled.generated}:
        (out / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        source = notes.get(path)
        (out / "docs" / path).write_bytes(source if source is not None else f"# {path}\n".encode())
    for asset in assets:
        (out / "docs" / asset).parent.mkdir(parents=True, exist_ok=True)
        (out / "docs" / asset).write_bytes((docs / asset).read_bytes())
    settings = (vault / "mkdocs.yml").read_text(encoding="utf-8").split("hooks:")[0]
    settings += "markdown_extensions:\n" + "".join(
        f"  - {json.dumps({name: options})}\n" for name, options in PLAIN_EXTENSIONS.items()
    )
    settings += f"nav: {json.dumps(compiled.nav)}\n"  # YAML reads JSON
    (out / "mkdocs.yml").write_text(settings, encoding="utf-8")
    return out / "mkdocs.yml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--no-edit", action="store_true", help="leave out the edit-to-page latency")
    args = parser.parse_args()
    print(f"{'notes':>6} {'ours s':>8} {'plain s':>8} {'ratio':>6} {'peak MiB':>9} {'edit s':>7}   (CPU s; wall s)")
    for count in args.notes:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            generate(out, count)
            ours = build(out / "vault" / "mkdocs.yml", out / "site-vault")
            plain = build(write_plain(out / "vault", out / "plain-ours"), out / "site-plain")
        edit = "-" if args.no_edit else f"{generated_latency(count):.2f}"
        print(
            f"{count:>6} {ours.cpu:8.2f} {plain.cpu:8.2f} {ours.cpu / plain.cpu:6.2f} {ours.peak_mib:9.0f} {edit:>7}"
            f"   (wall {ours.wall:.1f} / {plain.wall:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()

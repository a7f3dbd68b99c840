"""Build-time benchmark: generated vaults of 1,000 to 10,000 notes (scripts/bench/gen_vault.py,
with the tabletop plugin blocks) published as `publish.sh` publishes a vault, what each note
costs, the peak memory, and where the time goes.

`python scripts/bench/build.py [--notes 1000 2500 5000 10000] [--profile 2000] [--plain] [--edit]`
prints the machine's load (`uptime`) and one row per size:
- wall: seconds from start to a published site (build, link check, precompression);
- CPU: seconds of CPU, user + system, of the publish and every process it started (the
  process pools of the link check and the precompression);
- ms/note: CPU and wall per note (flat across sizes when the build is linear in notes);
- peak: the largest memory of the publish's processes at once (the sum of their
  proportional set sizes, sampled every 0.2 s; shared pages counted once) and the largest
  resident memory of the publish process itself;
then, for `--profile N`, the same publish of N notes under cProfile, its time split into
compile (the vault compiler), navigation (the theme's navigation, scripts/site/shell/nav_cache.py),
search index (the theme's search plugin), templates (the rest of the theme's page templates),
page hooks (our on_page_* work: sanitising, finishing), MkDocs (the rest of the build),
link check and precompression (their wall time: their work is in pool processes).

`--plain` adds the old comparison: `mkdocs build` of the vault through our hook (CPU s)
against the same notes built by plain mkdocs-material, and their ratio. `--edit` adds the
seconds from saving one note to the browser's page showing it under `mkdocs serve --dirty`
(scripts/bench/edit.py). Neither is on by default: each builds every vault once more.
"""

from __future__ import annotations

import argparse
import json
import os
import pstats
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.edit import generated_latency  # noqa: E402
from scripts.bench.gen_vault import generate  # noqa: E402
from scripts.vault import VaultConfig, compile_vault  # noqa: E402

SIZES = (1000, 2500, 5000, 10000)
PROFILE_SIZE = 2000
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


@dataclass(frozen=True)
class Published:
    wall: float
    cpu: float  # seconds, user + system, the publish and its pool processes
    peak_mib: float  # the largest sum of the processes' proportional set sizes
    main_rss_mib: float  # the publish process's own largest resident memory


def _pss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _tree(root: int) -> list[int]:
    """The process and its descendants, from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat[stat.rindex(")") + 2:].split()[1])
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += parents.get(pid, [])
    return found


def publish(docs: Path, out: Path, profile: Path | None = None) -> Published:
    """`publish.sh`'s publish of the vault in `docs` to `out` (under cProfile with `profile`)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": "https://example.org/rules/"}
    profiled = ["-m", "cProfile", "-o", str(profile)] if profile else []
    command = [sys.executable, *profiled, "-m", "scripts.site.shell.publish", "--vault", str(docs), "--out", str(out)]
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = [0]

    def sample() -> None:
        while process.poll() is None:
            peak[0] = max(peak[0], sum(_pss_kib(pid) for pid in _tree(process.pid)))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    sampler.join()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{errors.decode(errors='replace')[-5000:]}")
    return Published(wall, usage.ru_utime + usage.ru_stime, peak[0] / 1024, usage.ru_maxrss / 1024)


# Where a publish's time goes: (part, the functions whose cumulative time it is). Times are
# cumulative wall seconds in the publish process.
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("compile", ("scripts/vault/compiler.py:compile_vault",)),
    ("navigation", ("scripts/site/shell/nav_cache.py:__call__",)),
    ("search index", ("material/plugins/search/plugin.py:on_page_context", "material/plugins/search/plugin.py:on_post_build")),
    ("page templates", ("jinja2/environment.py:render",)),
    ("page hooks", ("scripts/site/shell/hook.py:on_page_content", "scripts/site/shell/hook.py:on_post_page",
                    "scripts/site/shell/hook.py:on_page_context", "scripts/site/shell/calculators_hook.py:on_post_page")),
    ("link check", ("scripts/site/site_links.py:broken_links",)),
    ("precompression", ("scripts/site/precompress.py:precompress",)),
    ("total", ("scripts/site/shell/publish.py:main",)),
)


def breakdown(profile: Path) -> dict[str, float]:
    """Seconds per part of PARTS; templates exclude the navigation, "other" is the rest."""
    stats = pstats.Stats(str(profile)).stats  # type: ignore[attr-defined]
    cumulative: dict[str, float] = {}
    for (filename, _, function), (_, _, _, cum, _) in stats.items():
        for part, names in PARTS:
            if any(filename.endswith(name.split(":")[0]) and function == name.split(":")[1] for name in names):
                cumulative[part] = cumulative.get(part, 0.0) + cum
    parts = {part: cumulative.get(part, 0.0) for part, _ in PARTS}
    parts["page templates"] -= parts["navigation"]  # the navigation is rendered inside the page's template
    parts["other"] = parts["total"] - sum(value for part, value in parts.items() if part != "total")
    return parts


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--profile", type=int, default=PROFILE_SIZE, help="notes of the profiled publish (0: none)")
    parser.add_argument("--plain", action="store_true", help="also build each vault plain, for the ratio")
    parser.add_argument("--edit", action="store_true", help="also measure the edit-to-page latency")
    args = parser.parse_args()
    print(f"load before: {uptime()}")
    print(f"{'notes':>6} {'wall s':>7} {'CPU s':>7} {'CPU ms/note':>11} {'wall ms/note':>12} {'peak MiB':>9} {'main RSS':>9}"
          f"{'   ours/plain CPU s' if args.plain else ''}{'   edit s' if args.edit else ''}")
    for count in args.notes:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            generate(out, count)
            run = publish(out / "vault" / "docs", out / "site")
            extra = ""
            if args.plain:
                ours = build(out / "vault" / "mkdocs.yml", out / "site-vault")
                plain = build(write_plain(out / "vault", out / "plain-ours"), out / "site-plain")
                extra += f"   {ours.cpu:.1f}/{plain.cpu:.1f} = {ours.cpu / plain.cpu:.2f}"
        if args.edit:
            extra += f"   {generated_latency(count):.2f}"
        print(f"{count:>6} {run.wall:7.1f} {run.cpu:7.1f} {run.cpu / count * 1000:11.1f} {run.wall / count * 1000:12.1f}"
              f" {run.peak_mib:9.0f} {run.main_rss_mib:9.0f}{extra}   ({uptime()})", flush=True)
    if args.profile:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            generate(out, args.profile)
            publish(out / "vault" / "docs", out / "site", profile=out / "profile")
            parts = breakdown(out / "profile")
        total = parts["total"] or 1.0
        print(f"\nwhere a publish of {args.profile} notes spends its time (under cProfile, wall s in the publish process):")
        for part, seconds in parts.items():
            print(f"  {part:<15} {seconds:7.1f} s {seconds / args.profile * 1000:7.2f} ms/note {seconds / total:6.1%}")
        print(f"load after: {uptime()}")


if __name__ == "__main__":
    main()

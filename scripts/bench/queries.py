"""Dataview benchmark (issue 43): a generated vault (scripts/bench/gen_vault.py) with Dataview
queries in some of its notes (blocks, and inline `= expr` spans in headings and text),
against the same vault without them:
- build: `mkdocs build` of each through our hook (CPU seconds of the build process, as
  scripts/bench/build.py measures it; wall seconds beside);
- compile: the vault compile alone (scripts/vault), in this process;
and one query listing every note of a larger vault: the CPU seconds spent making the page
objects every query of a compile shares, working that one query out and drawing it, within
that vault's compile (the generated vault's own queries are timed apart).

`python scripts/bench/queries.py [--notes 2000] [--queries 500] [--everything 10000] [--no-build]`
prints CPU seconds (user + system: the machine is shared, wall time says little) and the
machine's load (`uptime`) when it ends.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.bench.build import build  # noqa: E402
from scripts.bench.gen_vault import GAMES, generate  # noqa: E402
from scripts.vault import CompiledVault, VaultConfig, compile_vault  # noqa: E402
from scripts.vault.plugins.dataview import pages as dataview_pages  # noqa: E402
from scripts.vault.plugins.dataview.plugin import Dataview  # noqa: E402

# Query shapes as vaults write them: folders, tags, a WHERE over every note, grouping.
SHAPES = (
    'LIST FROM "{game}" SORT file.name DESC LIMIT 20',
    'TABLE file.folder AS Folder, length(file.outlinks) AS Links FROM "{game}/keywords" SORT file.name',
    'LIST WHERE contains(file.name, "{digits}") SORT file.name',
    'TABLE length(rows) AS Notes FROM "{game}" GROUP BY file.folder',
    "LIST FROM [[Rule {digits}0]] OR outgoing([[Rule {digits}1]])",
    "`=this.file.name`",  # inline: a heading named by its note
    "Linked from `= length(this.file.inlinks)` notes; folder `= this.file.folder`.",
)


def _notes(count: int) -> dict[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        generate(Path(folder), count)
        docs = Path(folder) / "vault" / "docs"
        return {str(path.relative_to(docs)): path.read_text(encoding="utf-8") for path in sorted(docs.rglob("*.md"))}


def with_queries(notes: dict[str, str], count: int) -> dict[str, str]:
    """`count` notes, spread over the vault, each given one query of the shapes above."""
    paths = [path for path in notes if path.startswith(tuple(GAMES))]
    step = max(1, len(paths) // count)
    queried = dict(notes)
    for number, path in enumerate(paths[::step][:count]):
        shape = SHAPES[number % len(SHAPES)]
        query = shape.format(game=GAMES[number % len(GAMES)], digits=f"{number % 100:02d}")
        if query.startswith("`"):
            queried[path] = notes[path] + f"\n## {query}\n"
        elif "`=" in query:
            queried[path] = notes[path] + f"\n{query}\n"
        else:
            queried[path] = notes[path] + f"\n```dataview\n{query}\n```\n"
    return queried


def cpu(run: Callable[[], CompiledVault]) -> tuple[float, CompiledVault]:
    start = time.process_time()
    built = run()
    return time.process_time() - start, built


@contextmanager
def _timed(plugin: type[Dataview], spent: dict[str, float], page: str) -> Iterator[None]:
    """CPU seconds, summed into `spent` while inside: making the shared page objects ("pages"),
    evaluating and drawing the queries of note `page` ("evaluate", "render"), and every other
    note's queries ("others", both steps)."""
    evaluate, render, kept = plugin.evaluate, plugin.render, dataview_pages._kept
    mine: set[int] = set()  # ids of the results of `page`'s queries

    def timed_kept(vault: object) -> object:
        start = time.process_time()
        try:
            return kept(vault)  # type: ignore[arg-type]
        finally:
            spent["pages"] += time.process_time() - start

    def timed_evaluate(self: Dataview, parsed: object, here: object) -> object:
        start, pages_before = time.process_time(), spent["pages"]
        try:
            result = evaluate(self, parsed, here)  # type: ignore[arg-type]
        finally:
            took = time.process_time() - start - (spent["pages"] - pages_before)
        own = here.page.path == page  # type: ignore[attr-defined]
        if own:
            mine.add(id(result))
        spent["evaluate" if own else "others"] += took
        return result

    def timed_render(self: Dataview, evaluated: object, out: object) -> str:
        start = time.process_time()
        try:
            return render(self, evaluated, out)  # type: ignore[arg-type]
        finally:
            spent["render" if id(evaluated) in mine else "others"] += time.process_time() - start

    plugin.evaluate, plugin.render = timed_evaluate, timed_render  # type: ignore[method-assign]
    dataview_pages._kept = timed_kept  # type: ignore[assignment]
    try:
        yield
    finally:
        plugin.evaluate, plugin.render = evaluate, render  # type: ignore[method-assign]
        dataview_pages._kept = kept


def build_both(count: int, queries: int) -> tuple[float, float, float, float]:
    """CPU and wall seconds of `mkdocs build` of the generated vault, without and with queries."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        generate(out, count)
        plain = build(out / "vault" / "mkdocs.yml", out / "site-plain")
        docs = out / "vault" / "docs"
        notes = {str(path.relative_to(docs)): path.read_text(encoding="utf-8") for path in sorted(docs.rglob("*.md"))}
        shutil.rmtree(out / "site-plain")
        for path, text in with_queries(notes, queries).items():
            if text != notes[path]:
                (docs / path).write_text(text, encoding="utf-8")
        queried = build(out / "vault" / "mkdocs.yml", out / "site-queried")
    return plain.cpu, plain.wall, queried.cpu, queried.wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--everything", type=int, default=10000, help="notes of the vault one query lists whole")
    parser.add_argument("--no-build", action="store_true", help="leave out the two mkdocs builds")
    args = parser.parse_args()
    if args.notes < 1 or args.queries < 0 or args.everything < 1:
        parser.error("--notes and --everything must be at least 1, --queries at least 0")
    if not args.no_build:
        plain_cpu, plain_wall, queried_cpu, queried_wall = build_both(args.notes, args.queries)
        print(f"build, {args.notes} notes: {plain_cpu:.2f} s without queries, {queried_cpu:.2f} s with {args.queries} "
              f"(+{queried_cpu - plain_cpu:.2f} s, x{queried_cpu / plain_cpu:.2f}; wall {plain_wall:.1f} / "
              f"{queried_wall:.1f} s)", flush=True)
    notes = _notes(args.notes)
    plain, _ = cpu(lambda: compile_vault(notes, VaultConfig()))
    queried_notes = with_queries(notes, args.queries)
    queried, built = cpu(lambda: compile_vault(queried_notes, VaultConfig()))
    errors = [p for p in built.problems if "Dataview" in p.message]
    print(f"compile, {args.notes} notes: {plain:.2f} s without queries, {queried:.2f} s with {args.queries} "
          f"(+{queried - plain:.2f} s, {len(errors)} query errors)")
    big = _notes(args.everything)
    big["Everything.md"] = "```dataview\nTABLE file.folder, length(file.inlinks) FROM \"\" SORT file.name\n```\n"
    spent = {"pages": 0.0, "evaluate": 0.0, "render": 0.0, "others": 0.0}
    with _timed(Dataview, spent, "Everything.md"):
        whole, built = cpu(lambda: compile_vault(big, VaultConfig()))
    rows = built.pages["Everything.md"].count("<tr>") - 1
    total = spent["pages"] + spent["evaluate"] + spent["render"]
    print(f"compile, {args.everything} notes: one TABLE of all {rows} notes: {total:.2f} s = page objects every "
          f"query shares {spent['pages']:.2f} s + worked out {spent['evaluate']:.2f} s + drawn {spent['render']:.2f} s "
          f"(the vault's other queries: {spent['others']:.2f} s); whole compile {whole:.1f} s")
    uptime = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"cores: {os.cpu_count()}; uptime: {uptime}")


if __name__ == "__main__":
    main()

"""The layout shows the pipeline (README "Layout"), read from the source with `ast`:

- no import cycle among the project's own modules in rulesengine/ and scripts/, imports
  inside functions included (parse, resolve and render run in one direction);
- `mkdocs` and `material` are imported only under scripts/site/shell/ (the site adapter);
- benchmarks and generators live in scripts/bench/, and no product module imports them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rulesengine", "scripts")
SHELL = "scripts.site.shell"
BENCH = "scripts.bench"


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # what the statement names, absolute (`scripts.vault.syntax.vault_parser`)
    line: int


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every .py file of the project's packages, by dotted module name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(module: str, path: Path) -> Iterator[Import]:
    """Every import statement in the file, wherever it sits (functions, `if`, `try`)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                yield Import(module, f"{source}.{alias.name}", node.lineno)


def own_module(target: str, modules: dict[str, Path]) -> str | None:
    """The project module an import loads: the longest known prefix of the dotted name."""
    name = target
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for found in imports_of(name, path):
            target = own_module(found.target, modules)
            if target is not None and target != name:
                graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                on_stack.add(step)
                work.append((step, iter(sorted(graph[step]))))
            elif step in on_stack:
                low[node] = min(low[node], index[step])
    return found


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in component]
    return "cycle among " + ", ".join(component) + ": " + "; ".join(edges)


def test_the_cycle_finder_sees_a_late_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_are_read(tmp_path: Path) -> None:
    (tmp_path / "scripts" / "pkg").mkdir(parents=True)
    (tmp_path / "rulesengine").mkdir()
    (tmp_path / "scripts" / "pkg" / "__init__.py").write_text("")
    (tmp_path / "scripts" / "pkg" / "one.py").write_text("def f():\n    from .two import g\n")
    (tmp_path / "scripts" / "pkg" / "two.py").write_text("from scripts.pkg import one\n")
    graph = import_graph(module_files(tmp_path))
    assert graph["scripts.pkg.one"] == {"scripts.pkg.two"}
    assert cycles(graph) == [["scripts.pkg.one", "scripts.pkg.two"]]


def test_no_import_cycle() -> None:
    graph = import_graph(module_files())
    found = [describe(c, graph) for c in cycles(graph)]
    assert not found, "\n".join(found)


def test_mkdocs_is_imported_only_by_the_site_adapter() -> None:
    modules = module_files()
    outside = [
        f"{found.module} (line {found.line}) imports {found.target}"
        for name, path in modules.items()
        if not (name == SHELL or name.startswith(SHELL + "."))
        for found in imports_of(name, path)
        if found.target.split(".")[0] in {"mkdocs", "material"}
    ]
    assert not outside, "\n".join(outside)
    assert any(
        found.target.startswith("mkdocs")
        for name, path in modules.items() if name.startswith(SHELL)
        for found in imports_of(name, path)
    ), "the adapter imports mkdocs: the check above reads the right files"


def _outside_bench(path: Path) -> bool:
    return not path.is_relative_to(ROOT / "scripts" / "bench")


def test_benchmarks_and_generators_live_in_scripts_bench() -> None:
    misplaced = [
        str(path.relative_to(ROOT))
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*"))
        if path.is_file() and _outside_bench(path) and "__pycache__" not in path.parts
        and (path.name.startswith(("bench", "gen_")) or "benchmark" in path.name or path.stem.endswith("_vault"))
    ]
    assert not misplaced, f"benchmarks and generators belong in scripts/bench/: {misplaced}"


def test_no_product_module_measures_time_or_imports_the_benchmarks() -> None:
    """Speed figures come from scripts/bench/ only; the product never loads a benchmark."""
    modules = module_files()
    found = [
        f"{item.module} (line {item.line}) imports {item.target}"
        for name, path in modules.items() if not name.startswith(BENCH)
        for item in imports_of(name, path)
        if item.target.startswith(BENCH) or item.target in {"timeit", "time.perf_counter", "tracemalloc"}
    ]
    assert not found, "\n".join(found)

"""Browser libraries from npm (node_modules), served by the site itself, added to a build
only when some page uses them (the compiler's `CompiledVault.uses`): KaTeX for math,
mermaid for diagrams; and the theme's own Dice Roller module and style sheet, only for a
vault with `dice:` formulas. Which files each needs and where they go; the site adapter
(scripts/site/shell/site_libraries.py) hands them to the shell.

mkdocs-material fetches mermaid from a CDN unless the page already defines `mermaid`;
serving our own copy on every page of a vault with diagrams means it never does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
VENDOR = "assets/vendor"


class LibraryMissing(Exception):
    """A used library is not installed: the message says which and how to fix it."""


@dataclass(frozen=True)
class Library:
    package: str  # npm package name ("": the theme's own files only)
    files: tuple[str, ...]  # served files, relative to the package's dist/ (globs allowed)
    scripts: tuple[str, ...]  # added to every page, in order (site paths)
    styles: tuple[str, ...]
    modules: tuple[str, ...] = ()  # ES modules (type="module"), after the scripts


LIBRARIES: dict[str, Library] = {
    "math": Library(
        "katex",
        ("katex.min.js", "katex.min.css", "contrib/auto-render.min.js", "fonts/*.woff2", "fonts/*.woff", "fonts/*.ttf"),
        (f"{VENDOR}/katex/katex.min.js", f"{VENDOR}/katex/contrib/auto-render.min.js", "assets/vault-math.js"),
        (f"{VENDOR}/katex/katex.min.css",),
    ),
    "mermaid": Library("mermaid", ("mermaid.min.js",), (f"{VENDOR}/mermaid/mermaid.min.js",), ()),
    "dice": Library("", (), (), ("assets/dice.css",), ("assets/dice.mjs",)),
}


def used_libraries(uses: Iterable[str]) -> list[tuple[str, Library]]:
    """(use, library) for each use ("math", "mermaid", "dice") that needs one, in a fixed order."""
    return [(use, LIBRARIES[use]) for use in sorted(set(uses) & set(LIBRARIES))]


def library_files(use: str, library: Library, node_modules: Path = NODE_MODULES) -> Iterator[tuple[str, Path]]:
    """(site path, installed file) for each file the library serves (none for the theme's own)."""
    if not library.package:
        return
    dist = node_modules / library.package / "dist"
    if not dist.is_dir():
        raise LibraryMissing(f"{library.package} not found in {node_modules} (needed for {use}): run scripts/setup.sh")
    for pattern in library.files:
        for source in sorted(dist.glob(pattern)):
            yield f"{VENDOR}/{library.package}/{source.relative_to(dist).as_posix()}", source

"""Browser libraries from npm (node_modules), served by the site itself, added to a build
only when some page uses them: KaTeX for math, mermaid for diagrams; and the theme's own
Dice Roller module and style sheet (issue 36), only for a vault with `dice:` formulas.

mkdocs-material fetches mermaid from a CDN unless the page already defines `mermaid`;
serving our own copy on every page of a vault with diagrams means it never does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[3]
NODE_MODULES = ROOT / "node_modules"
VENDOR = "assets/vendor"


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


def add_libraries(uses: Iterable[str], files: Files, config: MkDocsConfig) -> None:
    """Serve each used library's files and load its scripts and styles on every page."""
    for use in sorted(set(uses) & set(LIBRARIES)):
        library = LIBRARIES[use]
        dist = NODE_MODULES / library.package / "dist"
        if library.package and not dist.is_dir():
            raise PluginError(f"{library.package} not found in {NODE_MODULES} (needed for {use}): run scripts/setup.sh")
        for pattern in library.files if library.package else ():
            for source in sorted(dist.glob(pattern)):
                path = f"{VENDOR}/{library.package}/{source.relative_to(dist).as_posix()}"
                if files.get_file_from_path(path) is None:
                    files.append(File.generated(config, path, abs_src_path=str(source)))
        for script in library.scripts:
            if script not in [str(entry) for entry in config.extra_javascript]:
                config.extra_javascript.append(script)
        for module in library.modules:
            if module not in [str(entry) for entry in config.extra_javascript]:
                entry = ExtraScriptValue(module)
                entry.type = "module"
                config.extra_javascript.append(entry)
        for style in library.styles:
            if style not in config.extra_css:
                config.extra_css.append(style)

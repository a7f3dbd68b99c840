"""Adds the browser libraries some page uses (scripts/site/libraries.py: KaTeX, mermaid,
the theme's Dice Roller module) to the MkDocs build: their files as generated files, their
scripts, modules and style sheets on every page."""

from __future__ import annotations

from collections.abc import Iterable

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from scripts.site.libraries import LibraryMissing, library_files, used_libraries


def add_libraries(uses: Iterable[str], files: Files, config: MkDocsConfig) -> None:
    """Serve each used library's files and load its scripts and styles on every page."""
    for use, library in used_libraries(uses):
        try:
            placed = list(library_files(use, library))
        except LibraryMissing as missing:
            raise PluginError(str(missing)) from None
        for path, source in placed:
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

"""Folders of a vault that are left out of its site, as a reader of the vault in Obsidian
would expect: what Obsidian hides, and the notes that are templates rather than pages.

- Any file or folder whose name starts with a dot (`.obsidian/`, `.trash/`, `.hidden/`):
  Obsidian itself does not show them, and MkDocs leaves them out too.
- The templates folder named in the core Templates plugin's settings
  (`.obsidian/templates.json`, key `folder`) and Templater's
  (`.obsidian/plugins/templater-obsidian/data.json`, key `templates_folder`).
- By convention, when no setting names one: a top-level folder called `Templates` or
  `_templates` (in any case). MkDocs already leaves out a top-level `templates/` always.

A left-out note leaves no trace: it is not compiled, so it is in no navigation, list,
backlink, tag, graph, search or query result, and a link to it from a published note is an
unresolved link, as Obsidian shows a link to a note it does not have. Nothing here stops a
build: a missing or malformed settings file names no folder.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

TEMPLATES_SETTINGS = ".obsidian/templates.json"
TEMPLATER_SETTINGS = ".obsidian/plugins/templater-obsidian/data.json"
# (settings file, key naming the folder), in the order Obsidian users meet them.
SETTINGS_KEYS = ((TEMPLATES_SETTINGS, "folder"), (TEMPLATER_SETTINGS, "templates_folder"))
CONVENTIONAL = frozenset({"templates", "_templates"})  # top level, compared without case


def template_folders(vault: Path | str, top_level: list[str] | None = None) -> tuple[str, ...]:
    """The vault's templates folders (paths from the vault's root, no slashes around): those
    its settings name, else the conventional top-level ones among `top_level` (the names of
    the folders at its root; read from the folder when not given)."""
    named = tuple(dict.fromkeys(folder for file, key in SETTINGS_KEYS
                                if (folder := named_folder(_read(Path(vault) / file), key))))
    if named:
        return named
    if top_level is None:
        top_level = [entry.name for entry in Path(vault).iterdir() if entry.is_dir()] if Path(vault).is_dir() else []
    return tuple(sorted(name for name in top_level if name.lower() in CONVENTIONAL))


def named_folder(text: str | None, key: str) -> str | None:
    """The folder a settings file's JSON text names under `key`, as a vault path; None when
    the text is missing, not a JSON object, or names no folder (or the vault's root)."""
    if not text:
        return None
    try:
        loaded = json.loads(text)
    except json.JSONDecodeError:
        return None
    value = loaded.get(key) if isinstance(loaded, dict) else None
    if not isinstance(value, str):
        return None
    parts = [part for part in PurePosixPath(value.replace("\\", "/")).parts if part not in ("/", ".")]
    return "/".join(parts) or None


def is_left_out(path: str, folders: tuple[str, ...]) -> bool:
    """Whether the vault file at `path` (a vault path with `/`) is left out of the site."""
    parts = path.split("/")
    if any(part.startswith(".") for part in parts):
        return True
    return any(path.startswith(folder + "/") for folder in folders)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None

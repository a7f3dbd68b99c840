"""The vault's own Obsidian settings, read from `.obsidian/app.json` in the vault folder.

Only what changes how a note reads on the site is taken: `strictLineBreaks` (Obsidian's
"Strict line breaks": off by default, so a single line break in a paragraph shows as a
line break). A missing, unreadable or malformed file gives Obsidian's defaults, as
Obsidian itself starts with them; nothing is ever written into the vault.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .problems import Problem

SETTINGS_FILE = ".obsidian/app.json"


@dataclass(frozen=True)
class ObsidianSettings:
    strict_line_breaks: bool = False  # Obsidian's default


def read_settings(vault: Path | str) -> tuple[ObsidianSettings, list[Problem]]:
    """The settings of the vault in that folder, and a problem if the file cannot be used."""
    path = Path(vault) / SETTINGS_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ObsidianSettings(), []
    except (OSError, UnicodeDecodeError) as error:
        return ObsidianSettings(), [Problem(SETTINGS_FILE, 1, "info", f"Obsidian's settings cannot be read ({error}); its defaults are used")]
    return parse_settings(text)


def parse_settings(text: str) -> tuple[ObsidianSettings, list[Problem]]:
    try:
        loaded = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as error:
        return ObsidianSettings(), [Problem(SETTINGS_FILE, error.lineno, "info",
                                            f"Obsidian's settings are not JSON ({error.msg}); its defaults are used")]
    if not isinstance(loaded, dict):
        return ObsidianSettings(), [Problem(SETTINGS_FILE, 1, "info", "Obsidian's settings are not a JSON object; its defaults are used")]
    strict = loaded.get("strictLineBreaks", False)
    return ObsidianSettings(strict_line_breaks=strict is True), []

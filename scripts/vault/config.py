"""What the compiler needs to know besides the notes; read from mkdocs.yml `extra.vault`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .anchors import slugify as default_slugify


@dataclass(frozen=True)
class VaultConfig:
    glossaries: tuple[str, ...] = ()  # vault paths of glossary notes (the 002 and 004 formats)
    image_alt: Mapping[str, str] = field(default_factory=dict)  # file name -> spoken alt text
    games: Mapping[str, str] = field(default_factory=dict)  # first folder -> game title
    slugify: Callable[[str, str], str] = default_slugify  # the toc's, so anchors match
    separator: str = "-"
    embed_depth: int = 3
    keyword_folder: str = "keywords"
    missing_folder: str = "missing"
    home: str = "index.md"
    tags_page: str = "tags.md"  # every tag and the notes that carry it, made when a note has tags
    # From the vault's .obsidian/app.json (obsidian_settings.py): a single line break in a
    # paragraph is a space when True (Obsidian's "Strict line breaks"), a <br> when False.
    strict_line_breaks: bool = False

"""Embedded files: images at the size Obsidian draws them, audio and video that play in
the page, PDFs shown in the page; all served by the site itself.

Obsidian draws `![[img.png|300]]` 300 px wide and `|300x200` at both sides; any other
image at its natural size, never wider than the column. Small pictures (both sides at
most ICON_MAX px, like the dice icons) sit at text height. The file's pixel size comes
from the build (read from the file's header), so the decision needs no configuration.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from html import escape

from .config import VaultConfig
from .pages import site_href

ICON_MAX = 64
AUDIO = frozenset({".mp3", ".wav", ".ogg", ".m4a", ".flac", ".webm", ".3gp"})
VIDEO = frozenset({".mp4", ".webm", ".ogv", ".mov", ".mkv"})
_WIDTH = re.compile(r"^(\d+)(?:x(\d+))?$")


def image_alt(file_name: str, config: VaultConfig) -> str:
    """Spoken alt text: the configured one, else words from the file name ("HitIcon" -> "hit")."""
    for name, alt in config.image_alt.items():
        if name.lower() == file_name.lower():
            return alt
    stem = posixpath.splitext(file_name)[0]
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", stem)
    spoken = [word.lower() for word in words if word.lower() != "icon"]
    return " ".join(spoken) or stem


def image(
    alias: str | None, path: str, host_path: str, config: VaultConfig,
    sizes: Mapping[str, tuple[int, int]],
) -> str:
    """An `<img>` at the size Obsidian draws it, its address relative to the host page."""
    url = escape(site_href(path, host_path, home=config.home), quote=True)
    size = _WIDTH.match(alias or "")
    alt = escape(image_alt(posixpath.basename(path), config), quote=True)
    if size:
        height = f' height="{size.group(2)}"' if size.group(2) else ""
        return f'<img class="vault-image" src="{url}" alt="{alt}" width="{size.group(1)}"{height}>'
    if alias:
        alt = escape(alias, quote=True)
    natural = sizes.get(path)
    if natural is None:
        return f'<img class="vault-image" src="{url}" alt="{alt}">'
    if max(natural) <= ICON_MAX:
        return f'<img class="vault-icon" src="{url}" alt="{alt}">'
    return f'<img class="vault-image" src="{url}" alt="{alt}" width="{natural[0]}" height="{natural[1]}">'


def media(path: str, host_path: str, home: str = "index.md") -> str | None:
    """An audio or video player, or a PDF viewer, for an embedded file; None for others."""
    suffix = posixpath.splitext(path)[1].lower()
    url = escape(site_href(path, host_path, home=home), quote=True)
    name = escape(posixpath.basename(path), quote=True)
    link = f'<a href="{url}">{name}</a>'
    if suffix in AUDIO and suffix != ".webm":
        return f'<audio class="vault-audio" controls preload="metadata" src="{url}">{link}</audio>'
    if suffix in VIDEO:
        return f'<video class="vault-video" controls preload="metadata" src="{url}">{link}</video>'
    if suffix == ".pdf":
        return (f'<iframe class="vault-pdf" src="{url}" title="{name}" loading="lazy"></iframe>'
                f'<br><a class="vault-pdf-link" href="{url}">{name}</a>')
    return None

"""Navigation by game: Home, one section per game (keywords first, then notes), other folders.

Folder and note names are shown as written (a folder `13A` stays "13A"). Missing notes
are not in the navigation: their pages are reached from the notes that mention them and
from the missing-notes index (issue 22)."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from typing import Union

from .config import VaultConfig
from .escaping import escape_html
from .nav_groups import grouped

NavItem = dict[str, Union[str, list["NavItem"]]]

ROOT_NOTES = "Notes"  # the section of the notes at the vault's root, when they are grouped


def build_nav(titles: Mapping[str, str], config: VaultConfig) -> list[NavItem]:
    """MkDocs `nav`: Home, the games in mkdocs.yml's order, other pages.

    A folder's index.md leads its section (the theme's navigation.indexes shows it so).
    MkDocs writes nav titles into the page as HTML: note and folder names are escaped.
    """
    top: list[NavItem] = [{"Home": config.home}] if config.home in titles else []
    missing = f"{config.missing_folder}/"
    tree = _section(sorted(p for p in titles if p != config.home and not p.startswith(missing)), titles, "", config)
    games = list(config.games)

    def order(item: NavItem) -> tuple[int, int, str]:
        folder = _folder_of(item)
        if folder in games and isinstance(next(iter(item.values())), list):
            return (0, games.index(folder), "")
        if folder == config.missing_folder:
            return (2, 0, "")
        return (1, 0, next(iter(item)).lower())

    return top + sorted(tree, key=order)


def _folder_of(item: NavItem) -> str:
    children = next(iter(item.values()))
    while isinstance(children, list) and children:
        first = children[0]
        children = next(iter(first.values()))
    return children.split("/")[0] if isinstance(children, str) else ""


def _section(paths: list[str], titles: Mapping[str, str], folder: str, config: VaultConfig) -> list[NavItem]:
    prefix = f"{folder}/" if folder else ""
    here = [p for p in paths if posixpath.dirname(p) == folder]
    subfolders = sorted({p[len(prefix):].split("/")[0] for p in paths if posixpath.dirname(p) != folder})
    index = posixpath.join(folder, "index.md") if folder else None
    items: list[NavItem] = []
    if index in here:
        items.append({escape_html(titles[index]): index})
    for sub in sorted(subfolders, key=lambda name: (name != config.keyword_folder, name.lower())):
        inner = [p for p in paths if p.startswith(f"{prefix}{sub}/")]
        items.append({escape_html(_folder_title(posixpath.join(folder, sub) if folder else sub, sub, config, titles)):
                      _section(inner, titles, posixpath.join(folder, sub) if folder else sub, config)})
    notes = sorted((p for p in here if p != index), key=lambda p: titles[p].lower())
    groups = grouped([(titles[p], p) for p in notes])
    if not folder and len(groups) < len(notes):
        # At the vault's root the groups would be top-level sections, which the theme's
        # navigation.sections opens on every page: under one section they fold and prune.
        items.append({ROOT_NOTES: groups})
    else:
        items += groups
    return items


def _folder_title(path: str, name: str, config: VaultConfig, titles: Mapping[str, str]) -> str:
    if path in config.games:
        return config.games[path]
    if name == config.keyword_folder:
        return "Keywords"
    if path == config.missing_folder:
        return "Missing notes"
    return name

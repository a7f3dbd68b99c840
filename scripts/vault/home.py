"""The site's home page, whatever the vault: its `index.md`, else a root note Obsidian users
keep as their home, else a page made here.

A vault opened in Obsidian has no home page of its own; people name one: "Home",
"README", "Welcome", "Start here", often with a number or an emoji in front to keep it
first ("00 Home", "🏠 Home"). Such a note, at the vault's root, becomes the page at the
site's address (it keeps its own name and its links still reach it). A vault with none
gets a generated page: its top folders, its root notes and its most-linked notes.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence

from .escaping import escape_text
from .pages import relative_url

HOME_PAGE = "index.md"
# Names people give their home note, most telling first; matched ignoring case and what
# comes before the first letter ("00 - Home", "_README", "🏠 Home").
HOME_NAMES = (
    "index", "home", "readme", "welcome", "start here", "start", "home page", "homepage",
    "main", "dashboard", "overview", "contents", "table of contents", "map of contents",
    "map of content", "moc", "about",
)
MOST_LINKED = 20


def _bare(stem: str) -> str:
    cut = next((i for i, char in enumerate(stem) if char.isalpha()), len(stem))
    return " ".join(stem[cut:].replace("_", " ").replace("-", " ").split()).casefold()


def choose_home(paths: Sequence[str], home: str = HOME_PAGE) -> str | None:
    """The note that is the site's home page, or None when one must be made."""
    if home in paths:
        return home
    by_name: dict[str, list[str]] = {}
    for path in paths:
        if "/" not in path and path.lower().endswith(".md"):
            by_name.setdefault(_bare(path[:-3]), []).append(path)
    for name in HOME_NAMES:
        if name in by_name:
            return sorted(by_name[name])[0]
    return None


def home_page(
    titles: Mapping[str, str], notes: Sequence[str], links_in: Mapping[str, int],
    missing_index: str | None, site_name: str = "",
) -> str:
    """A home page (CommonMark) for a vault without one.

    `titles`: every page path -> title; `notes`: the vault's own notes (not generated
    pages); `links_in`: note path -> how many other notes link to it.
    """
    host = HOME_PAGE
    folders: dict[str, list[str]] = {}
    root_notes: list[str] = []
    for path in sorted(notes):
        folder, slash, _ = path.partition("/")
        if slash:
            folders.setdefault(folder, []).append(path)
        elif path != host:
            root_notes.append(path)
    lines = [f"# {escape_text(site_name or 'Home')}", ""]
    lines += [f"This vault has {len(notes)} note{'s' if len(notes) != 1 else ''}. "
              "It has no home note of its own (a root note named Home, README or Welcome would be shown here).", ""]
    if folders:
        lines += ["## Folders", ""]
        for folder, inside in sorted(folders.items(), key=lambda item: item[0].casefold()):
            first = _folder_entry(folder, inside, titles)
            count = len(inside)
            lines.append(f"- [{escape_text(folder)}]({relative_url(first, host)}): "
                         f"{count} note{'s' if count != 1 else ''}")
        lines.append("")
    if root_notes:
        lines += ["## Notes", ""]
        lines += [f"- [{escape_text(titles.get(p, p))}]({relative_url(p, host)})"
                  for p in sorted(root_notes, key=lambda p: titles.get(p, p).casefold())]
        lines.append("")
    linked = sorted(((count, path) for path, count in links_in.items() if count > 0 and path in titles),
                    key=lambda item: (-item[0], titles[item[1]].casefold()))[:MOST_LINKED]
    if linked:
        lines += ["## Most linked notes", ""]
        lines += [f"- [{escape_text(titles[path])}]({relative_url(path, host)}): "
                  f"linked from {count} note{'s' if count != 1 else ''}" for count, path in linked]
        lines.append("")
    if missing_index is not None:
        lines += [f"Some notes link to notes not written yet: see the [missing notes]({relative_url(missing_index, host)}).", ""]
    return "\n".join(lines)


def _folder_entry(folder: str, inside: list[str], titles: Mapping[str, str]) -> str:
    """Where a folder's link goes: its index.md, else its first note by name."""
    index = posixpath.join(folder, "index.md")
    if index in inside:
        return index
    shallow = min(inside, key=lambda p: (p.count("/"), titles.get(p, p).casefold()))
    return shallow


def links_in(backlinks: Mapping[str, Sequence[object]]) -> dict[str, int]:
    """How many distinct pages link to each page, from the compiler's backlinks."""
    return {path: len({getattr(m, "path", m) for m in mentions}) for path, mentions in backlinks.items()}

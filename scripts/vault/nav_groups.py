"""Long lists of notes in the navigation become groups of at most GROUP_SIZE, in order.

With the theme's navigation.prune a page carries only the open part of the navigation:
the top sections, the groups of its own folder and its own group. Without groups every
page of a folder with n notes carries all n links, so a build writes n^2 of them; with
groups of 50 a page carries about 50 + n/50. Past 50 groups (2,500 notes) the groups are
grouped in turn, so a page carries at most about 50 links per level and a level per
factor of 50: a page of a big vault costs what a page of a small one does.
A folder of at most GROUP_SIZE notes (every folder of the shipped vault) is not touched.
At the vault's root the groups go under one section (nav.py): the theme opens every
top-level section on every page (navigation.sections), so groups there would never fold.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

from .escaping import escape_html

NavEntry = dict[str, Union[str, list["NavEntry"]]]

GROUP_SIZE = 50


def grouped(entries: Sequence[tuple[str, str]], size: int = GROUP_SIZE) -> list[NavEntry]:
    """(title, path) pairs in reading order -> nav items, grouped when there are too many.
    Titles are text: they and the group names come out HTML-escaped (MkDocs writes nav
    titles as they are).

    Groups are as even as possible and named by their first and last titles' initials
    ("A – F"); where two groups would share a name, by their first and last titles. More
    than `size` groups are themselves grouped (at most `size` to a level), named alike."""
    if len(entries) <= size:
        return [{escape_html(title): path} for title, path in entries]
    span = size  # the notes a group holds at most: size, size², ... the first that needs at most size groups
    while -(-len(entries) // span) > size:
        span *= size
    count = -(-len(entries) // span)
    bounds = [round(i * len(entries) / count) for i in range(count + 1)]
    chunks = [entries[start:end] for start, end in zip(bounds, bounds[1:])]
    short = [_label(chunk[0][0][:1], chunk[-1][0][:1]) for chunk in chunks]
    names = short if len(set(short)) == len(short) else [_label(c[0][0], c[-1][0]) for c in chunks]
    return [{escape_html(name): grouped(chunk, size)} for name, chunk in zip(names, chunks)]


def _label(first: str, last: str) -> str:
    return first.upper() if first.upper() == last.upper() and len(first) == 1 else f"{first} – {last}"

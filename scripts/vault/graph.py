"""A note's local graph, drawn at build time: the note in the middle, the pages it links to
and the pages that link to it around it, as an SVG whose nodes are links.

No script draws it and none is needed to follow it. Its size is bounded (at most
MAX_NEIGHBOURS pages around the note, the most linked first), so a hub of a large vault
costs no more than any note; the whole vault's graph is built once, in time linear in its
links. Found by hand: the publishers' graphs (Quartz, Obsidian Publish) are drawn in the
browser by force simulations, which this must not need.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .escaping import escape_html

MAX_NEIGHBOURS = 16
LABEL_CHARS = 18


@dataclass(frozen=True)
class Neighbour:
    path: str
    title: str
    direction: str  # "out" (the note links to it), "in" (it links to the note) or "both"


def link_graph(backlinks: Mapping[str, Iterable[str]]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(outgoing, incoming) page sets from each page's list of pages linking to it."""
    outgoing: dict[str, set[str]] = {}
    incoming: dict[str, set[str]] = {}
    for target, sources in backlinks.items():
        for source in sources:
            if source != target:
                outgoing.setdefault(source, set()).add(target)
                incoming.setdefault(target, set()).add(source)
    return outgoing, incoming


def neighbours(path: str, outgoing: Mapping[str, set[str]], incoming: Mapping[str, set[str]],
               titles: Mapping[str, str]) -> tuple[list[Neighbour], int]:
    """The pages drawn around `path` (at most MAX_NEIGHBOURS: both ways first, then by how
    many links each has, then by title) and how many were left out."""
    out, into = outgoing.get(path, set()), incoming.get(path, set())
    every = [p for p in out | into if p in titles]

    def rank(other: str) -> tuple[int, int, str]:
        degree = len(outgoing.get(other, ())) + len(incoming.get(other, ()))
        return (0 if other in out and other in into else 1, -degree, titles[other].casefold())

    every.sort(key=rank)
    kept = every[:MAX_NEIGHBOURS]
    drawn = [Neighbour(p, titles[p], "both" if p in out and p in into else "out" if p in out else "in") for p in kept]
    drawn.sort(key=lambda n: n.title.casefold())
    return drawn, len(every) - len(kept)


def _label(title: str) -> str:
    return title if len(title) <= LABEL_CHARS else title[: LABEL_CHARS - 1].rstrip() + "…"


def graph_svg(title: str, around: list[Neighbour], left_out: int, url: Callable[[str], str]) -> str:
    """The SVG (HTML-ready) of one note's neighbourhood; "" for a note with no links.

    The note is a dot in the middle; the pages that link to it only stand in a column on
    its left, the pages it links to (both ways too, drawn thicker) in a column on its
    right, each label on its outer side: readable at a phone's width, nothing overlaps.

    Links are `xlink:href`: the theme rewrites every `[href]` of a page it fetches by
    assigning `element.href`, which an SVG link refuses (it throws)."""
    if not around:
        return ""
    left = [n for n in around if n.direction == "in"]
    right = [n for n in around if n.direction != "in"]
    rows = max(len(left), len(right))
    width, row, top = 480, 30, 18
    height = top * 2 + row * (rows - 1)
    cx, cy = width / 2, height / 2
    parts = [
        f'<svg class="vault-graph__svg" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{escape_html(title)} and the pages it links with">'
    ]
    placed: list[tuple[float, float, str, Neighbour]] = []
    for column, x, anchor in ((left, cx - 75, "end"), (right, cx + 75, "start")):
        first = cy - row * (len(column) - 1) / 2
        placed += [(x, first + row * index, anchor, other) for index, other in enumerate(column)]
    for x, y, _, other in placed:
        parts.append(f'<line class="vault-graph__edge vault-graph__edge--{other.direction}" '
                     f'x1="{cx:.0f}" y1="{cy:.0f}" x2="{x:.0f}" y2="{y:.0f}"/>')
    for x, y, anchor, other in placed:
        dx = 10 if anchor == "start" else -10
        parts.append(
            f'<a xlink:href="{escape_html(url(other.path))}" class="vault-graph__node vault-graph__node--{other.direction}">'
            f"<title>{escape_html(other.title)}</title>"
            f'<circle cx="{x:.0f}" cy="{y:.0f}" r="6"/>'
            f'<text x="{x + dx:.0f}" y="{y + 5:.0f}" text-anchor="{anchor}">{escape_html(_label(other.title))}</text></a>'
        )
    parts.append(f'<circle class="vault-graph__self" cx="{cx:.0f}" cy="{cy:.0f}" r="9"><title>{escape_html(title)}</title></circle>')
    parts.append("</svg>")
    more = f'<p class="vault-graph__more">and {left_out} more page{"s" if left_out != 1 else ""}</p>' if left_out else ""
    legend = ('<p class="vault-graph__legend"><span class="vault-graph__key vault-graph__key--in">links here</span> '
              '<span class="vault-graph__key vault-graph__key--out">linked to</span> '
              '<span class="vault-graph__key vault-graph__key--both">both</span></p>')
    return "".join(parts) + more + legend

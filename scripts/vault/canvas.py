"""Obsidian canvases (`.canvas`, JSON Canvas 1.0) drawn as HTML and inline SVG, no script.

A canvas is a list of nodes (cards: `text`, `file`, `link`, `group`; each with x, y,
width, height and an optional colour) and edges (from one node to another, each end on a
side or chosen here, an arrow at `toEnd` unless it says "none", at `fromEnd` when it says
"arrow", an optional label and colour). Nodes are listed bottom first.

The drawing is a box the reader scrolls in both directions (a phone pans it with a finger,
a keyboard with the arrow keys once it has focus), with the cards where the canvas puts
them and the arrows in one SVG beneath the cards. Under it, folded, the same cards in
reading order (top to bottom, then left to right) with each connection in words: what a
screen reader reads, and what a reader on a narrow screen may prefer.

Everything written here is escaped text or HTML from `render_markdown`, which is then
cleaned by the site's sanitiser (scripts/site/page_safety.py); positions are numbers read from
the file. Style is inline (`style="..."`), which the pages' policy allows, since the
site's style sheets belong to the theme.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scripts.site.page_safety import safe_body

from .problems import Problem

# Obsidian's six preset colours ("1" to "6"): red, orange, yellow, green, cyan, purple.
PRESETS = {"1": "#e03e3e", "2": "#e8830c", "3": "#d4a80b", "4": "#2f9e44", "5": "#0c98b0", "6": "#8146d8"}
_HEX = re.compile(r"#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?")
SIDES = ("top", "right", "bottom", "left")
PAD = 40  # room around the outermost cards, for arrows that bend out
MAX_SIDE = 200_000  # a coordinate beyond this is a broken file, not a canvas


@dataclass(frozen=True)
class Node:
    id: str
    type: str  # text | file | link | group (another type is drawn as an empty card)
    x: float
    y: float
    width: float
    height: float
    color: str | None = None  # a CSS colour, from a preset or #hex
    text: str = ""  # text cards: Markdown
    file: str = ""  # file cards: vault path
    subpath: str = ""  # file cards: "#heading" or "#^block"
    url: str = ""  # link cards
    label: str = ""  # groups


@dataclass(frozen=True)
class Edge:
    id: str
    from_node: str
    to_node: str
    from_side: str | None
    to_side: str | None
    from_arrow: bool
    to_arrow: bool
    color: str | None
    label: str


@dataclass(frozen=True)
class Canvas:
    path: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]


@dataclass(frozen=True)
class FileCard:
    """What a file card shows, as the compiler finds the file: a note (its title, its
    address and its text as HTML), an image, another file, or nothing in the vault."""

    kind: str  # note | image | file | missing
    title: str
    url: str | None = None
    html: str = ""


def parse_canvas(path: str, text: str) -> tuple[Canvas, list[Problem]]:
    """The canvas in the file; what cannot be read becomes a problem and is left out."""
    problems: list[Problem] = []
    try:
        data = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as error:
        return Canvas(path, (), ()), [Problem(path, error.lineno, "warning", f"the canvas is not JSON ({error.msg})")]
    if not isinstance(data, dict):
        return Canvas(path, (), ()), [Problem(path, 1, "warning", "the canvas is not a JSON object")]
    nodes: list[Node] = []
    for raw in _list(data.get("nodes")):
        node = _node(raw)
        if node is None:
            problems.append(Problem(path, 1, "warning", f"canvas card {_name(raw)} has no usable id, position or size; left out"))
        else:
            nodes.append(node)
    ids = {node.id for node in nodes}
    edges: list[Edge] = []
    for raw in _list(data.get("edges")):
        edge = _edge(raw)
        if edge is None or edge.from_node not in ids or edge.to_node not in ids:
            problems.append(Problem(path, 1, "warning", f"canvas arrow {_name(raw)} does not join two cards; left out"))
        else:
            edges.append(edge)
    return Canvas(path, tuple(nodes), tuple(edges)), problems


def _list(value: object) -> list[dict[str, object]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _name(raw: dict[str, object]) -> str:
    return repr(str(raw.get("id", "?"))[:40])


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and abs(number) <= MAX_SIDE else None


def _string(value: object) -> str:
    return value if isinstance(value, str) else ""


def _color(value: object) -> str | None:
    if isinstance(value, str):
        if value in PRESETS:
            return PRESETS[value]
        if _HEX.fullmatch(value):
            return value
    return None


def _node(raw: dict[str, object]) -> Node | None:
    numbers = [_number(raw.get(key)) for key in ("x", "y", "width", "height")]
    node_id = raw.get("id")
    if not isinstance(node_id, str) or any(n is None for n in numbers):
        return None
    x, y, width, height = (float(n or 0) for n in numbers)
    if width <= 0 or height <= 0:
        return None
    return Node(node_id, _string(raw.get("type")), x, y, width, height, _color(raw.get("color")),
                text=_string(raw.get("text")), file=_string(raw.get("file")), subpath=_string(raw.get("subpath")),
                url=_string(raw.get("url")), label=_string(raw.get("label")))


def _edge(raw: dict[str, object]) -> Edge | None:
    start, end = raw.get("fromNode"), raw.get("toNode")
    if not isinstance(start, str) or not isinstance(end, str):
        return None
    sides = [side if side in SIDES else None for side in (raw.get("fromSide"), raw.get("toSide"))]
    return Edge(_string(raw.get("id")), start, end, sides[0], sides[1],
                raw.get("fromEnd") == "arrow", raw.get("toEnd") != "none",
                _color(raw.get("color")), _string(raw.get("label")))


# Drawing ---------------------------------------------------------------------------------

def default_markdown(line_breaks: bool = False) -> Callable[[str], str]:
    """CommonMark by markdown-it-py: what text cards are written in, until the vault's own
    renderer is handed in (render_canvas's `render_markdown`). `line_breaks`: a single line
    break in a paragraph is a <br>, as in Obsidian unless "Strict line breaks" is on."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"breaks": line_breaks}).render


def render_canvas(
    canvas: Canvas,
    render_markdown: Callable[[str], str] | None = None,
    file_card: Callable[[str, str], FileCard] | None = None,
    title: str = "",
) -> str:
    """The canvas as one HTML block (no blank line inside, so any Markdown keeps it whole).

    `render_markdown(text) -> html` writes a text card; `file_card(path, subpath)` says what
    a file card shows (default: the file's name, unlinked).
    """
    write = render_markdown or default_markdown()
    describe = file_card or (lambda path, subpath: FileCard("file", path.rsplit("/", 1)[-1]))
    name = html.escape(title or canvas.path.rsplit("/", 1)[-1].removesuffix(".canvas"), quote=True)
    if not canvas.nodes:
        return f'<div class="vault-canvas vault-canvas-empty"><p>The canvas {name} has no cards.</p></div>'
    left = min(n.x for n in canvas.nodes) - PAD
    top = min(n.y for n in canvas.nodes) - PAD
    width = max(n.x + n.width for n in canvas.nodes) - left + PAD
    height = max(n.y + n.height for n in canvas.nodes) - top + PAD
    # Each card's HTML through the site's sanitiser before it is placed (the page's own pass
    # comes later too): a card's Markdown may hold raw HTML, which keeps what does not run.
    bodies = {node.id: safe_body(_card_body(node, write, describe)) for node in canvas.nodes}
    groups = [n for n in canvas.nodes if n.type == "group"]
    cards = [n for n in canvas.nodes if n.type != "group"]
    drawn = [_group(n, left, top) for n in groups]
    drawn.append(_edges_svg(canvas, left, top, width, height))
    drawn += [_card(n, bodies[n.id], left, top) for n in cards]
    board = (
        f'<div class="vault-canvas-board" style="position:relative;width:{_px(width)};height:{_px(height)};'
        f'font-size:0.75rem;line-height:1.4">{"".join(drawn)}</div>'
    )
    scroller = (
        f'<div class="vault-canvas-view" role="region" aria-label="Canvas {name}: scroll to see all of it" tabindex="0" '
        'style="overflow:auto;max-height:80vh;border:1px solid var(--md-default-fg-color--lightest,#ccc);'
        'border-radius:0.2rem;background:var(--md-code-bg-color,transparent)">'
        f"{board}</div>"
    )
    return _one_block(f'<div class="vault-canvas">{scroller}{_reading_list(canvas, bodies)}</div>')


def _px(value: float) -> str:
    return f"{round(value, 1):g}px"


def _card_style(node: Node, left: float, top: float) -> str:
    border = node.color or "var(--md-default-fg-color--lighter,#888)"
    return (f"position:absolute;left:{_px(node.x - left)};top:{_px(node.y - top)};width:{_px(node.width)};"
            f"height:{_px(node.height)};box-sizing:border-box;border:2px solid {border};border-radius:0.4rem;")


def _card(node: Node, body: str, left: float, top: float) -> str:
    style = _card_style(node, left, top) + (
        "overflow:auto;padding:0.2rem 0.6rem;background:var(--md-default-bg-color,#fff);color:var(--md-default-fg-color,#000)"
    )
    return f'<div class="vault-canvas-card vault-canvas-{html.escape(node.type or "card", quote=True)}" style="{style}">{body}</div>'


def _group(node: Node, left: float, top: float) -> str:
    style = _card_style(node, left, top)
    tint = f"background:{node.color}1a;" if node.color and len(node.color) == 7 else ""
    label = (f'<span style="position:absolute;bottom:100%;left:0;font-weight:700;white-space:nowrap">'
             f"{html.escape(node.label)}</span>") if node.label else ""
    return f'<div class="vault-canvas-group" role="group" aria-label="{html.escape(node.label or "Group", quote=True)}" style="{style}{tint}">{label}</div>'


def _card_body(node: Node, write: Callable[[str], str], describe: Callable[[str, str], FileCard]) -> str:
    if node.type == "text":
        return write(node.text)
    if node.type == "link":
        shown = html.escape(node.url)
        return f'<p><a href="{html.escape(node.url, quote=True)}">{shown}</a></p>' if node.url else ""
    if node.type == "file":
        card = describe(node.file, node.subpath)
        title = html.escape(card.title)
        if card.kind == "missing":
            return f'<p class="vault-broken">{title}</p><p>(not in the vault)</p>'
        if card.url is None:
            return f"<p>{title}</p>"
        url = html.escape(card.url, quote=True)
        if card.kind == "image":
            return f'<img src="{url}" alt="{title}" loading="lazy" style="max-width:100%;height:auto">'
        heading = f'<p><strong><a href="{url}">{title}</a></strong></p>'
        return heading + card.html
    return ""


def _one_block(markup: str) -> str:
    """No blank line, so a Markdown reader takes the whole drawing as one HTML block;
    line breaks inside <pre> become character references, which show the same."""
    markup = re.sub(r"<pre\b.*?</pre>", lambda pre: pre.group(0).replace("\n", "&#10;"), markup, flags=re.DOTALL)
    return "\n".join(line for line in markup.split("\n") if line.strip())


# Arrows ----------------------------------------------------------------------------------

def _anchor(node: Node, side: str) -> tuple[float, float]:
    cx, cy = node.x + node.width / 2, node.y + node.height / 2
    return {"top": (cx, node.y), "bottom": (cx, node.y + node.height),
            "left": (node.x, cy), "right": (node.x + node.width, cy)}[side]


def _facing(node: Node, other: Node) -> str:
    """The side of `node` facing `other`, when the file does not say."""
    dx = (other.x + other.width / 2) - (node.x + node.width / 2)
    dy = (other.y + other.height / 2) - (node.y + node.height / 2)
    if abs(dx) * node.height >= abs(dy) * node.width:
        return "right" if dx >= 0 else "left"
    return "bottom" if dy >= 0 else "top"


_NORMAL = {"top": (0.0, -1.0), "bottom": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}


def _edges_svg(canvas: Canvas, left: float, top: float, width: float, height: float) -> str:
    nodes = {node.id: node for node in canvas.nodes}
    parts: list[str] = []
    for edge in canvas.edges:
        start, end = nodes[edge.from_node], nodes[edge.to_node]
        start_side = edge.from_side or _facing(start, end)
        end_side = edge.to_side or _facing(end, start)
        (x1, y1), (x2, y2) = _anchor(start, start_side), _anchor(end, end_side)
        x1, y1, x2, y2 = x1 - left, y1 - top, x2 - left, y2 - top
        bend = max(30.0, min(150.0, math.hypot(x2 - x1, y2 - y1) / 2))
        n1, n2 = _NORMAL[start_side], _NORMAL[end_side]
        c1 = (x1 + n1[0] * bend, y1 + n1[1] * bend)
        c2 = (x2 + n2[0] * bend, y2 + n2[1] * bend)
        color = edge.color or "currentColor"
        d = f"M{x1:.1f} {y1:.1f} C{c1[0]:.1f} {c1[1]:.1f} {c2[0]:.1f} {c2[1]:.1f} {x2:.1f} {y2:.1f}"
        parts.append(f'<path d="{d}" fill="none" stroke="{color}" stroke-width="2"></path>')
        if edge.to_arrow:
            parts.append(_arrowhead((x2, y2), n2, color))
        if edge.from_arrow:
            parts.append(_arrowhead((x1, y1), n1, color))
        if edge.label:
            mx = (x1 + 3 * c1[0] + 3 * c2[0] + x2) / 8  # the curve's point at t = 1/2
            my = (y1 + 3 * c1[1] + 3 * c2[1] + y2) / 8
            # A plate behind the label, as wide as its letters are likely to be, so the line
            # never runs through the words.
            wide = 7.0 * len(edge.label) + 10
            parts.append(
                f'<rect x="{mx - wide / 2:.1f}" y="{my - 10:.1f}" width="{wide:.1f}" height="18" rx="4" '
                'style="fill:var(--md-default-bg-color,#fff)"></rect>'
                f'<text x="{mx:.1f}" y="{my + 4:.1f}" text-anchor="middle" fill="currentColor" style="font-size:12px">'
                f"{html.escape(edge.label)}</text>"
            )
    return (
        f'<svg class="vault-canvas-edges" width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        'aria-hidden="true" style="position:absolute;left:0;top:0;overflow:visible;pointer-events:none;'
        f'color:var(--md-default-fg-color--light,#555)">{"".join(parts)}</svg>'
    )


def _arrowhead(tip: tuple[float, float], normal: tuple[float, float], color: str) -> str:
    """A filled triangle pointing into the card at `tip` (it comes from outside, along the normal)."""
    (x, y), (nx, ny) = tip, normal
    length, half = 12.0, 6.0
    bx, by = x + nx * length, y + ny * length  # base centre, outside the card
    px, py = -ny, nx
    points = f"{x:.1f},{y:.1f} {bx + px * half:.1f},{by + py * half:.1f} {bx - px * half:.1f},{by - py * half:.1f}"
    return f'<polygon points="{points}" fill="{color}"></polygon>'


# The same canvas in words ----------------------------------------------------------------

def _reading_list(canvas: Canvas, bodies: dict[str, str]) -> str:
    names = {node.id: _short_name(node, number) for number, node in enumerate(_reading_order(canvas.nodes), 1)}
    items: list[str] = []
    for node in _reading_order(canvas.nodes):
        if node.type == "group":
            inside = [names[n.id] for n in _reading_order(canvas.nodes) if n.type != "group" and _within(n, node)]
            listed = ", ".join(html.escape(name) for name in inside) or "no cards"
            items.append(f"<li><p><strong>{html.escape(names[node.id])}</strong> (group): {listed}</p></li>")
            continue
        links = [
            f"{'→' if edge.from_node == node.id else '←'} {html.escape(names[edge.to_node if edge.from_node == node.id else edge.from_node])}"
            + (f" ({html.escape(edge.label)})" if edge.label else "")
            for edge in canvas.edges if node.id in (edge.from_node, edge.to_node) and edge.from_node != edge.to_node
        ]
        joined = f"<p>Arrows: {'; '.join(links)}</p>" if links else ""
        items.append(f'<li><p><strong>{html.escape(names[node.id])}</strong></p>{bodies.get(node.id, "")}{joined}</li>')
    return (f'<details class="vault-canvas-list"><summary>The canvas as a list ({_count(len(canvas.nodes), "card")}, '
            f'{_count(len(canvas.edges), "arrow")})</summary><ol>{"".join(items)}</ol></details>')


def _reading_order(nodes: Sequence[Node]) -> list[Node]:
    return sorted(nodes, key=lambda n: (round(n.y / 40), n.x))


def _within(node: Node, group: Node) -> bool:
    return (group.x <= node.x and group.y <= node.y
            and node.x + node.width <= group.x + group.width and node.y + node.height <= group.y + group.height)


def _short_name(node: Node, number: int) -> str:
    if node.type == "group":
        return node.label or f"Group {number}"
    if node.type == "file":
        return node.file.rsplit("/", 1)[-1].removesuffix(".md") + node.subpath
    if node.type == "link":
        return node.url
    plain = re.sub(r"[*_`#\[\]]", "", re.sub(r"<[^>]*>", "", node.text))
    first = next((line.strip() for line in plain.split("\n") if line.strip()), "")
    return (first[:60] + "…" if len(first) > 60 else first) or f"Card {number}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"

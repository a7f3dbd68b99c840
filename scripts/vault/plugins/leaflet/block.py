"""A ```` ```leaflet ```` block read as the plugin reads it: `key: value` lines, a key given
again adding to it (`marker:` once per marker), or YAML (lists, `[[Image.png]]` links) when
no key is repeated. Values the site uses: `id`, `image`, `bounds`, `maxZoom`, `marker`,
`markerFile`, `markerFolder`, `markerTag`, `filterTag`, `linksTo`, `linksFrom`; the others
(`height`, `lat`, `long`, `minZoom`, `defaultZoom`, `unit`, `scale`, …) set how the
plugin's live map opens, which a page drawn without script has no use for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from ..statblock.yaml_block import StatBlockError, load_block

_LINE = re.compile(r"^([A-Za-z][A-Za-z0-9_]*):(.*)$")
_SAFE: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class MarkerSpec:
    """A marker as written: `type, lat, long, link, description` (any may be blank)."""

    kind: str
    lat: str
    long: str
    link: str  # `[[Note]]`, `Note`, a web address, or ""
    description: str
    line: int  # within the block's content (0-based)


@dataclass(frozen=True)
class LeafletBlock:
    id: str
    images: tuple[str, ...]  # link targets, as between `[[` and `]]` (alias kept)
    bounds: tuple[tuple[float, float], tuple[float, float]] | None
    max_zoom: int
    markers: tuple[MarkerSpec, ...]
    sources: dict[str, tuple[Any, ...]]  # markerFile, markerFolder, markerTag, filterTag, linksTo, linksFrom
    problems: tuple[tuple[int, str], ...] = ()


def read_leaflet(source: str) -> LeafletBlock:
    values: dict[str, list[tuple[int, Any]]] = {}
    lines = source.split("\n")
    keys = [found.group(1) for found in map(_LINE.match, lines) if found]
    data: dict[str, Any] | None = None
    if len(keys) == len(set(keys)):
        try:
            data = load_block(source)
        except StatBlockError:
            data = None
    if data is not None:
        where = {key.lower(): number for number, line in enumerate(lines) if (key := _key(line))}
        for key, value in data.items():
            items = value if _many(key, value) else [value]
            values[key] = [(where.get(key, 0), item) for item in items]
    else:
        for number, line in enumerate(lines):
            found = _LINE.match(line)
            if found:
                values.setdefault(found.group(1).lower(), []).append((number, found.group(2).strip()))
    problems: list[tuple[int, str]] = []
    markers = tuple(spec for line, raw in values.get("marker", []) + values.get("commandmarker", [])
                    if (spec := _marker(raw, line, problems)) is not None)
    return LeafletBlock(
        id=_text(values.get("id", [(0, "")])[0][1]),
        images=tuple(target for _, raw in values.get("image", []) if (target := _target(raw))),
        bounds=_bounds(values.get("bounds", [(0, None)])[0], problems),
        max_zoom=_int(values.get("maxzoom", [(0, 10)])[0][1], 10),
        markers=markers,
        sources={key: tuple(raw for _, raw in values.get(key.lower(), [])) for key in
                 ("markerFile", "markerFolder", "markerTag", "filterTag", "linksTo", "linksFrom")},
        problems=tuple(problems),
    )


_LISTED = {"image", "marker", "commandmarker", "markerfile", "markerfolder", "markertag", "filtertag",
           "linksto", "linksfrom"}


def _many(key: str, value: object) -> bool:
    """Whether a YAML value holds several of its key's items: `marker: [type, lat, long]` is
    one marker, a list of such lists many; `image: [[Map.png]]` is one link."""
    if not isinstance(value, list) or key not in _LISTED or _is_link(value):
        return False
    if key in ("marker", "commandmarker"):
        return all(isinstance(item, list) and not _is_link(item) for item in value)
    return True


def _key(line: str) -> str:
    found = _LINE.match(line)
    return found.group(1).lower() if found else ""


def _is_link(value: object) -> bool:
    return isinstance(value, list) and len(value) == 1 and isinstance(value[0], list) and len(value[0]) == 1


def _text(value: object) -> str:
    if _is_link(value):
        return f"[[{value[0][0]}]]"  # type: ignore[index]
    return "" if value is None else str(value).strip()


def _target(raw: object) -> str:
    """`[[Map.png|Alias]]`, `![[Map.png]]`, `[Map](Map.png)` or a path -> what a wikilink holds."""
    written = _text(raw)
    link = re.fullmatch(r"!?\[\[([^\[\]]+)\]\]", written)
    if link:
        return link.group(1).strip()
    markdown = re.fullmatch(r"!?\[[^\]]*\]\(<?([^)>]+)>?\)", written)
    return markdown.group(1).strip() if markdown else written


def _int(value: object, default: int) -> int:
    try:
        return int(float(str(value)))
    except ValueError:
        return default


def _bounds(entry: tuple[int, Any], problems: list[tuple[int, str]]
            ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    line, raw = entry
    if raw is None or raw == "":
        return None
    value = raw
    if isinstance(raw, str):
        try:
            value = yaml.load(raw, Loader=_SAFE)  # noqa: S506 (the safe loader)
        except yaml.YAMLError:
            value = None
    try:
        (a, b), (c, d) = value
        return (float(a), float(b)), (float(c), float(d))
    except (TypeError, ValueError):
        problems.append((line, f"leaflet: bounds {_text(raw)!r} are not [[lat, long], [lat, long]]; "
                               "the image's own used"))
        return None


def _marker(raw: object, line: int, problems: list[tuple[int, str]]) -> MarkerSpec | None:
    if isinstance(raw, list) and not _is_link(raw):
        parts = [_text(part) for part in raw]
    else:
        written = _text(raw)
        # Commas split the fields, but not inside a link: `[[Ruins, north|Ruins]]`.
        parts = [part.strip() for part in re.split(r",(?![^\[]*\]\])", written)]
    parts += [""] * (5 - len(parts))
    kind, lat, long, link, description = parts[:5]  # then minZoom, maxZoom: for the live map
    if not lat and not long and not link:
        problems.append((line, f"leaflet: marker {_text(raw)!r} has no coordinates; left out"))
        return None
    return MarkerSpec(kind or "default", lat, long, link, description, line)

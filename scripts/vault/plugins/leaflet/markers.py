"""A map's markers: those its block writes, and those notes give it (`markerFile`,
`markerFolder`, `markerTag` with `filterTag`, `linksTo`, `linksFrom`: each found note's
`location: [lat, long]` and `mapmarkers: [[type, [lat, long], description], …]`), placed
on the image.

An image map's coordinates are Leaflet's "simple" ones: latitude up, longitude right, the
image spanning `bounds` (either corner first); without `bounds`, the plugin spans the
image's pixel size divided by 2^(maxZoom-1), its top-left corner at (0, 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...vault_index import NoteRecord, VaultIndex
from .block import LeafletBlock, MarkerSpec


@dataclass(frozen=True)
class Marker:
    name: str  # the link's label or target, or the description
    link: str  # `[[…]]` inside, a web address, or ""
    description: str
    lat: float | None
    long: float | None
    left: float | None = None  # percent of the image's width, when on the image
    top: float | None = None


Bounds = tuple[tuple[float, float], tuple[float, float]]


def image_bounds(block: LeafletBlock, size: tuple[int, int] | None) -> Bounds | None:
    if block.bounds is not None:
        return block.bounds
    if size is None:
        return None
    scale = 2.0 ** (block.max_zoom - 1)
    return (-size[1] / scale, 0.0), (0.0, size[0] / scale)


def placed(markers: list[Marker], bounds: Bounds | None) -> list[Marker]:
    if bounds is None:
        return markers
    (a, b), (c, d) = bounds
    south, north, west, east = min(a, c), max(a, c), min(b, d), max(b, d)
    out: list[Marker] = []
    for marker in markers:
        if marker.lat is None or marker.long is None or north == south or east == west:
            out.append(marker)
            continue
        top = (north - marker.lat) / (north - south) * 100
        left = (marker.long - west) / (east - west) * 100
        inside = 0 <= top <= 100 and 0 <= left <= 100
        out.append(Marker(marker.name, marker.link, marker.description, marker.lat, marker.long,
                          round(left, 3) if inside else None, round(top, 3) if inside else None))
    return out


def written_marker(spec: MarkerSpec) -> Marker:
    link = spec.link.strip()
    if link.startswith("[[") and link.endswith("]]"):
        link = link[2:-2]
    web = link.startswith(("http://", "https://"))
    label = "" if web else link.split("|", 1)[1] if "|" in link else link.split("#")[0].split("/")[-1]
    if web:
        label = spec.description or link
    return Marker(label or spec.description or spec.kind, link, spec.description, _float(spec.lat), _float(spec.long))


def note_markers(block: LeafletBlock, vault: VaultIndex, resolve: Any) -> list[Marker]:
    """The markers of the notes the block names (in vault order, each note once)."""
    sources = block.sources
    found: list[str] = []
    for written in sources["markerFile"]:
        found.extend(path for target in _targets(written) if (path := _page(resolve(target))))
    for key, attribute in (("linksTo", "inlinks"), ("linksFrom", "outlinks")):
        for written in sources[key]:
            for target in _targets(written):
                record = vault.get(_page(resolve(target)))
                found.extend(path for path in getattr(record, attribute, ()) if path.endswith(".md"))
    for written in sources["markerFolder"]:
        folder = str(written).strip().rstrip("/").strip("/")
        levels = len(str(written).strip()) - len(str(written).strip().rstrip("/"))  # one `/` per level below
        for path in vault.in_folder(folder):
            if path[len(folder) + 1 if folder else 0 :].count("/") <= levels:
                found.append(path)
    for written in sources["markerTag"]:
        found.extend(_tagged(written, vault))
    if sources["filterTag"]:
        allowed = {path for written in sources["filterTag"] for path in _tagged(written, vault)}
        found = [path for path in found if path in allowed]
    markers: list[Marker] = []
    for path in dict.fromkeys(found):
        record = vault.get(path)
        if record is not None:
            markers.extend(_from_note(record))
    return markers


def _page(resolution: Any) -> str:
    return str(resolution.path) if resolution.kind == "page" and resolution.path else ""


def _targets(written: object) -> list[str]:
    items = written if isinstance(written, list) and not (len(written) == 1 and isinstance(written[0], str)) \
        else [written]
    out = []
    for item in items:
        text = f"[[{item[0]}]]" if isinstance(item, list) and len(item) == 1 else str(item)
        text = text.strip()
        out.append(text[2:-2] if text.startswith("[[") and text.endswith("]]") else text)
    return [item for item in out if item]


def _tagged(written: object, vault: VaultIndex) -> list[str]:
    """Notes with every tag of one `markerTag` (`a, b` or a list): all of them, as the plugin."""
    tags = written if isinstance(written, list) else str(written).split(",")
    sets = [set(vault.tagged(str(tag).strip().lstrip("#"))) for tag in tags if str(tag).strip()]
    if not sets:
        return []
    common = set.intersection(*sets)
    return [path for path in vault.notes if path in common]


def _from_note(record: NoteRecord) -> list[Marker]:
    front: Mapping[str, object] = record.front_matter
    markers: list[Marker] = []
    location = front.get("location")
    if isinstance(location, list) and len(location) >= 2:
        markers.append(Marker(record.name, record.path[:-3], "", _float(location[0]), _float(location[1])))
    listed = front.get("mapmarkers")
    for item in listed if isinstance(listed, list) else []:
        if isinstance(item, list) and len(item) >= 2 and isinstance(item[1], list) and len(item[1]) >= 2:
            description = str(item[2]) if len(item) > 2 and item[2] is not None else ""
            markers.append(Marker(description or record.name, record.path[:-3], description,
                                  _float(item[1][0]), _float(item[1][1])))
    return markers


def _float(value: object) -> float | None:
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    return number if number == number and abs(number) != float("inf") else None

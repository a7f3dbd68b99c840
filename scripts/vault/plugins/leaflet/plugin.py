"""The Obsidian Leaflet room: an image map drawn as its image with the markers as numbered
pins (links where the marker links), in a region that scrolls, with zoom levels chosen by
radio buttons (CSS, no script), and the markers listed under it with their descriptions
and coordinates. A map without an image (real-world tiles, which would be fetched from
another site) is a one-line note and the list.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from ...escaping import escape_html
from ..context import Here, Out, Written, WrittenLink
from .block import LeafletBlock, read_leaflet
from .markers import Marker, image_bounds, note_markers, placed, written_marker

_HREF = re.compile(r'^<a (?:class="[^"]*" )?href="([^"]*)"')
ZOOMS = (1, 2, 4)


@dataclass(frozen=True)
class LeafletMap:
    block: LeafletBlock
    image: str  # the first image's link target, "" for a real-world map
    found: bool  # the image is a file of the vault
    markers: tuple[Marker, ...]
    name: str  # radio group name: unique per block and page
    placed: bool  # the markers could be placed (bounds known)


class ObsidianLeaflet:
    markdown_inside = False  # a block is code to Obsidian: its `[[links]]` are not the note's
    names_headings = False
    name = "Obsidian Leaflet"

    def claims_fence(self, language: str) -> bool:
        return language == "leaflet"

    def claims_code(self, code: str) -> bool:
        return False

    def parse(self, written: Written) -> tuple[LeafletBlock, int]:
        return read_leaflet(written.source), written.line

    def evaluate(self, parsed: object, here: Here) -> LeafletMap:
        assert isinstance(parsed, tuple)
        block, line = parsed
        assert isinstance(block, LeafletBlock)
        markers = [written_marker(spec) for spec in block.markers] + note_markers(block, here.vault, here.resolve)
        image = block.images[0] if block.images else ""
        resolution = here.resolve(image.split("|")[0], "embed") if image else None
        found = resolution is not None and resolution.kind == "image" and resolution.path is not None
        size = here.image_size(resolution.path) if found and resolution and resolution.path else None
        bounds = image_bounds(block, size) if found else None
        name = f"leaflet-{zlib.crc32(f'{here.page.path}:{line}:{block.id}'.encode()):08x}"
        return LeafletMap(block, image, found, tuple(placed(markers, bounds)), name, bounds is not None)

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, LeafletMap)
        shown = evaluated
        for line, message in shown.block.problems:
            out.problem(line + 1, "warning", message)
        title = escape_html(shown.block.id or "Map")
        parts = [f'<figure class="vault-leaflet" aria-label="Map: {title}">']
        if not shown.image:
            parts.append('<p class="vault-leaflet-note">A real-world map (map tiles from another site): '
                         "not drawn here; its markers are listed below.</p>")
        elif re.match(r"^https?://", shown.image):  # the site fetches nothing from another site
            parts.append('<p class="vault-leaflet-note">The map\'s image is on another site: not drawn here; '
                         "its markers are listed below.</p>")
        elif not shown.found:
            out.problem(1, "warning", f"leaflet: image {shown.image.split('|')[0]!r} not found in the vault")
            parts.append(f'<p class="vault-leaflet-note">The map\'s image, {escape_html(shown.image)}, '
                         "is not in the vault; its markers are listed below.</p>")
        else:
            parts.append(_drawing(shown, out, title))
        if shown.markers:
            parts.append(_listing(shown, out))
        parts.append("</figure>")
        return "\n".join(parts)

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())


def _drawing(shown: LeafletMap, out: Out, title: str) -> str:
    image = out.link(shown.image, None, "embed")
    pins = []
    for number, marker in enumerate(shown.markers, 1):
        if marker.left is None or marker.top is None:
            continue
        where = f'style="left: {marker.left}%; top: {marker.top}%"'
        label = escape_html(f"{number}: {marker.name}")
        href = _href(marker, out)
        if href is not None:
            pins.append(f'<a class="vault-leaflet-pin" {where} href="{href}" aria-label="{label}" '
                        f'title="{label}">{number}</a>')
        else:
            pins.append(f'<span class="vault-leaflet-pin" {where} title="{label}">{number}</span>')
    zooms = "".join(f'<label><input type="radio" name="{shown.name}" value="{zoom}"'
                    f'{" checked" if zoom == 1 else ""}> {"Fit" if zoom == 1 else f"{zoom}×"}</label>'
                    for zoom in ZOOMS)
    layers = ""
    if len(shown.block.images) > 1:
        others = ", ".join(out.link(image.split("|")[0], image.split("|", 1)[1] if "|" in image else None)
                           for image in shown.block.images[1:])
        layers = f'<p class="vault-leaflet-note">Other layers of this map: {others}.</p>'
    unplaced = "" if shown.placed or not shown.markers else \
        '<p class="vault-leaflet-note">The image\'s size is not known, so its markers are only listed.</p>'
    return (f'<fieldset class="vault-leaflet-zoom"><legend>Zoom</legend>{zooms}</fieldset>\n'
            f'<div class="vault-leaflet-view" tabindex="0" role="region" aria-label="Map: {title} (scrolls)">'
            f'<div class="vault-leaflet-map">{image}{"".join(pins)}</div></div>{layers}{unplaced}')


def _href(marker: Marker, out: Out) -> str | None:
    if not marker.link:
        return None
    if re.match(r"^https?://", marker.link):
        return escape_html(marker.link)
    found = _HREF.match(out.link(marker.link.split("|")[0]))
    return found.group(1) if found else None


def _listing(shown: LeafletMap, out: Out) -> str:
    items = []
    for number, marker in enumerate(shown.markers, 1):
        if re.match(r"^https?://", marker.link):
            name = f'<a href="{escape_html(marker.link)}">{escape_html(marker.name)}</a>'
        elif marker.link:
            name = out.link(marker.link.split("|")[0], marker.name)
        else:
            name = escape_html(marker.name)
        where = f"{marker.lat:g}, {marker.long:g}" if marker.lat is not None and marker.long is not None \
            else "no coordinates"
        if shown.image and shown.found and shown.placed and marker.left is None and marker.lat is not None:
            where += ", outside the image"
        description = f" — {escape_html(marker.description)}" if marker.description and \
            marker.description != marker.name else ""
        items.append(f'<li value="{number}">{name}{description} '
                     f'<span class="vault-leaflet-where">({where})</span></li>')
    return '<figcaption>Markers</figcaption>\n<ol class="vault-leaflet-markers">\n' + "\n".join(items) + "\n</ol>"

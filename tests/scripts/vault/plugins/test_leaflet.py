"""Obsidian Leaflet's ```leaflet blocks (issue 45, scripts/vault/plugins/leaflet/): read as
the plugin reads them (lines or YAML), markers from the block and from notes, placed on the
image as Leaflet places them; the fixture vault's facts worked out by hand from
tests/fixtures/vaults/tabletop-blocks/Maps.md (Maps/Coast.png is 600 x 400 pixels)."""

from __future__ import annotations

import re

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.leaflet.block import read_leaflet
from scripts.vault.plugins.leaflet.markers import Marker, image_bounds, placed
from tests.scripts.vault.plugins.tabletop_blocks import body, nothing_runs, problems, tags

PAGE = "Maps.md"


@pytest.mark.parametrize("source", [
    "id: m\nimage: [[A.png]]\nmarker: default, 1, 2, [[N]], first\nmarker: ,3,4,,second\n",  # a key again: lines
    "id: m\nimage: [[A.png]]\nmarker:\n  - [default, 1, 2, [[N]], first]\n  - [null, 3, 4, null, second]\n",  # YAML
])
def test_markers_written_either_way(source: str) -> None:
    block = read_leaflet(source)
    assert block.id == "m" and block.images == ("A.png",)
    assert [(m.lat, m.long, m.link, m.description) for m in block.markers] == [
        ("1", "2", "[[N]]", "first"), ("3", "4", "", "second")]


def test_several_images_bounds_and_a_single_yaml_marker() -> None:
    block = read_leaflet("image:\n  - [[A.png|Top]]\n  - [[B.png]]\nbounds: [[0, 0], [10, 20]]\n"
                         "marker: [default, 5, 5, [[Cave]]]\nmaxZoom: 6\n")
    assert block.images == ("A.png|Top", "B.png") and block.bounds == ((0, 0), (10, 20)) and block.max_zoom == 6
    assert [(m.lat, m.long, m.link) for m in block.markers] == [("5", "5", "[[Cave]]")]


def test_bad_bounds_and_a_marker_without_coordinates_are_reported() -> None:
    block = read_leaflet("image: [[A.png]]\nbounds: nowhere\nmarker: default\n")
    assert block.bounds is None and block.markers == ()
    assert [line for line, _ in block.problems] == [2, 1]  # marker: line 2, bounds: line 1 (0-based)


@pytest.mark.parametrize(("bounds", "lat", "long", "left", "top"), [
    (((0, 0), (400, 600)), 200, 300, 50.0, 50.0),
    (((400, 600), (0, 0)), 100, 150, 25.0, 75.0),  # either corner first: latitude still goes up
    (((0, 0), (400, 600)), 500, 300, None, None),  # off the image: listed, not pinned
])
def test_a_marker_is_placed_in_percent_of_the_image(bounds: tuple[tuple[float, float], tuple[float, float]],
                                                    lat: float, long: float, left: float | None,
                                                    top: float | None) -> None:
    (shown,) = placed([Marker("m", "", "", lat, long)], bounds)
    assert (shown.left, shown.top) == (left, top)


def test_without_bounds_the_image_spans_its_pixels_over_two_to_the_max_zoom_less_one() -> None:
    block = read_leaflet("image: [[A.png]]\nmaxZoom: 10\n")
    bounds = image_bounds(block, (600, 400))
    assert bounds == ((-400 / 512, 0.0), (0.0, 600 / 512))
    (shown,) = placed([Marker("m", "", "", -200 / 512, 300 / 512)], bounds)
    assert (shown.left, shown.top) == (50.0, 50.0)
    assert image_bounds(block, None) is None  # size unknown: the markers are only listed


def test_the_image_map_with_its_pins_and_its_list() -> None:
    page = body(PAGE)
    coast = page[:page.index('aria-label="Map: world"')]
    assert '<img class="vault-image" src="../Maps/Coast.png" alt="coast" width="600" height="400">' in coast
    pins = {attrs.get("title"): (attrs.get("style"), attrs.get("href")) for tag, attrs in tags(coast)
            if "vault-leaflet-pin" in (attrs.get("class") or "")}
    assert pins == {
        "1: Goblin": ("left: 50.0%; top: 50.0%", "../goblin/"),
        "2: Lighthouse": ("left: 6.667%; top: 5.0%", "https://example.org/lighthouse"),
        "3: javascript:alert(1)": ("left: 16.667%; top: 75.0%", None),  # not an address: no link
        "5: Harbour Town": ("left: 25.0%; top: 25.0%", "../places/harbour-town/"),  # markerTag: place, location
        "6: Smugglers' cave": ("left: 86.667%; top: 70.0%", "../places/sea-cave/"),  # its mapmarkers
    }
    assert ('<li value="1"><a href="../goblin/">Goblin</a> — The goblins\' camp '
            '<span class="vault-leaflet-where">(200, 300)</span></li>') in coast
    assert '<li value="4">Beyond the map <span class="vault-leaflet-where">(900, 900, outside the image)</span></li>' \
        in coast
    zooms = [attrs.get("value") for tag, attrs in tags(coast) if tag == "input" and attrs.get("type") == "radio"]
    assert zooms == ["1", "2", "4"]
    assert '<div class="vault-leaflet-view" tabindex="0" role="region" aria-label="Map: coast (scrolls)">' in coast


def test_a_real_world_map_is_a_note_and_its_markers() -> None:
    page = body(PAGE)
    world = page[page.index('aria-label="Map: world"'):]
    assert ('<p class="vault-leaflet-note">A real-world map (map tiles from another site): not drawn here; its '
            "markers are listed below.</p>") in world
    assert "<img" not in world and "vault-leaflet-pin" not in world
    assert ('<li value="1"><a href="../places/harbour-town/">Harbour Town</a> — Not really Paris '
            '<span class="vault-leaflet-where">(48.8584, 2.2945)</span></li>') in world


def test_nothing_is_left_raw_and_nothing_runs() -> None:
    page = body(PAGE)
    assert "language-leaflet" not in page and "markerTag" not in page and "bounds:" not in page
    assert nothing_runs(page)
    assert problems(PAGE) == []


def test_a_missing_image_is_a_note_and_a_warning() -> None:
    compiled = compile_vault({"M.md": "```leaflet\nid: m\nimage: [[Gone.png]]\nmarker: default, 1, 2, , x\n```\n"},
                             VaultConfig())
    page = compiled.pages["M.md"]
    assert "The map's image, Gone.png, is not in the vault" in page and '<li value="1">x' in page
    assert [str(p) for p in compiled.problems] == ["M.md:2: leaflet: image 'Gone.png' not found in the vault"]
    assert not re.search(r"<img", page)


def test_bad_lines_are_reported_at_their_line_and_text_is_escaped() -> None:
    compiled = compile_vault({"M.md": "Intro.\n\n```leaflet\nid: <b>m</b>\nbounds: [1, 2]\n"
                                      "marker: default, 1, 1, , <script>alert(1)</script>\nmarker: default\n```\n"},
                             VaultConfig())
    page = compiled.pages["M.md"]
    assert [str(p) for p in compiled.problems] == [
        "M.md:7: leaflet: marker 'default' has no coordinates; left out",
        "M.md:5: leaflet: bounds '[1, 2]' are not [[lat, long], [lat, long]]; the image's own used"]
    assert 'aria-label="Map: &lt;b&gt;m&lt;/b&gt;"' in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and nothing_runs(page)


def test_markers_from_a_file_a_folder_and_links_to_a_note() -> None:
    notes = {
        "Hub.md": "The hub.\n",
        "Places/Inn.md": "---\nlocation: [1, 1]\n---\nSee [[Hub]].\n",
        "Places/Deep/Well.md": "---\nlocation: [2, 2]\n---\n",
        "Far/Tower.md": "---\nlocation: [3, 3]\n---\n",
        "Elsewhere/Mill.md": "---\nlocation: [4, 4]\n---\n[[Hub]]\n",
    }
    def names(block: str) -> list[str]:
        page = compile_vault({**notes, "M.md": f"```leaflet\nid: m\n{block}```\n"}, VaultConfig()).pages["M.md"]
        return re.findall(r'<li value="\d+"><a href="[^"]*">([^<]*)</a>', page)

    assert names("markerFolder: Places\n") == ["Inn"]  # only the folder itself
    assert names("markerFolder: Places/\n") == ["Well", "Inn"]  # one `/` per level below; in the vault's order
    assert names("markerFile: [[Tower]]\n") == ["Tower"]
    assert names("linksTo: [[Hub]]\n") == ["Mill", "Inn"]  # the notes linking to it


def test_an_image_on_another_site_is_not_fetched() -> None:
    compiled = compile_vault({"M.md": "```leaflet\nid: m\nimage: https://example.org/map.jpg\n"
                                      "marker: default, 1, 2, , x\n```\n"}, VaultConfig())
    page = compiled.pages["M.md"]
    assert "The map's image is on another site: not drawn here" in page and "example.org" not in page
    assert compiled.problems == []

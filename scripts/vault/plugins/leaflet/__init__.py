"""The Obsidian Leaflet plugin's ```` ```leaflet ```` blocks: an image map with its markers as
pins, zoomable without script, and the markers listed under it.

- block.py: a block read as the plugin reads it (`key: value` lines, or YAML);
- markers.py: the markers, from the block and from notes' `location`/`mapmarkers`, placed on the image;
- plugin.py: the room's three steps, and the map's HTML.
"""

"""The Admonition plugin's ```` ```ad-TYPE ```` blocks, drawn as the callouts they are.

- block.py: a block read as the plugin reads it (its option lines, then its Markdown);
- plugin.py: the room's three steps, and the callout's HTML.
"""

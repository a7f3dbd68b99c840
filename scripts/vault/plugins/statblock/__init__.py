"""The Fantasy Statblocks plugin's ```` ```statblock ```` blocks (YAML), drawn as stat blocks.

- yaml_block.py: the block's YAML read safely (bounded), and its values as text;
- model.py: the creature the block describes (5e and 13th Age layouts);
- html.py: its HTML, every text rendered as the note's Markdown;
- plugin.py: the room's three steps.
"""

"""Initiative Tracker's ```` ```encounter ```` and ```` ```encounter-table ```` blocks, drawn as
tables of creatures.

- model.py: a block read as the plugin reads it (encounters between `---` lines, YAML each);
- plugin.py: each creature found in the vault (its note, or the note of its stat block), and
  the tables' HTML.
"""

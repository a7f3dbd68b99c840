"""Meta Bind's fields (`INPUT[…]`, `VIEW[…]`, `BUTTON[…]` and its ```` ```meta-bind… ```` blocks),
shown read-only with the bound property's value.

- syntax.py: a field's declaration read (type, arguments, bind target, view expression);
- values.py: a property's value found and shown as Obsidian shows it; a view's arithmetic;
- plugin.py: the room's three steps.
"""

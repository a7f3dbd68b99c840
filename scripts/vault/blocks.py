"""Block references: the `^id` that ends a block is taken off the page and becomes that
block's id (`{: #^id }` for attr_list, the way Obsidian's `#^id` links name it).

Python-Markdown reads an attribute list on its own last line of a paragraph or list item
as the block's own; the line keeps the quote marks or indentation of the block it ends.
A `^id` written alone below a table or quote names that block: it becomes an empty anchor
there. No library knows Obsidian's block ids, so this is written by hand.
"""

from __future__ import annotations

import re

from .scan import BLOCK_ID, BlockId

_PREFIX = re.compile(r"^(?P<quotes>[ \t>]*)(?P<item>(?:[-*+]|\d+[.)])[ \t]+(?:\[.\][ \t]+)?)?")


def block_anchor(block: BlockId) -> str:
    return f"^{block.id}"


def mark_block(line: str, block: BlockId, with_id: bool) -> str:
    """The line without its `^id`, and (on the page that owns the block) the block's id."""
    # The line's own `^id` at its end, whatever replaced the embed it may be glued to (issue 22).
    found = re.search(rf"(?:^|[ \t]*)\^{re.escape(block.id)}[ \t]*$", line) or BLOCK_ID.search(line)
    if found is None:
        return line
    kept = line[: found.start()].rstrip()
    prefix = _PREFIX.match(line)
    assert prefix is not None  # every group is optional
    lead = prefix.group("quotes")
    if not with_id:
        return kept
    if block.alone:
        return f'{lead}<span class="vault-block" id="{block_anchor(block)}"></span>'
    indent = lead + " " * len(prefix.group("item") or "")
    attribute = f"{indent}{{: #{block_anchor(block)} }}"
    return f"{kept}\n{attribute}" if kept.strip(" \t>") else attribute

"""The Dice Roller plugin's inline formulas (`dice: 3d6`) and table rollers
(`dice: [[Note#^table]]|Column`), rolled on the page.

Here, in the vault compiler, because the formulas are the vault's own syntax (a plugin's),
read from the notes at build time: the exact distribution is computed once per formula
and written into the page, so the browser needs no Python and the rules engine's wheel
(and its start-up snapshot) does not change. The package imports nothing else of the
compiler: scripts/vault/render.py calls it for each inline code span (`code_inline`
token) and hands it the table's tokens and its link.

- notation.py: the plugin's notation read into a tree;
- exact.py: that tree's exact distribution (bounded work);
- tables.py: reading a table and how to roll on it;
- html.py: the HTML written for both.
"""

from __future__ import annotations

import re

_PREFIX = re.compile(r"^dice(?:\+|-|-mod)?:\s*", re.IGNORECASE)
# The plugin's display flags after a formula: they change how a result shows, not its value.
_FLAGS = re.compile(r"\|[^|]*$")


def dice_formula(code: str) -> str | None:
    """The formula of a `dice:` code span (`dice+:`, `dice-:`, `dice-mod:` alike), or None."""
    found = _PREFIX.match(code.strip())
    if found is None:
        return None
    return code.strip()[found.end() :].strip()


def without_flags(formula: str) -> str:
    """`3d6|nodice|render` -> `3d6`; a roller on a link keeps its `|Column`."""
    while "|" in formula and "[[" not in formula:
        stripped = _FLAGS.sub("", formula)
        if stripped == formula:
            break
        formula = stripped
    return formula.strip()

"""Comma-separated inputs (faces, an intercepting unit, a Switch): every item counts.

An empty item (`6,,1`, a trailing comma) is most likely a typo for a missing value, so it
is refused instead of being skipped: skipping it would run a different attack than the
one the user meant, with no word said.
"""

from __future__ import annotations

from rulesengine.errors import InputError


def comma_items(text: str, flag: str, allowed: str) -> tuple[str, ...]:
    """The stripped items of `text`; () for empty text; InputError naming `flag` for an empty item."""
    if not text.strip():
        return ()
    items = tuple(part.strip() for part in text.split(","))
    if not all(items):
        raise InputError(flag, allowed + ", with no empty item between commas", text)
    return items

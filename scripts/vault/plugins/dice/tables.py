"""Table rollers: `dice: [[Note#^table]]` and `dice: [[Note#^table]]|Column`.

A table is read from the tokens of the block its id names (the compiler finds the block:
scripts/vault/render.py). How it is rolled:
- by its dice-range column, where the first column holds ranges in every row (`1-2`,
  `3-5`, `13,14`, `99-100`, `00` for 100, `01–50`): the header's own formula when it is
  one (`dice: 1d20`, as the plugin's lookup tables write it), else the die the ranges
  cover (`1d100` for 1-100, `2d6` for 2-12, `3d6` for 3-18, otherwise every number from
  the lowest to the highest alike);
- else by row, every row alike.
The row landed on shows the named column, or on a range table the columns after the
ranges, or the whole row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from markdown_it.token import Token

from .exact import Exact, distribution
from .notation import Unsupported

_REF = re.compile(r"^(?P<count>\d*)\[\[(?P<note>[^\]#^|]*)#?\^(?P<block>[^\]|#]+)(?:\|[^\]]*)?\]\](?:\|(?P<column>.+))?$")
_ITEM = re.compile(r"^(\d+)(?:\s*[-–—]\s*(\d+))?$")
_HEADER_FORMULA = re.compile(r"^dice[+-]?:\s*(.+)$", re.IGNORECASE)
_KNOWN_DICE = {(2, 12): "2d6", (3, 18): "3d6", (2, 20): "2d10", (2, 8): "2d4"}


@dataclass(frozen=True)
class TableRef:
    note: str
    block: str
    column: str | None
    count: int  # `3d[[Note^id]]` rolls 3 times (not computed here)


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    header_cells: tuple[Token, ...]  # inline tokens of the header row
    rows: tuple[tuple[Token, ...], ...]  # inline tokens of each body row's cells
    texts: tuple[tuple[str, ...], ...]  # each cell's plain text


@dataclass(frozen=True)
class Roll:
    """What the Roll button draws from: outcomes with weights, each outcome's row (-1: none)."""

    formula: str  # "1d100", or "" when every row is alike
    exact: Exact
    rows: tuple[int, ...]
    shown: tuple[int, ...]  # the columns a landed row shows


def table_ref(formula: str) -> TableRef | None:
    found = _REF.match(formula.strip())
    if found is None:
        return None
    column = found.group("column")
    count = int(found.group("count") or 1)
    return TableRef(found.group("note").strip(), found.group("block").strip(), column.strip() if column else None, count)


def read_table(tokens: Sequence[Token]) -> Table | None:
    """The first table among the block's tokens, or None when the block holds none."""
    headers: list[Token] = []
    rows: list[list[Token]] = []
    inside = in_head = False
    for index, token in enumerate(tokens):
        if token.type == "table_open":
            if inside:
                break
            inside = True
        elif token.type == "table_close" and inside:
            break
        elif not inside:
            continue
        elif token.type == "thead_open":
            in_head = True
        elif token.type == "thead_close":
            in_head = False
        elif token.type == "tr_open" and not in_head:
            rows.append([])
        elif token.type == "inline" and index and tokens[index - 1].type in ("th_open", "td_open"):
            (headers if in_head else rows[-1] if rows else headers).append(token)
    if not inside or not rows:
        return None
    return Table(tuple(_text(cell) for cell in headers), tuple(headers), tuple(tuple(row) for row in rows),
                 tuple(tuple(_text(cell) for cell in row) for row in rows))


def _text(inline: Token) -> str:
    return "".join(child.content for child in inline.children or () if child.type in ("text", "code_inline")).strip()


def plan(table: Table, column: str | None) -> Roll:
    """How the table is rolled; raises Unsupported naming what is missing."""
    chosen: int | None = None
    if column is not None:
        wanted = column.strip().casefold()
        chosen = next((i for i, header in enumerate(table.headers) if header.strip().casefold() == wanted), None)
        if chosen is None:
            names = ", ".join(table.headers) or "none"
            raise Unsupported(f"the table has no column {column!r} (its columns: {names})")
    ranges = [_values(row[0]) if row else None for row in table.texts]
    if table.texts and all(found for found in ranges):
        formula = _range_formula(table.headers[0] if table.headers else "", ranges)  # type: ignore[arg-type]
        exact = distribution(formula)
        landing: dict[Fraction, int] = {}
        for number, values in enumerate(ranges):
            for value in values or ():
                landing.setdefault(Fraction(value), number)
        rows = tuple(landing.get(value, -1) for value, _ in exact.weights)
        width = len(table.headers)
        shown = (chosen,) if chosen is not None else tuple(range(1, width)) or (0,)
        return Roll(formula, exact, rows, shown)
    count = len(table.rows)
    exact = Exact(tuple((Fraction(number), 1) for number in range(1, count + 1)))
    shown = (chosen,) if chosen is not None else tuple(range(len(table.headers)))
    return Roll("", exact, tuple(range(count)), shown)


def _values(text: str) -> list[int] | None:
    """The numbers a dice-range cell names (`1-2`, `13,14`, `00`), or None if it is no range."""
    values: list[int] = []
    for part in text.split(","):
        found = _ITEM.match(part.strip())
        if found is None:
            return None
        low = 100 if found.group(1) == "00" else int(found.group(1))
        high = low if found.group(2) is None else 100 if found.group(2) == "00" else int(found.group(2))
        if high < low or high - low > 10_000:
            return None
        values.extend(range(low, high + 1))
    return values or None


def _range_formula(header: str, ranges: list[list[int]]) -> str:
    own = _HEADER_FORMULA.match(header.strip())
    if own is not None:
        return own.group(1).strip()
    low = min(min(values) for values in ranges)
    high = max(max(values) for values in ranges)
    if low == 1:
        return f"1d{high}"
    known = _KNOWN_DICE.get((low, high))
    return known if known is not None else f"1d[{low}-{high}]"

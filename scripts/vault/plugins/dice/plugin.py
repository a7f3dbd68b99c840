"""The Dice Roller plugin's room: inline `dice:` formulas and table rollers, in three steps.

parse: the formula, or the table a `[[Note#^id]]` names; evaluate: the table found in the
vault and how a roll lands on its rows; render: the page's HTML (html.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from markdown_it.token import Token

from ..context import Here, Out, Written, WrittenLink
from . import dice_formula, without_flags
from .html import formula_html, table_html, unsupported_html
from .notation import Unsupported
from .tables import Roll, TableRef, plan, read_table, table_ref


@dataclass(frozen=True)
class Formula:
    written: str  # the code span as the note has it
    formula: str  # after `dice:`, without display flags


@dataclass(frozen=True)
class TableRoller:
    written: str
    ref: TableRef


@dataclass(frozen=True)
class NotRolled:
    written: str
    reason: str
    target: str | None = None  # the link shown beside it
    label: str | None = None


@dataclass(frozen=True)
class RolledTable:
    written: str
    target: str
    name: str  # the heading above the table, else its note
    roll: Roll
    headers: tuple[str, ...]
    rows: tuple[tuple[Token, ...], ...]


class DiceRoller:
    markdown_inside = False
    names_headings = False
    name = "Dice Roller"

    def claims_fence(self, language: str) -> bool:
        return False

    def claims_code(self, code: str) -> bool:
        return dice_formula(code) is not None

    def parse(self, written: Written) -> Formula | TableRoller | NotRolled:
        formula = dice_formula(written.source) or ""
        ref = table_ref(formula)
        if ref is not None:
            return TableRoller(written.source, ref)
        if "[[" in formula or formula.startswith("#"):
            return NotRolled(written.source, "section, line, list and tag rollers")
        return Formula(written.source, without_flags(formula))

    def evaluate(self, parsed: object, here: Here) -> object:
        if not isinstance(parsed, TableRoller):
            return parsed
        ref = parsed.ref
        target = f"{ref.note}#^{ref.block}"
        resolution = here.resolve(target)
        page = here.vault.get(resolution.path or "") if resolution.kind == "page" else None
        block = here.block(page.path, ref.block) if page is not None else None
        name = (block.heading if block is not None and block.heading else None) or ref.note or here.page.name
        if page is None or block is None:
            return NotRolled(parsed.written, "no table with that block id", target, name)
        if here.written.in_table or ref.count != 1:  # a roller in a table's cell links to its table
            return NotRolled(parsed.written, "a table rolled inside a table, or more than once", target, name)
        table = read_table(here.tokens_of(page.path, block.first_line, max(block.end_line, block.first_line + 1)))
        if table is None:
            return NotRolled(parsed.written, "the block is not a table", target, name)
        try:
            roll = plan(table, ref.column)
        except Unsupported as reason:
            return NotRolled(parsed.written, str(reason), target, name)
        return RolledTable(parsed.written, target, name, roll, table.headers, table.rows)

    def render(self, evaluated: object, out: Out) -> str:
        if isinstance(evaluated, Formula):
            return formula_html(evaluated.written, evaluated.formula)
        if isinstance(evaluated, NotRolled):
            link = out.link(evaluated.target, evaluated.label) if evaluated.target else ""
            return unsupported_html(evaluated.written, evaluated.reason, link)
        assert isinstance(evaluated, RolledTable)
        cells = [[out.inline_tokens(list(cell.children or [])) for cell in row] for row in evaluated.rows]
        return table_html(evaluated.written, evaluated.name, out.link(evaluated.target, evaluated.name),
                          evaluated.roll, evaluated.headers, cells)

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())  # a roller's `[[link]]` is inside code, where Obsidian counts no link

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())

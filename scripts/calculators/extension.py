"""The calculators' vault extension: example blocks checked at build, calculators on
keyword pages, and the coverage page.

The vault hook loads it unless mkdocs.yml lists other `extra: vault: extensions:`.
One instance serves one build: it remembers the blocks it ran so that a page with an
example is not given a second calculator and the coverage page can list every block.
A block's place is the note it is written in (`where`); its page context is the page that
shows it (another note may transclude it), which sets the links' way back to the root.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from rulesengine.calculators.links import base_for
from rulesengine.calculators.registry import for_page, why_no_calculator
from rulesengine.calculators.render import render_calculator
from rulesengine.errors import RulesError
from scripts.calculators.check import run_block
from scripts.calculators.coverage import COVERAGE_PAGE, BlockRecord, coverage_markdown
from scripts.calculators.example import example_item
from scripts.calculators.fence import FENCE_NAME, BlockError, parse_block
from scripts.vault.extension import ExtensionProblem, PageContext, SourceLocation


@dataclass
class CalculatorExtension:
    fence_names: tuple[str, ...] = (FENCE_NAME,)

    def __post_init__(self) -> None:
        self._blocks: dict[str, list[BlockRecord]] = {}
        self._added = False  # a keyword page got the registry's calculator
        self._calculators: dict[str, set[str]] = {}  # page -> the calculators it shows

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        """Run the block; a block that cannot run or whose expectation fails stops the build."""
        try:
            block = parse_block(source, where.line)
            checked = run_block(block)
        except BlockError as e:
            self._record(page, BlockRecord(where.path, where.line, "?", page.keyword, str(e)))
            raise ExtensionProblem(f"calculator block: {e}") from None
        keyword = block.keyword or page.keyword
        failure = "; ".join(checked.failures)
        self._record(page, BlockRecord(where.path, where.line, block.calculator, keyword, failure, len(block.expectations)))
        if failure:
            raise ExtensionProblem(f"calculator block: {failure}")
        # One calculator per page (per kind of calculator): the first example sets it; every
        # example, that one included, is a compact item below it.
        base = base_for(page.src_path)
        shown = self._calculators.setdefault(page.src_path, set())
        first = not shown
        html = ""
        if checked.calc.name not in shown:
            shown.add(checked.calc.name)
            html = render_calculator(checked.calc, checked.inputs, featured=tuple(checked.inputs), base=base)
        html += example_item(
            checked.calc, checked.inputs, checked.result, block.expectations, caption=block.caption, base=base, first=first
        )
        return f"\n{html}\n"

    def page_addition(self, page: PageContext) -> str:
        """The registry's calculator for a keyword (or sequence) page without an example block."""
        if self._blocks.get(page.src_path):
            return ""
        found = for_page(page.src_path, page.game, page.keyword)
        if found is None:
            why = why_no_calculator(page.game, page.keyword)
            if why is None:
                return ""
            return (f'<div class="admonition note"><p class="admonition-title">No calculator</p>'
                    f"<p>{escape(why, quote=False)}</p></div>")

        calc, preset = found
        try:
            html = render_calculator(calc, preset.values, featured=preset.featured, base=base_for(page.src_path))
        except RulesError as e:
            raise ExtensionProblem(f"calculator {calc.name} preset for {page.title!r}: {e}") from None
        self._added = True
        return f"\n{html}\n"

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        # A vault with no calculator anywhere gets no coverage page either.
        if not self._blocks and not self._added:
            return {}
        # A block transcluded into another page ran there too; list it once, where it is written.
        records = {(r.src_path, r.line): r for rs in self._blocks.values() for r in rs}
        return {COVERAGE_PAGE: coverage_markdown(pages, list(records.values()))}

    def _record(self, page: PageContext, record: BlockRecord) -> None:
        """Blocks are kept by the page showing them (which then needs no other calculator)."""
        self._blocks.setdefault(page.src_path, []).append(record)

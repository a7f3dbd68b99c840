"""The Fantasy Statblocks room: parse the block's YAML into a creature, draw it.

A stat block reads nothing else of the vault: its evaluation is the creature itself. A block
that cannot be read is drawn as its code under a one-line note, and reported as a warning at
the line of the block where reading stopped.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..context import Here, Out, Written, WrittenLink
from .html import ReadBlock, draw, read
from .model import statblock_links


class FantasyStatblocks:
    markdown_inside = True
    names_headings = False
    name = "Fantasy Statblocks"

    def claims_fence(self, language: str) -> bool:
        return language == "statblock"

    def claims_code(self, code: str) -> bool:
        return False

    def parse(self, written: Written) -> ReadBlock:
        return read(written.source)

    def evaluate(self, parsed: object, here: Here) -> object:
        return parsed

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, ReadBlock)
        drawn = draw(evaluated, out.markdown)
        if drawn.problem is not None:
            out.problem(drawn.problem[0], "warning", drawn.problem[1])
        return drawn.html

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        for embed, inner, line, start, end in statblock_links(written.source):
            yield WrittenLink(embed, inner, line, start, end)

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())

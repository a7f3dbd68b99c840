"""The coverage page: every keyword of the vault, whether the engine implements it (or why
it has no number to compute), its calculator, and the example blocks that check it.

This is the owner's "check the rule text against the engine" at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from rulesengine.calculators.registry import calculators, changes_no_die, for_keyword, keyword_flags, keyword_key, why_no_calculator
from scripts.vault.escaping import escape_text
from scripts.vault.extension import PageContext

COVERAGE_PAGE = "coverage.md"
GAMES = {"legion": "Star Wars: Legion", "swtcg": "Star Wars TCG"}


@dataclass(frozen=True)
class BlockRecord:
    """One example block as the build ran it; `failure` is empty when it passed."""

    src_path: str
    line: int
    calculator: str
    keyword: str | None
    failure: str
    expectations: int = 0


FRONT_MATTER = ["---", "search:", "  exclude: true", "---", ""]
"""The page is the owner's report, not a rule: the site's search leaves it out, so a search
for "pierce" finds Pierce X and Guardian X, never this table."""


def coverage_markdown(pages: Sequence[PageContext], blocks: Sequence[BlockRecord]) -> str:
    lines = [
        *FRONT_MATTER,
        "# Coverage",
        "",
        "Every keyword of the vault: whether the rules engine implements it, the calculator",
        "its page carries, the command-line flag that sets it, the rulesets in which it exists,",
        "and the example blocks in the notes that the build runs through the engine. A block",
        "whose expectation fails stops the build, so on a published site every listed block passes.",
        "Each table is folded: the counts above it say what it holds.",
        "",
    ]
    keyword_pages = sorted((p for p in pages if p.keyword), key=lambda p: (p.game or "", p.keyword or ""))
    for game, title in GAMES.items():
        rows = [p for p in keyword_pages if p.game == game]
        if rows:
            done = sum(1 for p in rows if for_keyword(p.game, p.keyword) is not None)
            lines += [f"## {title}", "", f"{done} of {len(rows)} keywords have a calculator.", ""]
            lines += _folded(f"All {len(rows)} {title} keywords", [
                "| Keyword | Engine | Calculator | Flag | Rulesets | Example blocks |", "|---|---|---|---|---|---|",
                *(_keyword_row(p, blocks) for p in rows)])
    lines += _other_pages(pages)
    lines += _all_blocks(blocks)
    return "\n".join(lines) + "\n"


def _folded(summary: str, table: list[str]) -> list[str]:
    """A table folded under a summary line: the page stays a few screens long on a phone."""
    return [f'<details class="coverage-table" markdown="1"><summary>{escape_text(summary)}</summary>', "", *table, "",
            "</details>", ""]


def _keyword_row(page: PageContext, blocks: Sequence[BlockRecord]) -> str:
    found = for_keyword(page.game, page.keyword)
    flags = rulesets = "none"
    if found is not None:
        engine, calc = "implemented" + (" (changes no die)" if changes_no_die(page.game, page.keyword) else ""), f"`{found[0].name}`"
        flags = ", ".join(f"`{f}`" for f in keyword_flags(found[0], page.keyword or "", found[1])) or "none"
        rulesets = ", ".join(found[0].rulesets(found[1].values)) if found[0].rulesets else "the game's one"
    else:
        engine, calc = _why_not(page.game, page.keyword or ""), "none"
    own = [b for b in blocks if _checks(b, page)]
    shown = "<br>".join(_block_cell(b) for b in own) or "none"
    return f"| {_link(page.title, page.src_path)} | {engine} | {calc} | {flags} | {rulesets} | {shown} |"


def _checks(block: BlockRecord, page: PageContext) -> bool:
    if block.keyword is not None and page.keyword is not None:
        return keyword_key(block.keyword) == keyword_key(page.keyword) and _game(block.src_path) == page.game
    return block.src_path == page.src_path


def _game(src_path: str) -> str:
    return src_path.split("/", 1)[0]


def _why_not(game: str | None, keyword: str) -> str:
    """The engine's own reason a keyword has no calculator, if it gives one."""
    why = why_no_calculator(game, keyword)
    return "not implemented" if why is None else f"no number: {_cell(why)}"


def _other_pages(pages: Sequence[PageContext]) -> list[str]:
    """Pages that carry a calculator without being a keyword page (the Attack sequence)."""
    by_path = {p.src_path: p for p in pages}
    rows = []
    for calc in calculators():
        for src_path in calc.pages:
            page = by_path.get(src_path)
            if page is not None:
                rows.append(f"| {_link(page.title, src_path)} | `{calc.name}` |")
    if not rows:
        return []
    return ["## Other pages with a calculator", "", *_folded(f"{len(rows)} pages", ["| Page | Calculator |", "|---|---|", *rows])]


def _all_blocks(blocks: Sequence[BlockRecord]) -> list[str]:
    if not blocks:
        return ["## Example blocks", "", "No note has an example block yet.", ""]
    failing = sum(1 for b in blocks if b.failure)
    lines = ["| Note | Keyword | Calculator | Expectations | Result |", "|---|---|---|---|---|"]
    for b in sorted(blocks, key=lambda b: (b.src_path, b.line)):
        result = "passes" if not b.failure else f"**fails**: {_cell(b.failure)}"
        lines.append(
            f"| {_link(f'{b.src_path}:{b.line}', b.src_path)} | {_cell(b.keyword or '')} | `{b.calculator}` | {b.expectations} | {result} |"
        )
    said = f"{len(blocks)} example blocks, " + (f"{failing} failing." if failing else "every one passes.")
    return ["## Example blocks", "", said, "", *_folded(f"All {len(blocks)} example blocks", lines)]


def _block_cell(block: BlockRecord) -> str:
    status = "passes" if not block.failure else "**fails**"
    return f"{_link(f'line {block.line}', block.src_path)} of {_cell(block.src_path.rsplit('/', 1)[-1])}: {status}"


def _link(text: str, src_path: str) -> str:
    """A relative Markdown link from the coverage page (at the site root) to a note."""
    label = escape_text(" ".join(text.splitlines()))
    return f"[{label}]({quote(src_path)})"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


"""The one parser: CommonMark + GFM + Obsidian's own syntax, as markdown-it-py plugins.

Every note is parsed once with `vault_parser()`; the compiler reads the tokens (links,
headings, block ids, callouts, tags) and renders the page's HTML from the same tokens
(scripts/vault/render.py, which imports this module; this module imports no renderer:
parse, resolve and render run in one direction). Nothing is rewritten as text, so code is never touched.

From the libraries: CommonMark (markdown-it-py), GFM tables, `~~strike~~` and task lists
(markdown-it-py's own rules), GFM autolinks (mdit-py-plugins' gfm_autolink), footnotes and
Obsidian's `^[inline footnotes]` (mdit-py-plugins' footnote), `$math$` (dollarmath).
Written here, because no maintained plugin reads them: `[[wikilinks]]`, `![[embeds]]`,
`==highlights==`, `#tags`, `^block-ids` and `> [!callouts]` (scripts/vault/obsidian_blocks.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML, RendererProtocol
from markdown_it.rules_inline import StateInline
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.gfm_autolink import gfm_autolink_plugin

from .obsidian_blocks import block_ids_plugin, callouts_plugin


@dataclass(frozen=True)
class WikiTarget:
    """The parts of `[[note#heading|alias]]`; `note` is '' for a same-page `[[#heading]]`."""

    note: str
    heading: str | None
    alias: str | None


def split_target(inner: str) -> WikiTarget:
    """Split the text between `[[` and `]]` the way Obsidian reads it."""
    target, bar, alias = inner.partition("|")
    # Inside a table Obsidian writes the alias bar escaped: [[Note\|alias]].
    target = target.removesuffix("\\")
    note, hash_, heading = target.partition("#")
    # [[Note#Section#Sub]] lands on the last heading named.
    heading_name = heading.split("#")[-1].strip() if hash_ else None
    return WikiTarget(
        note=note.strip(),
        heading=heading_name or None,
        alias=alias.strip() or None if bar else None,
    )


def _wikilink(state: StateInline, silent: bool) -> bool:
    start = state.pos
    embed = state.src.startswith("![[", start)
    if not embed and not state.src.startswith("[[", start):
        return False
    open_end = start + (3 if embed else 2)
    line_end = _next(state, "\n", open_end, state.posMax)
    limit = state.posMax if line_end == -1 else line_end
    close = _next(state, "]]", open_end, limit)
    if close == -1:
        if not silent:
            # Kept as text, but remembered so the build can say where the link is broken.
            token = state.push("wikilink_unclosed", "", 0)
            token.content = state.src[start:open_end]
            token.meta = {"start": start, "end": open_end}
        state.pos = open_end
        return True
    inner = state.src[open_end:close]
    target = split_target(inner)
    if not target.note and not target.heading:
        return False
    if not silent:
        token = state.push("wiki_embed" if embed else "wikilink", "", 0)
        token.content = state.src[start : close + 2]
        token.meta = {"target": target, "start": start, "end": close + 2}
    state.pos = close + 2
    return True


def _next(state: StateInline, mark: str, start: int, limit: int) -> int:
    """The next `mark` in [start, limit), or -1. The last search for each mark is
    remembered: a line of a thousand `[[` and no `]]` is searched once, not a thousand
    times, so no note can make the parse quadratic."""
    key = f"_vault_next_{mark!r}"
    searched: tuple[int, int, int] | None = getattr(state, key, None)
    if searched is not None:
        begin, end, found = searched
        if end == limit and begin <= start and (found == -1 or start <= found):
            return found
    found = state.src.find(mark, start, limit)
    setattr(state, key, (start, limit, found))
    return found


def _highlight_close(state: StateInline, start: int) -> int:
    """The first `==` at or after `start` that is not after a space, or -1; remembered like
    `_next`, so a run of `==a ==a ...` with no closing mark is searched once."""
    searched: tuple[int, int, int] | None = getattr(state, "_vault_highlight", None)
    if searched is not None:
        begin, end, found = searched
        if end == state.posMax and begin <= start and (found == -1 or start <= found):
            return found
    close = state.src.find("==", start, state.posMax)
    while close != -1 and state.src[close - 1] in " \t\n":
        close = state.src.find("==", close + 1, state.posMax)
    setattr(state, "_vault_highlight", (start, state.posMax, close))
    return close


def _highlight(state: StateInline, silent: bool) -> bool:
    start = state.pos
    if not state.src.startswith("==", start):
        return False
    inner_start = start + 2
    if inner_start >= state.posMax or state.src[inner_start] in " \t\n=":
        return False
    close = _highlight_close(state, inner_start + 1)
    if close == -1:
        return False
    if not silent:
        opening = state.push("mark_open", "mark", 1)
        opening.markup = "=="
        old_max = state.posMax
        state.pos, state.posMax = inner_start, close
        # The highlighted text is parsed like any other, so links inside it still work.
        state.md.inline.tokenize(state)
        state.posMax = old_max
        closing = state.push("mark_close", "mark", -1)
        closing.markup = "=="
    state.pos = close + 2
    return True


# Obsidian: letters, digits, `_`, `-` and `/`, at least one that is not a digit.
TAG_NAME = re.compile(r"[\w/-]*[^\W\d][\w/-]*")


def _tag(state: StateInline, silent: bool) -> bool:
    """`#tag` after a space or at the start of a line (`#1` is no tag, `a#b` neither)."""
    start = state.pos
    if state.src[start] != "#" or (start > 0 and not state.src[start - 1].isspace()):
        return False
    found = TAG_NAME.match(state.src, start + 1, state.posMax)
    if found is None:
        return False
    name = found.group(0).rstrip("/")
    if not name or not any(not char.isdigit() and char not in "/-_" for char in name):
        return False
    if not silent:
        token = state.push("vault_tag", "", 0)
        token.content = "#" + name
        token.meta = {"name": name, "start": start, "end": start + 1 + len(name)}
    state.pos = start + 1 + len(name)
    return True


def obsidian_plugin(md: MarkdownIt) -> None:
    """Teach `md` wikilinks, embeds, ==highlights== and #tags (inline), block ids and
    callouts (blocks)."""
    md.inline.ruler.before("link", "wikilink", _wikilink)
    md.inline.ruler.before("emphasis", "highlight", _highlight)
    md.inline.ruler.push("vault_tag", _tag)
    md.use(block_ids_plugin).use(callouts_plugin)


MAX_NESTING = 100


def new_parser(renderer_cls: type[RendererProtocol] = RendererHTML) -> MarkdownIt:
    """A parser configured as the vault reads notes, drawing HTML with `renderer_cls`
    (the renderer, scripts/vault/render.py, passes its own: parsing never needs it).

    Soft line breaks are rendered as the vault says (`breaks` at render time, from
    `.obsidian/app.json`), so one parser serves every vault.
    """
    # Nesting: quotes and lists up to 100 deep are read (CommonMark's preset stops at 20 and
    # drops what is deeper); deeper still, markdown-it stops rather than recurse without end.
    md = MarkdownIt("commonmark", {"html": True, "tasklists": True, "maxNesting": MAX_NESTING},
                    renderer_cls=renderer_cls)
    md.enable(["table", "strikethrough"])
    # Math is read as Obsidian reads it (no space inside the dollars, `$5 and $6` is text),
    # so a `[[` or `#` inside a formula is never a link or a tag.
    md.use(obsidian_plugin).use(gfm_autolink_plugin).use(footnote_plugin, inline=True)
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    return md


@cache
def vault_parser() -> MarkdownIt:
    """The parser every note is read with, built once (configuring markdown-it costs more
    than parsing a note, and the parser keeps no state between `parse` calls)."""
    return new_parser()

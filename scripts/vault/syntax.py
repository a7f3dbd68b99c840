"""markdown-it-py plugins for the Obsidian syntax the notes use.

Each rule is registered before markdown-it's own `link`/`image`/`emphasis` rules and only
ever sees inline text, so code spans, fences and raw HTML are never touched. Tokens record
their offsets in the inline source (`meta["start"]`, `meta["end"]`) so the compiler can
splice standard Markdown back into the note at exactly those places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from collections.abc import Sequence

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererProtocol
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from mdit_py_plugins.dollarmath import dollarmath_plugin


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
    line_end = state.src.find("\n", open_end)
    limit = state.posMax if line_end == -1 else min(line_end, state.posMax)
    close = state.src.find("]]", open_end, limit)
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


def _highlight(state: StateInline, silent: bool) -> bool:
    start = state.pos
    if not state.src.startswith("==", start):
        return False
    inner_start = start + 2
    if inner_start >= state.posMax or state.src[inner_start] in " \t\n=":
        return False
    close = state.src.find("==", inner_start + 1, state.posMax)
    while close != -1 and state.src[close - 1] in " \t\n":
        close = state.src.find("==", close + 1, state.posMax)
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


def _render_wikilink(
    self: RendererProtocol, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    target: WikiTarget = tokens[idx].meta["target"]
    text = target.alias or target.note or target.heading or ""
    return f'<a class="wikilink">{_escape(text)}</a>'


def _render_embed(
    self: RendererProtocol, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    target: WikiTarget = tokens[idx].meta["target"]
    return f'<span class="embed">{_escape(target.note)}</span>'


def _render_unclosed(
    self: RendererProtocol, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
) -> str:
    return _escape(tokens[idx].content)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def obsidian_plugin(md: MarkdownIt) -> None:
    """Teach `md` wikilinks, embeds and ==highlights==.

    The HTML renderers are for reading the tokens in tests and tools; the compiler itself
    writes Markdown from the tokens' positions, not HTML.
    """
    md.inline.ruler.before("link", "wikilink", _wikilink)
    md.inline.ruler.before("emphasis", "highlight", _highlight)
    md.add_render_rule("wikilink", _render_wikilink)
    md.add_render_rule("wiki_embed", _render_embed)
    md.add_render_rule("wikilink_unclosed", _render_unclosed)


@cache
def vault_parser() -> MarkdownIt:
    """The parser the compiler uses: CommonMark + tables + the Obsidian syntax.

    Built once: configuring markdown-it costs more than parsing a note, and the parser
    keeps no state between `parse` calls.
    """
    # Math is read as Obsidian reads it (no space inside the dollars, `$5 and $6` is text),
    # so a `[[` or `#` inside a formula is never a link or a tag.
    return (
        MarkdownIt("commonmark").enable("table").use(obsidian_plugin)
        .use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    )

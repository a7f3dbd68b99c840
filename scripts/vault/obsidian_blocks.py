"""Obsidian's block syntax as markdown-it-py rules: `^block-ids` and `> [!callouts]`.

Block ids. `text ^id` at the end of a paragraph or list item names it; a `^id` line of its
own names the block just above it: a paragraph, list, table, quote or callout. A `^id`
line ends a paragraph, a table and a quote's lazy lines (it is one of their terminators),
so it is never read as a table row or as a quote's last words. The id goes on the named
block's opening token (`attrs["id"] = "^id"`, the anchor an `[[Note#^id]]` link uses) and
`meta["block_id"]`, where the scan finds it.

Callouts. A quote whose first line is `[!type]`, `[!type]-` (folded) or `[!type]+`
(foldable, open) and an optional title is a callout: the quote's opening token gets
`meta["callout"]`, and its title becomes an inline token of its own (so links in a title
work). Lazy continuation lines belong to it, as CommonMark says.

Hand-written: no maintained markdown-it plugin knows Obsidian's block ids or callouts
(markdown-it-py's GitHub alerts know five types, no titles and no folding).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

BLOCK_ID_LINE = re.compile(r"\^(?P<id>[A-Za-z0-9-]+)[ \t]*$")
# `text ^id` ends a paragraph; `![[image.png]]^id` (glued to an embed) is allowed too.
TRAILING_ID = re.compile(r"(?:^|[ \t])\^(?P<id>[A-Za-z0-9-]+)[ \t]*$")
# Spaces around the header and its title are any but a line break: a no-break space
# (U+00A0) after `[!abstract]`, as editors paste it, still makes a callout, as in Obsidian.
CALLOUT_HEADER = re.compile(r"^[^\S\n]*\[!(?P<type>[^\]\s]+)\](?P<fold>[+-]?)(?:[^\S\n]+(?P<title>.*?))?[^\S\n]*$")


@dataclass(frozen=True)
class CalloutInfo:
    kind: str  # as written, lower case: "faq"
    fold: str  # "", "+" (open) or "-" (closed)
    title: str  # as written; the type's name when the note gives none


def _block_id_line(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    found = BLOCK_ID_LINE.fullmatch(state.src, begin, state.eMarks[start])
    if found is None:
        return False
    if silent:
        return True
    token = state.push("vault_block_id", "", 0)
    token.meta = {"id": found.group("id")}
    token.map = [start, start + 1]
    token.hidden = True
    state.line = start + 1
    return True


def _opening_of(tokens: list[Token], index: int) -> int:
    """The index of the token that opens the block closed at `index`."""
    level = tokens[index].level
    for back in range(index - 1, -1, -1):
        if tokens[back].level == level and tokens[back].nesting == 1:
            return back
    return index


def _name_blocks(state: StateCore) -> None:
    tokens = state.tokens
    kept: list[Token] = []
    for index, token in enumerate(tokens):
        if token.type == "vault_block_id":
            named = _block_above(kept, token.level)
            if named is not None:
                _set_id(named, token.meta["id"])
                continue
            token.hidden = False  # nothing above it: an anchor where it stands
        elif token.type == "inline" and index and tokens[index - 1].type == "paragraph_open":
            _trailing_id(tokens, index)
        kept.append(token)
    state.tokens = kept


def _block_above(kept: list[Token], level: int) -> Token | None:
    for back in range(len(kept) - 1, -1, -1):
        token = kept[back]
        if token.level < level:
            return None  # the first block in its container: nothing above it
        if token.level == level:
            if token.nesting == -1:
                return kept[_opening_of(kept, back)]
            return token if token.nesting == 0 and token.type != "vault_block_id" else None
    return None


def _trailing_id(tokens: list[Token], index: int) -> None:
    inline = tokens[index]
    if "^" not in inline.content or not inline.children:
        return
    last = inline.children[-1]
    if last.type != "text":
        return  # the ^id is inside code or a link, not the paragraph's own
    own = TRAILING_ID.search(last.content)
    glued = own is None and len(inline.children) > 1 and inline.children[-2].type == "wiki_embed"
    found = own or (BLOCK_ID_LINE.fullmatch(last.content) if glued else None)
    if found is None:
        return
    last.content = last.content[: own.start()] if own is not None else ""
    while inline.children and inline.children[-1].type in ("softbreak", "hardbreak") or (
        inline.children and inline.children[-1].type == "text" and not inline.children[-1].content.strip()
    ):
        inline.children.pop()
    if inline.children and inline.children[-1].type == "text":
        inline.children[-1].content = inline.children[-1].content.rstrip()
    paragraph = tokens[index - 1]
    item = tokens[index - 2] if index >= 2 else None
    named = item if item is not None and item.type == "list_item_open" else paragraph
    _set_id(named, found.group("id"))


def _set_id(token: Token, block_id: str) -> None:
    token.attrSet("id", f"^{block_id}")
    token.meta = {**(token.meta or {}), "block_id": block_id}


def block_ids_plugin(md: MarkdownIt) -> None:
    md.block.ruler.before("table", "vault_block_id", _block_id_line, {"alt": ["paragraph", "blockquote"]})
    md.core.ruler.after("inline", "vault_block_ids", _name_blocks)
    md.add_render_rule("vault_block_id", _render_lone_id)


def _render_lone_id(self: object, tokens: list[Token], index: int, options: object, env: object) -> str:
    return f'<span class="vault-block" id="^{tokens[index].meta["id"]}"></span>\n'


def _callouts(state: StateCore) -> None:
    """Runs before inline parsing: the header line leaves the quote's first paragraph."""
    tokens = state.tokens
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "blockquote_open" and index + 2 < len(tokens) and tokens[index + 1].type == "paragraph_open":
            inline = tokens[index + 2]
            first, newline, rest = inline.content.partition("\n")
            header = CALLOUT_HEADER.match(first)
            if header is not None:
                kind = header.group("type").lower()
                info = CalloutInfo(kind, header.group("fold"), header.group("title") or kind[:1].upper() + kind[1:])
                token.meta = {**(token.meta or {}), "callout": info}
                _close_of(tokens, index).meta = {"callout": info}
                title = Token("inline", "", 0)
                title.content, title.map, title.level, title.children = info.title, inline.map, token.level + 1, []
                opening = Token("callout_title_open", "p", 1)
                closing = Token("callout_title_close", "p", -1)
                opening.level = closing.level = token.level + 1
                if rest.strip():
                    inline.content = rest
                    if inline.map:
                        inline.map = [inline.map[0] + 1, inline.map[1]]
                    tokens[index + 1 : index + 1] = [opening, title, closing]
                else:
                    tokens[index + 1 : index + 4] = [opening, title, closing]  # a title alone
                index += 3
        index += 1


def _close_of(tokens: list[Token], index: int) -> Token:
    level = tokens[index].level
    for later in tokens[index + 1 :]:
        if later.type == "blockquote_close" and later.level == level:
            return later
    return tokens[index]


def callouts_plugin(md: MarkdownIt) -> None:
    md.core.ruler.before("inline", "vault_callouts", _callouts)

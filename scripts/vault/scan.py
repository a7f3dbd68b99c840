"""Walk a note's markdown-it tokens and say where each piece of vault syntax sits in the source.

The tokens are kept with the scan: the page's HTML is rendered from them (render.py), so a
note is parsed once. Inline tokens only know offsets inside their own text (markdown-it
strips list markers, quote markers and indentation, and unescapes `\\|` in table cells);
this module maps those offsets back to (line, column) in the note, which problems and the
keyword index's one-line summaries use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote
from typing import Literal

from markdown_it.token import Token

from .callouts import Callout
from .obsidian_blocks import CalloutInfo
from .plugins import fence_plugin
from .plugins.context import Written
from .plugins.dice import dice_formula
from .syntax import WikiTarget, split_target, vault_parser

RefKind = Literal["link", "embed", "unclosed", "mdlink", "mdimage"]


@dataclass(frozen=True)
class Ref:
    """One `[[...]]`, `![[...]]` or unclosed `[[` at line (0-based) and columns [start, end);
    for a Markdown link or image to a file in the vault, the columns of its destination."""

    kind: RefKind
    target: WikiTarget | None
    line: int
    start: int
    end: int
    heading: str | None  # text of the nearest heading above, for backlinks


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int


@dataclass(frozen=True)
class BlockId:
    """A block reference target: `text ^id` ends a paragraph or list item, or a `^id`
    alone in a paragraph names the block just above it."""

    id: str
    line: int  # 0-based line the `^id` is written on
    first_line: int  # the block it names: [first_line, end_line)
    end_line: int
    alone: bool  # the `^id` is a paragraph of its own




@dataclass(frozen=True)
class Tag:
    name: str  # as written, without `#`: "sky/night"
    line: int
    start: int  # columns of `#name`
    end: int


@dataclass(frozen=True)
class Fence:
    info: str
    content: str
    first_line: int  # 0-based, the opening fence line
    end_line: int  # exclusive


@dataclass(frozen=True)
class Scan:
    refs: tuple[Ref, ...]
    headings: tuple[Heading, ...]
    fences: tuple[Fence, ...]
    code_lines: frozenset[int]  # lines inside fences, indented code and raw HTML blocks
    callouts: tuple[Callout, ...] = ()
    block_ids: tuple[BlockId, ...] = ()
    tags: tuple[Tag, ...] = ()
    uses: frozenset[str] = frozenset()  # "math", "mermaid", "dice": what the page needs in the browser
    tokens: tuple[Token, ...] = field(default=(), compare=False, repr=False)  # the parse, rendered later


def scan_note(text: str) -> Scan:
    """Find every wikilink, embed, heading and fence in one note."""
    lines = text.split("\n")
    tokens = vault_parser().parse(text)
    refs: list[Ref] = []
    headings: list[Heading] = []
    fences: list[Fence] = []
    code_lines: set[int] = set()
    plugin_lines: set[int] = set()  # a plugin block whose texts are Markdown (a stat block's)
    cursors: dict[int, int] = {}
    callouts: list[Callout] = []
    block_ids: list[BlockId] = []
    tags: list[Tag] = []
    quote_level = 0
    uses: set[str] = set()
    current_heading: str | None = None
    in_cell = False
    for index, token in enumerate(tokens):
        if token.meta and "block_id" in token.meta and token.map:
            first, end = token.map
            block_ids.append(BlockId(token.meta["block_id"], end - 1, first, end, token.type != "paragraph_open"))
        elif token.type == "vault_block_id" and token.map:
            block_ids.append(BlockId(token.meta["id"], token.map[0], token.map[0], token.map[1], True))
        if token.type == "blockquote_open":
            quote_level += 1
            info: CalloutInfo | None = (token.meta or {}).get("callout")
            if info is not None and token.map:
                callouts.append(Callout(info.kind, info.fold, token.map[0], token.map[1], quote_level))
        elif token.type == "blockquote_close":
            quote_level -= 1
        elif token.type in ("th_open", "td_open"):
            in_cell = True
        elif token.type in ("th_close", "td_close"):
            in_cell = False
        elif token.type in ("fence", "code_block", "html_block", "math_block", "math_block_label") and token.map:
            code_lines.update(range(token.map[0], token.map[1]))
            if token.type == "fence":
                fences.append(Fence(token.info.strip(), token.content, token.map[0], token.map[1]))
                plugin = fence_plugin(token.info.strip().split(" ")[0])
                if plugin is not None and plugin.markdown_inside:  # its texts' links are the note's
                    plugin_lines.update(range(token.map[0] + 1, token.map[1] - 1))
                    written = Written("fence", token.info.strip(), token.content, token.map[0] + 1)
                    refs.extend(Ref("embed" if link.embed else "link", split_target(link.inner),
                                    token.map[0] + 1 + link.line, link.start, link.end, current_heading)
                                for link in plugin.written_links(written))
                if token.info.strip().split(" ")[0] == "mermaid":
                    uses.add("mermaid")
            elif token.type.startswith("math"):
                uses.add("math")
            elif token.type == "html_block" and "mermaid" in token.content:
                uses.add("mermaid")  # a hand-written <pre class="mermaid"> is drawn too, never from a CDN
        elif token.type == "inline" and token.map:
            parent = tokens[index - 1] if index else None
            if parent is not None and parent.type == "heading_open":
                current_heading = plain_text(token)
                headings.append(Heading(int(parent.tag[1]), current_heading, token.map[0]))
            if any(child.type == "math_inline" for child in token.children or ()):
                uses.add("math")
            if any(child.type == "code_inline" and dice_formula(child.content) is not None
                   for child in token.children or ()):
                uses.add("dice")  # issue 36: the Dice Roller plugin's formulas (scripts/vault/plugins/dice/)
            tags.extend(_tags(token))
            located = _locate(token, lines, cursors, in_cell)
            refs.extend(
                Ref(kind, target, line, start, end, current_heading)
                for kind, target, line, start, end in located
            )
    refs.extend(_markdown_links(lines, code_lines - plugin_lines, headings))
    return Scan(tuple(refs), tuple(headings), tuple(fences), frozenset(code_lines), tuple(callouts),
                tuple(block_ids), tuple(tags), frozenset(uses), tuple(tokens))


def _tags(inline: Token) -> list[Tag]:
    """The inline token's `#tags`, on the line each is written on (columns within it unknown)."""
    found: list[Tag] = []
    line = inline.map[0] if inline.map else 0
    for child in inline.children or ():
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "vault_tag":
            found.append(Tag(child.meta["name"], line, 0, 0))
    return found


_MD_LINK = re.compile(
    r"(?P<bang>!?)\[(?:[^\]\\\n]|\\.)*\]\((?P<dest><[^>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'))?\)"
)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def _markdown_links(lines: list[str], code_lines: set[int], headings: list[Heading]) -> list[Ref]:
    """`[text](Note%20name.md#Heading)`, `[text](<Note name.md>)`, `![](image.png)`: links
    by path or file name, as Obsidian writes them; web addresses and `#anchors` are not."""
    found: list[Ref] = []
    for number, line in enumerate(lines):
        if number in code_lines or "](" not in line:
            continue
        masked = _CODE_SPAN.sub(lambda span: " " * len(span.group(0)), line)
        for match in _MD_LINK.finditer(masked):
            dest = match.group("dest")
            written = unquote(dest[1:-1] if dest.startswith("<") else dest)
            if not written or _SCHEME.match(written) or written.startswith(("#", "/")):
                continue
            path, _, fragment = written.partition("#")
            target = WikiTarget(path, fragment or None, None)
            heading = next((h.text for h in reversed(headings) if h.line <= number), None)
            kind: RefKind = "mdimage" if match.group("bang") else "mdlink"
            found.append(Ref(kind, target, number, match.start("dest"), match.end("dest"), heading))
    return found




def plain_text(inline: Token) -> str:
    """The text a reader sees in an inline token: what MkDocs' toc slugifies."""
    parts: list[str] = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline", "math_inline", "math_inline_double"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "wikilink":
            parts.append(link_text(child.meta["target"]))
        elif child.type in ("wikilink_unclosed", "vault_tag"):
            parts.append(child.content)
    return "".join(parts).strip()


def link_text(target: WikiTarget) -> str:
    """What Obsidian shows for a link without an alias."""
    if target.alias:
        return target.alias
    if target.note and target.heading:
        return f"{target.note} > {target.heading}"
    return target.note or target.heading or ""


_KINDS: dict[str, RefKind] = {"wikilink": "link", "wiki_embed": "embed", "wikilink_unclosed": "unclosed"}


def _locate(
    inline: Token, lines: list[str], cursors: dict[int, int], in_cell: bool
) -> list[tuple[RefKind, WikiTarget | None, int, int, int]]:
    found = [child for child in inline.children or [] if child.type in _KINDS]
    if not found or inline.map is None:
        return []
    content_lines = inline.content.split("\n")
    line_starts = [0]
    for content_line in content_lines[:-1]:
        line_starts.append(line_starts[-1] + len(content_line) + 1)
    placed: list[tuple[RefKind, WikiTarget | None, int, int, int]] = []
    anchors: dict[int, int | None] = {}
    for child in found:
        start, end = child.meta["start"], child.meta["end"]
        k = max(i for i, s in enumerate(line_starts) if s <= start)
        line_no = inline.map[0] + k
        if k not in anchors:
            anchors[k] = _anchor(content_lines[k], lines[line_no], cursors.get(line_no, 0), in_cell)
        anchor = anchors[k]
        if anchor is None:
            continue
        text = content_lines[k].lstrip(" \t")
        lead = len(content_lines[k]) - len(text)
        col_start = _column(anchor, text, start - line_starts[k] - lead, in_cell)
        col_end = _column(anchor, text, end - line_starts[k] - lead, in_cell)
        if not lines[line_no].startswith(child.content[:2], col_start):
            continue  # never splice where the source does not hold the syntax we parsed
        placed.append((_KINDS[child.type], child.meta.get("target"), line_no, col_start, col_end))
    for k, anchor in anchors.items():
        if anchor is not None and in_cell:
            text = content_lines[k].strip()
            cursors[inline.map[0] + k] = anchor + len(text) + text.count("|")
    return placed


def _anchor(content_line: str, source_line: str, cursor: int, in_cell: bool) -> int | None:
    """Column in the source line where the content line's text begins."""
    text = content_line.strip(" \t")
    if in_cell:
        position = source_line.find(text.replace("|", "\\|"), cursor)
        return None if position == -1 else position
    stripped = source_line.rstrip(" \t")
    if text and stripped.endswith(text):
        return len(stripped) - len(text)
    position = source_line.find(text, cursor)
    return None if position == -1 else position


def _column(anchor: int, text: str, offset: int, in_cell: bool) -> int:
    # In a table cell every `|` of the content was written `\|` in the note.
    return anchor + offset + (text[:offset].count("|") if in_cell else 0)

"""Headings written as a plugin's inline span (`` # `=this.name` ``) are named by what the span
shows, as in Obsidian's reading view: their anchor (the heading's id, its table-of-contents
entry, what `[[Note#Heading]]` finds) is made from the value, not from the formula.

The values are known only once the vault's index is built, after every link was resolved
once; pages whose heading names change are returned with new anchors, to resolve again."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from html import escape, unescape
from typing import Literal

from markdown_it.token import Token

from .anchors import unique_anchors
from .config import VaultConfig
from .index import LinkIndex
from .pages import PageSource
from .plugin_here import PluginHere
from .plugins import Plugin, code_plugin
from .plugins.context import Severity, Written
from .scan import link_text, plain_text
from .syntax import split_target, vault_parser
from .vault_index import VaultIndex


class _PlainOut:
    """A plugin's means of writing, giving the words a reader sees (escaped), no markup."""

    def markdown(self, text: str, inline: bool = False, line_offset: int = 1) -> str:
        tokens = vault_parser().parseInline(text) if inline else vault_parser().parse(text)
        return escape(" ".join(plain_text(token) for token in tokens if token.type == "inline"))

    def inline_tokens(self, children: list[Token]) -> str:
        return escape(plain_text(Token("inline", "", 0, children=children)))

    def link(self, target: str, label: str | None = None, kind: Literal["link", "embed"] = "link") -> str:
        return escape(label or link_text(split_target(target)))

    def problem(self, line_offset: int, severity: Severity, message: str) -> None:
        return None  # reported where the page is written


def computed_headings(pages: Mapping[str, PageSource], vault: VaultIndex, index: LinkIndex,
                      site_made: frozenset[str], config: VaultConfig) -> dict[str, PageSource]:
    """The pages holding a heading named by a plugin's span, each with its anchors made from
    the headings as shown."""
    changed: dict[str, PageSource] = {}
    for page in pages.values():
        names = _shown_names(page, vault, pages, index, site_made)
        if names is None:
            continue
        texts = [page.title, *names] if page.adds_title else names
        anchors = tuple(zip(texts, unique_anchors(texts, config.slugify, config.separator)))
        if anchors != page.anchors:
            changed[page.path] = replace(page, anchors=anchors)
    return changed


def _shown_names(page: PageSource, vault: VaultIndex, pages: Mapping[str, PageSource], index: LinkIndex,
                 site_made: frozenset[str]) -> list[str] | None:
    """Each heading's text as shown, or None when no heading holds a plugin's span."""
    tokens = page.scan.tokens
    names: list[str] = []
    computed = False
    for at, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[at + 1] if at + 1 < len(tokens) and tokens[at + 1].type == "inline" else None
        children = list(inline.children or ()) if inline is not None else []
        if inline is None or not any(_naming(child) for child in children):
            names.append(plain_text(inline) if inline is not None else "")
            continue
        computed = True
        line = (token.map[0] if token.map else 0) + 1
        shown = [_shown(child, line, page, vault, pages, index, site_made) for child in children]
        names.append(plain_text(Token("inline", "", 0, children=shown)))
    return names if computed else None


def _naming(child: Token) -> Plugin | None:
    """The plugin whose span this is, if its value names a heading."""
    plugin = code_plugin(child.content) if child.type == "code_inline" else None
    return plugin if plugin is not None and plugin.names_headings else None


def _shown(child: Token, line: int, page: PageSource, vault: VaultIndex, pages: Mapping[str, PageSource],
           index: LinkIndex, site_made: frozenset[str]) -> Token:
    plugin = _naming(child)
    if plugin is None:
        return child
    written = Written("code", "", child.content, line)
    here = PluginHere(page, written, vault, pages, index, site_made)
    html = plugin.render(plugin.evaluate(plugin.parse(written), here), _PlainOut())
    return Token("text", "", 0, content=unescape(re.sub(r"<[^>]*>", "", html)).strip())

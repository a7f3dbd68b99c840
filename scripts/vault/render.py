"""A page's HTML, rendered from the tokens its note was parsed into (one parser, no second
grammar): wikilinks and Markdown links resolved as Obsidian resolves them, embeds shown
in place, callouts, block ids, tags, math and extension fences.

Every address is relative to where the page is served (`legion/keywords/guardian-x/`), so
the site works at any address. Tokens are shared by every page that shows them (a note
embedded in another), so rendering never changes a token: it renders a copy.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from html import escape
from typing import cast
from urllib.parse import unquote

from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict, OptionsType

from scripts.site.page_safety import safe_body

from .callouts import callout_classes
from .config import VaultConfig
from .escaping import escape_html
from .extension import ExtensionProblem, PageContext, SourceLocation, VaultExtension
from .index import LinkIndex
from .media import image, media
from .obsidian_blocks import CalloutInfo
from .pages import PageSource, generated_source, site_href
from .plugin_here import PluginHere, tokens_between
from .plugins import Plugin, code_plugin, fence_plugin
from .plugins.context import Severity, Written
from .problems import Problem
from .resolution import Resolution
from .resolve import Resolved, resolve_ref
from .scan import Ref, link_text, plain_text
from .syntax import WikiTarget, new_parser, split_target
from .tags import tag_page
from .vault_index import VaultIndex


@dataclass(frozen=True)
class RenderContext:
    pages: Mapping[str, PageSource]
    resolved: Resolved
    missing_paths: Mapping[str, str]  # link key -> generated page path
    config: VaultConfig
    extensions: Sequence[VaultExtension]
    image_sizes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # asset -> pixels
    index: LinkIndex = field(default_factory=lambda: LinkIndex((), ()))
    canvas: Callable[[str, str], str] | None = None  # (canvas path, host page) -> its drawing (canvas_site.py)
    site_made: frozenset[str] = frozenset()  # pages the site writes besides the notes (resolve.resolve_all)
    vault: VaultIndex = field(default_factory=lambda: VaultIndex({}))  # what plugins evaluate against
    bases: Mapping[str, str] = field(default_factory=dict)  # `.base` file -> its YAML (base_site.py)


@dataclass(frozen=True)
class Host:
    """The page being written: links are relative to it, fences render for it."""

    path: str
    context: PageContext
    depth: int
    stack: tuple[tuple[str, int], ...]  # (page, line of the embed) being shown, outermost first


@dataclass(frozen=True)
class TocEntry:
    level: int
    id: str
    name: str  # plain text, as the table of contents shows it


@dataclass
class _Env:
    """What one rendering pass reads and collects (markdown-it passes it to every rule)."""

    page: PageSource
    host: Host
    ctx: RenderContext
    problems: list[Problem]
    toc: list[TocEntry]
    headings: dict[int, int]  # id(heading_open token) -> its place among the page's headings
    wrapped: list[bool] = field(default_factory=list)  # open paragraphs shown as <div>
    line: int = 0  # 0-based line of the paragraph, heading or cell being rendered
    line_base: int = 0  # 0-based note line of the text being rendered (a plugin block's Markdown)


def render_body(page: PageSource, ctx: RenderContext) -> tuple[str, list[Problem], list[TocEntry]]:
    """The page's HTML without backlinks; problems found while writing; its headings."""
    problems: list[Problem] = []
    toc: list[TocEntry] = []
    host = Host(page.path, page.context, 0, ())
    body = _render(page, list(page.scan.tokens), host, ctx, problems, toc)
    if page.adds_title:
        anchor = page.anchors[0][1] if page.anchors else ""
        toc.insert(0, TocEntry(1, anchor, page.title))
        body = f'<h1 id="{escape_html(anchor)}">{escape_html(page.title)}</h1>\n{body}'
    return body, problems, toc


def render_markdown(
    text: str, path: str, ctx: RenderContext, context: PageContext | None = None, after: Sequence[str] = ()
) -> tuple[str, list[TocEntry]]:
    """Markdown the site writes itself (backlinks, indexes, generated pages) as HTML for the
    page at `path`; `after` are heading texts already on that page, so ids stay unique."""

    page = generated_source(path, text, context or PageContext(path, "", None, None), ctx.config, after)
    toc: list[TocEntry] = []
    html = _render(page, list(page.scan.tokens), Host(path, page.context, 0, ()), ctx, [], toc)
    return html, toc


def _render(
    page: PageSource, tokens: list[Token], host: Host, ctx: RenderContext,
    problems: list[Problem], toc: list[TocEntry],
) -> str:
    headings = {id(token): n for n, token in enumerate(t for t in page.scan.tokens if t.type == "heading_open")}
    env = _Env(page, host, ctx, problems, toc, headings)
    parser = _vault_markdown()
    options = OptionsDict(cast(OptionsType, {**parser.options, "breaks": not ctx.config.strict_line_breaks}))
    return str(parser.renderer.render(tokens, options, {"vault": env}))


@cache
def _vault_markdown() -> MarkdownIt:
    """The vault's parser drawing with VaultRenderer, built once; it renders the tokens
    `syntax.vault_parser()` read (the same configuration, so the same tokens)."""
    md = new_parser(VaultRenderer)
    for name in ("math_inline", "math_inline_double", "math_block"):
        # Drawn as KaTeX's auto-render reads them (\( \) and \[ \]), not as the plugin does.
        md.add_render_rule(name, getattr(VaultRenderer, name))
    return md


def _env(env: EnvType) -> _Env:
    found: _Env = env["vault"]
    return found


class VaultRenderer(RendererHTML):
    """markdown-it's HTML renderer with the vault's rules (see each method)."""

    def render(self, tokens: Sequence[Token], options: OptionsDict, env: EnvType) -> str:
        # As markdown-it's own, but each inline token's line is kept: a plugin's code span
        # reports its problems there.
        out: list[str] = []
        for i, token in enumerate(tokens):
            if token.type == "inline":
                if token.children:
                    if token.map and "vault" in env:
                        _env(env).line = _env(env).line_base + token.map[0]
                    out.append(self.renderInline(token.children, options, env))
            elif token.type in self.rules:
                out.append(self.rules[token.type](tokens, i, options, env))
            else:
                out.append(self.renderToken(tokens, i, options, env))
        return "".join(out)

    def renderToken(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        block_id = token.attrGet("id") if token.attrs else None
        if isinstance(block_id, str) and block_id.startswith("^") and "vault" in env and _env(env).host.depth:
            # Shown inside another page, a block keeps no id: it is not that page's block.
            copy = token.copy(attrs=dict(token.attrs))
            copy.attrs.pop("id", None)
            shown = list(tokens)
            shown[idx] = copy
            return super().renderToken(shown, idx, options, env)
        return super().renderToken(tokens, idx, options, env)

    def heading_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        vault = _env(env)
        token = tokens[idx]
        number = vault.headings.get(id(token))
        if number is None:
            return self.renderToken(tokens, idx, options, env)
        page = vault.page
        offset = 1 if page.adds_title else 0
        anchor = page.anchors[number + offset][1] if number + offset < len(page.anchors) else ""
        if vault.host.depth:
            # Shown inside another page: an id of its own, so the host's ids stay its own.
            prefix = f"embed-{page.context.keyword or page.title}".lower().replace(" ", "-")
            anchor = f"{prefix}-{anchor}"
        elif number < len(page.scan.headings):
            vault.toc.append(TocEntry(int(token.tag[1]), anchor, self._heading_text(tokens, idx, options, env)
                                      or page.scan.headings[number].text))
        return f'<{token.tag} id="{escape_html(anchor)}">'

    def _heading_text(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        """A heading holding a plugin's inline span (`` `=this.name` ``) is named in the table of
        contents by what the span shows, not by its formula."""
        inline = tokens[idx + 1] if idx + 1 < len(tokens) and tokens[idx + 1].type == "inline" else None
        children = (inline.children or []) if inline is not None else []
        spans = [code_plugin(child.content) for child in children if child.type == "code_inline"]
        if not any(plugin is not None and plugin.names_headings for plugin in spans):
            return ""
        shown = self.renderInline(children, options, env)
        return unescapeAll(re.sub(r"<[^>]*>", "", shown)).strip()

    def heading_close(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        opening = next((t for t in reversed(tokens[:idx]) if t.type == "heading_open"), None)
        link = ""
        if opening is not None and _env(env).headings.get(id(opening)) is not None and not _env(env).host.depth:
            anchor = self._last_anchor(env)
            if anchor:
                link = f'<a class="headerlink" href="#{escape_html(anchor)}" title="Permanent link">&para;</a>'
        return f"{link}</{tokens[idx].tag}>\n"

    @staticmethod
    def _last_anchor(env: EnvType) -> str:
        toc = _env(env).toc
        return toc[-1].id if toc else ""

    def paragraph_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        vault = _env(env)
        token = tokens[idx]
        block = idx + 1 < len(tokens) and _holds_note_embed(tokens[idx + 1], vault)
        vault.wrapped.append(block)
        if block:
            # A note shown inside a paragraph is a block of its own: a <p> cannot hold it.
            return f'<div class="vault-p"{self.renderAttrs(token)}>'
        return self.renderToken(tokens, idx, options, env)

    def paragraph_close(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        vault = _env(env)
        if vault.wrapped and vault.wrapped.pop():
            return "</div>\n"
        return self.renderToken(tokens, idx, options, env)

    def blockquote_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        info: CalloutInfo | None = (tokens[idx].meta or {}).get("callout")
        if info is None:
            return self.renderToken(tokens, idx, options, env)
        classes = escape_html(callout_classes(info.kind))
        kind = escape_html(info.kind)
        own = self.renderAttrs(tokens[idx])
        if info.fold:
            opened = " open" if info.fold == "+" else ""
            return f'<details class="{classes}" data-callout="{kind}"{own}{opened}>\n'
        return f'<div class="admonition {classes}" data-callout="{kind}"{own}>\n'

    def blockquote_close(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        info: CalloutInfo | None = (tokens[idx].meta or {}).get("callout")
        if info is None:
            return self.renderToken(tokens, idx, options, env)
        return "</details>\n" if info.fold else "</div>\n"

    def callout_title_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        info = _callout_around(tokens, idx)
        return "<summary>" if info is not None and info.fold else '<p class="admonition-title">'

    def callout_title_close(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        info = _callout_around(tokens, idx)
        return "</summary>\n" if info is not None and info.fold else "</p>\n"

    def list_item_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        if not token.meta or "checked" not in token.meta:
            return self.renderToken(tokens, idx, options, env)
        # A task's checkbox is named by the item's words, for screen readers.
        words = next((plain_text(t) for t in tokens[idx + 1 : idx + 3] if t.type == "inline"), "")
        checked = ' checked=""' if token.meta["checked"] else ""
        return (f'<li{self.renderAttrs(token)}>'
                f'<input class="task-list-item-checkbox" disabled="" type="checkbox"{checked}'
                f' aria-label="{escape_html(words)}"> ')

    def fence(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        vault = _env(env)
        info = unescapeAll(token.info).strip()
        name = info.split(maxsplit=1)[0] if info else ""
        extension = next((ext for ext in vault.ctx.extensions if name in ext.fence_names), None)
        if extension is not None:
            return _extension_fence(extension, token, vault)
        plugin = fence_plugin(name)
        if plugin is not None:  # a community plugin's block (scripts/vault/plugins/)
            line = vault.line_base + (token.map[0] if token.map else 0) + 1
            return _plugin(plugin, Written("fence", info, token.content, line), self, options, env) + "\n"
        code = escape(token.content, quote=False)
        if name == "mermaid":
            return f'<pre class="mermaid"><code>{code}</code></pre>\n'
        language = f' class="language-{escape_html(name)}"' if name else ""
        return f'<pre class="highlight"><code{language}>{code}</code></pre>\n'

    def code_inline(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        content = tokens[idx].content
        plugin = code_plugin(content) if "vault" in env else None
        if plugin is None:
            return super().code_inline(tokens, idx, options, env)
        line = _env(env).line + 1
        written = Written("code", "", content, line, bool(env.get("plugin_table")))
        return _plugin(plugin, written, self, options, env)  # a community plugin's span (scripts/vault/plugins/)

    def s_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return "<del>"  # ~~strike~~, as GFM writes it

    def s_close(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return "</del>"

    def math_inline(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return f'<span class="arithmatex">\\({escape(tokens[idx].content, quote=False)}\\)</span>'

    def math_inline_double(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return f'<span class="arithmatex">\\[{escape(tokens[idx].content, quote=False)}\\]</span>'

    def math_block(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return f'<div class="arithmatex">\\[{escape(tokens[idx].content, quote=False)}\\]</div>\n'

    def vault_tag(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        vault = _env(env)
        return tag_link(tokens[idx].meta["name"], vault.host.path, vault.ctx.config)

    def wikilink_unclosed(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return escape(tokens[idx].content, quote=False)

    def wikilink(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return _wiki(tokens[idx], "link", _env(env))

    def wiki_embed(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        return _wiki(tokens[idx], "embed", _env(env))

    def link_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        href = _vault_address(str(token.attrGet("href") or ""), "mdlink", _env(env))
        if href is None:
            return self.renderToken(tokens, idx, options, env)
        copy = token.copy(attrs=dict(token.attrs))
        copy.attrSet("href", href)
        return self.renderToken([copy], 0, options, env)

    def image(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        src = _vault_address(str(token.attrGet("src") or ""), "mdimage", _env(env))
        alt = self.renderInlineAsText(token.children or [], options, env)
        size = _SIZED_ALT.match(alt)
        if src is None and size is None:
            return super().image(tokens, idx, options, env)
        copy = token.copy(attrs=dict(token.attrs))
        if src is not None:
            copy.attrSet("src", src)
        if size is not None:
            # Obsidian's `![alt|300](image.png)` and `|300x200`: the image's size, not its words.
            copy.children = [Token("text", "", 0, content=size.group("alt"))]
            copy.attrSet("width", size.group("width"))
            if size.group("height"):
                copy.attrSet("height", size.group("height"))
        return super().image([copy], 0, options, env)


_SIZED_ALT = re.compile(r"^(?P<alt>.*?)\|(?P<width>\d+)(?:x(?P<height>\d+))?$", re.DOTALL)


def _plugin(plugin: Plugin, written: Written, renderer: VaultRenderer, options: OptionsDict, env: EnvType) -> str:
    """A community plugin's block or span: parsed, evaluated against the vault, rendered."""
    vault = _env(env)
    ctx = vault.ctx
    here = PluginHere(vault.page, written, ctx.vault, ctx.pages, ctx.index, ctx.site_made, ctx.image_sizes)
    return plugin.render(plugin.evaluate(plugin.parse(written), here), _PluginOut(vault, written, renderer, options, env))


class _PluginOut:
    """The page's means of writing a plugin's HTML."""

    def __init__(self, vault: _Env, written: Written, renderer: VaultRenderer, options: OptionsDict,
                 env: EnvType) -> None:
        self._vault, self._written, self._renderer, self._options, self._env = vault, written, renderer, options, env

    def markdown(self, text: str, inline: bool = False, line_offset: int = 1) -> str:
        parser = _vault_markdown()
        tokens = parser.parseInline(text) if inline else parser.parse(text)
        line, base = self._vault.line, self._vault.line_base
        # The text's lines are the note's from the block's line_offset on: a block nested in it
        # reports its problems at its own line.
        self._vault.line_base = self._written.line + line_offset - 1
        try:
            # Sanitised on its own: a stray or unclosed tag in one text cannot take in the block.
            html = safe_body(str(parser.renderer.render(tokens, self._options, self._env))).strip()
        finally:
            self._vault.line, self._vault.line_base = line, base
        return html

    def inline_tokens(self, children: list[Token]) -> str:
        return str(self._renderer.renderInline(children, self._options, {**self._env, "plugin_table": True}))

    def link(self, target: str, label: str | None = None, kind: str = "link") -> str:
        wiki = split_target(target)
        if label is not None:
            wiki = WikiTarget(wiki.note, wiki.heading, label)
        return wiki_html(wiki, kind, _resolve(wiki, kind, self._vault), self._written.line - 1, self._vault)

    def problem(self, line_offset: int, severity: Severity, message: str) -> None:
        if not self._vault.host.depth:
            self._vault.problems.append(Problem(self._vault.page.path, self._written.line + line_offset, severity,
                                                message))


def _callout_around(tokens: Sequence[Token], idx: int) -> CalloutInfo | None:
    for back in range(idx - 1, -1, -1):
        if tokens[back].type == "blockquote_open":
            info: CalloutInfo | None = (tokens[back].meta or {}).get("callout")
            return info
    return None


def _holds_note_embed(inline: Token, vault: _Env) -> bool:
    for child in inline.children or ():
        if child.type == "wiki_embed":
            resolution = _resolve(child.meta["target"], "embed", vault)
            drawing = resolution.kind == "asset" and (resolution.path or "").endswith((".canvas", ".base"))
            if resolution.kind == "page" or drawing:
                return True
    return False


def _extension_fence(extension: VaultExtension, token: Token, vault: _Env) -> str:
    line = vault.line_base + (token.map[0] if token.map else 0) + 1
    where = SourceLocation(vault.page.path, line)
    try:
        return extension.render_fence(token.info.strip(), token.content, where, vault.host.context) + "\n"
    except ExtensionProblem as problem:
        vault.problems.append(Problem(where.path, where.line, "error", str(problem)))
        return ""


def _resolve(target: WikiTarget, kind: str, vault: _Env) -> Resolution:
    ref = Ref(kind, target, 0, 0, 0, None)  # type: ignore[arg-type]
    resolution, _ = resolve_ref(ref, vault.page, vault.ctx.pages, vault.ctx.index, vault.ctx.site_made)
    return resolution


def _vault_address(written: str, kind: str, vault: _Env) -> str | None:
    """Where a Markdown link or image to a note or file in the vault goes, or None for a
    web address or anchor (left as written)."""
    if not written or written.startswith(("#", "/")) or ":" in written.split("/")[0]:
        return None
    path, _, fragment = unquote(written).partition("#")
    resolution = _resolve(WikiTarget(path, fragment or None, None), kind, vault)
    if resolution.kind in ("page", "image", "asset") and resolution.path is not None:
        anchor = resolution.anchor if resolution.kind == "page" else None
        return site_href(resolution.path, vault.host.path, anchor, vault.ctx.config.home)
    if resolution.kind == "missing" and resolution.path is not None and resolution.path in vault.ctx.missing_paths:
        return site_href(vault.ctx.missing_paths[resolution.path], vault.host.path, home=vault.ctx.config.home)
    if path.endswith(".md"):
        # A page the site makes itself (a missing note's page, an index): by its path.
        folder = posixpath.dirname(vault.page.path)
        return site_href(posixpath.normpath(posixpath.join(folder, path)), vault.host.path, fragment or None,
                         vault.ctx.config.home)
    return None


def _wiki(token: Token, kind: str, vault: _Env) -> str:
    target: WikiTarget = token.meta["target"]
    resolution = _resolve(target, kind, vault)
    return wiki_html(target, kind, resolution, token.meta.get("line", 0), vault)


def wiki_html(target: WikiTarget, kind: str, resolution: Resolution, line: int, vault: _Env) -> str:
    host, ctx = vault.host, vault.ctx
    text = escape_html(link_text(target))
    if resolution.kind == "page" and resolution.path is not None:
        if kind == "embed" and resolution.path in ctx.pages:
            return _transclude(target, resolution, vault)
        return f'<a href="{site_href(resolution.path, host.path, resolution.anchor, ctx.config.home)}">{text}</a>'
    if resolution.kind == "unpublished":
        return text
    if resolution.kind == "missing" and resolution.path is not None:
        missing = ctx.missing_paths.get(resolution.path)
        if missing is None:
            return f'<span class="vault-broken">{text}</span>'
        return f'<a class="vault-missing" href="{site_href(missing, host.path, home=ctx.config.home)}">{text}</a>'
    if resolution.kind == "image" and resolution.path is not None:
        return image(target.alias, resolution.path, host.path, ctx.config, ctx.image_sizes)
    if resolution.kind == "asset" and resolution.path is not None and resolution.path.endswith(".canvas") \
            and ctx.canvas is not None:  # a canvas is drawn where embedded, else linked to its page
        if kind == "embed":
            return ctx.canvas(resolution.path, host.path)
        return f'<a href="{site_href(resolution.path + ".md", host.path, home=ctx.config.home)}">{text}</a>'
    if resolution.kind == "asset" and resolution.path is not None and resolution.path in ctx.bases:
        if kind == "embed":  # a base is drawn where embedded (issue 43), with `this` the embedding note
            return _embedded_base(resolution.path, target.heading or "", _line_of(vault.page, target), vault)
        return f'<a href="{site_href(resolution.path + ".md", host.path, home=ctx.config.home)}">{text}</a>'
    if resolution.kind == "asset" and resolution.path is not None:
        # An embedded file is named by its file name; a link reads as the note wrote it.
        player = media(resolution.path, host.path, ctx.config.home) if kind == "embed" else None
        if player is not None:
            return player
        shown = escape_html(posixpath.basename(resolution.path)) if kind == "embed" else text
        return f'<a href="{site_href(resolution.path, host.path, home=ctx.config.home)}">{shown}</a>'
    return f'<span class="vault-broken">{escape_html(target.alias or target.note)}</span>'


def _embedded_base(path: str, view: str, line: int, vault: _Env) -> str:
    """`![[Books.base#View]]`: the Bases room's block, its info string naming the view."""
    plugin = fence_plugin("base")
    if plugin is None:
        return ""
    parser = _vault_markdown()
    options = OptionsDict(cast(OptionsType, {**parser.options, "breaks": not vault.ctx.config.strict_line_breaks}))
    written = Written("fence", f"base#{view}", vault.ctx.bases[path], line + 1)
    return _plugin(plugin, written, cast(VaultRenderer, parser.renderer), options, {"vault": vault})


def inline_link(target: WikiTarget, kind: str, page: PageSource, host: Host, ctx: RenderContext) -> str:
    """A wikilink or embed written on one line for another page (the keyword index): like
    on the page itself, except that an embedded note is a link, never its content."""
    vault = _Env(page, host, ctx, [], [], {})
    resolution = _resolve(target, kind, vault)
    if kind == "embed" and resolution.kind == "page":
        kind = "link"
    return wiki_html(target, kind, resolution, 0, vault)


def tag_link(name: str, host_path: str, config: VaultConfig) -> str:
    url = site_href(tag_page(name, config.tags_page), host_path, home=config.home)  # the tag's own page
    return f'<a class="vault-tag" href="{url}">#{escape_html(name)}</a>'


def _transclude(target: WikiTarget, resolution: Resolution, vault: _Env) -> str:
    assert resolution.path is not None
    page, host, ctx = vault.page, vault.host, vault.ctx
    shown = ctx.pages[resolution.path]
    link = f'<a href="{site_href(shown.path, host.path, resolution.anchor, ctx.config.home)}">{escape_html(link_text(target))}</a>'
    first, last = _section(shown, target.heading)
    line = _line_of(page, target)
    stack = (*host.stack, (page.path, line))
    # Only a real cycle stops: the part shown holds an embed that is being shown already.
    # A note may show another section of itself.
    if any(path == shown.path and first <= at < last for path, at in stack):
        chain = " → ".join(path for path, _ in (*stack, (shown.path, first)))
        if not page.generated:
            vault.problems.append(Problem(page.path, line + 1, "warning", f"embed cycle: {chain}"))
        return link
    if host.depth >= ctx.config.embed_depth:
        vault.problems.append(Problem(page.path, line + 1, "info",
                                      f"embed of {shown.path} not shown: deeper than {ctx.config.embed_depth}"))
        return link
    inner = Host(host.path, host.context, host.depth + 1, stack)
    content = _render(shown, tokens_between(list(shown.scan.tokens), first, last), inner, ctx, vault.problems, [])
    # Sanitised on its own: an unclosed tag in the note shown cannot take in the host page.
    return f'<div class="vault-embed">\n{safe_body(content)}</div>'


def _line_of(page: PageSource, target: WikiTarget) -> int:
    """The line an embed is written on (for cycle detection and problems)."""
    return next((ref.line for ref in page.scan.refs if ref.kind == "embed" and ref.target == target), 0)


def _section(page: PageSource, heading: str | None) -> tuple[int, int]:
    """Lines of the whole note, of one block (`^id`), or of one heading down to the next
    heading as high."""
    count = len(page.text.split("\n")) + 1
    block = page.find_block(heading) if heading is not None and heading.startswith("^") else None
    if block is not None:
        return block.first_line, max(block.end_line, block.first_line + 1)
    found = page.find_heading(heading) if heading is not None else None
    if found is None:
        return 0, count
    later = (h.line for h in page.scan.headings if h.line > found.line and h.level <= found.level)
    return found.line, next(later, count)


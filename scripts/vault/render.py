"""Writing a page as standard Markdown: every wikilink, embed and extension fence replaced
in place, everything else (code included) left exactly as the note has it."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from .blocks import mark_block
from .bullets import rewrite_bullets
from .callouts import rewrite_callout_line
from .config import VaultConfig
from .extension import ExtensionProblem, PageContext, SourceLocation, VaultExtension
from .escaping import escape_text
from .tags import tag_page
from .media import image, media
from .pages import PageSource, relative_url
from .problems import Problem
from .resolve import Resolution, Resolved
from .scan import Fence, Ref, link_text



_QUOTE_MARKERS = re.compile(r"^(?:[ ]{0,3}>[ ]?)+")


@dataclass(frozen=True)
class RenderContext:
    pages: Mapping[str, PageSource]
    resolved: Resolved
    missing_paths: Mapping[str, str]  # link key -> generated page path
    config: VaultConfig
    extensions: Sequence[VaultExtension]
    image_sizes: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # asset -> pixels


@dataclass(frozen=True)
class Host:
    """The page being written: links are relative to it, fences render for it."""

    path: str
    context: PageContext
    depth: int
    stack: tuple[tuple[str, int], ...]  # (page, line of the embed) being shown, outermost first


def render_body(page: PageSource, ctx: RenderContext) -> tuple[str, list[Problem]]:
    """The page's Markdown without backlinks; problems found while writing (fences, cycles)."""
    problems: list[Problem] = []
    host = Host(page.path, page.context, 0, ())
    body = render_lines(page, 0, len(page.text.split("\n")), host, ctx, problems)
    if page.adds_title:
        body = f"# {escape_text(page.title)}\n\n{body.lstrip(chr(10))}"
    return body, problems


def render_lines(
    page: PageSource, first: int, last: int, host: Host, ctx: RenderContext, problems: list[Problem]
) -> str:
    lines = page.text.split("\n")
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for number, ref in enumerate(page.scan.refs):
        if first <= ref.line < last:
            resolution = ctx.resolved.links[(page.path, number)]
            replacement = _replacement(ref, resolution, page, host, ctx, problems)
            if replacement is not None:
                edits.setdefault(ref.line, []).append((ref.start, ref.end, replacement))
    for tag in page.scan.tags:
        if first <= tag.line < last:
            edits.setdefault(tag.line, []).append((tag.start, tag.end, tag_link(tag.name, host.path, ctx.config)))
    fences = {fence.first_line: fence for fence in page.scan.fences if _extension_for(fence, ctx)}
    embedded_headings = _heading_ids(page) if host.depth else {}
    blocks = {block.line: block for block in page.scan.block_ids}
    out: list[str] = []
    skip_until = first
    for number in range(first, last):
        if number < skip_until:
            out.append("")  # one output line per note line, so code_lines still apply
            continue
        if number in fences:
            fence = fences[number]
            # A fence written in a callout: what replaces it stays in the callout.
            markers = _QUOTE_MARKERS.match(lines[number])
            rendered = _render_fence(fence, page, host, ctx, problems)
            quoted = (markers.group(0) if markers else "") + rendered
            out.append(rewrite_callout_line(quoted, number, page.scan.callouts))
            skip_until = fence.end_line
            continue
        line = lines[number]
        for start, end, replacement in sorted(edits.get(number, []), reverse=True):
            line = line[:start] + replacement + line[end:]
        if host.depth and number in embedded_headings:
            line = embedded_headings[number](line)
        line = rewrite_callout_line(line, number, page.scan.callouts)
        if number in blocks:
            # Shown inside another page, a block keeps no id: it is not that page's block.
            line = mark_block(line, blocks[number], with_id=not host.depth)
        out.append(line)
    return "\n".join(rewrite_bullets(out, page.scan.code_lines, first))


def _heading_ids(page: PageSource) -> dict[int, Callable[[str], str]]:
    """For headings shown inside another page: an id of their own.

    Without it toc would number the host's later headings `_1`, `_2`, and a link to one of
    them would land on the wrong place.
    """
    prefix = f"embed-{page.context.keyword or page.title}".lower().replace(" ", "-")
    setters: dict[int, Callable[[str], str]] = {}
    for heading in page.scan.headings:
        anchor = page.anchor_for(heading.text)
        if anchor and page.text.split("\n")[heading.line].lstrip().startswith("#"):
            setters[heading.line] = partial(_with_id, f"{prefix}-{anchor}")
    return setters


def _with_id(anchor: str, line: str) -> str:
    return f"{line.rstrip().rstrip('#').rstrip()} {{ #{anchor} }}"


def _extension_for(fence: Fence, ctx: RenderContext) -> VaultExtension | None:
    name = fence.info.split(maxsplit=1)[0] if fence.info else ""
    return next((ext for ext in ctx.extensions if name in ext.fence_names), None)


def _render_fence(
    fence: Fence, page: PageSource, host: Host, ctx: RenderContext, problems: list[Problem]
) -> str:
    extension = _extension_for(fence, ctx)
    assert extension is not None
    where = SourceLocation(page.path, fence.first_line + 1)
    try:
        return extension.render_fence(fence.info, fence.content, where, host.context)
    except ExtensionProblem as problem:
        problems.append(Problem(where.path, where.line, "error", str(problem)))
        return ""


def inline_link(ref: Ref, resolution: Resolution, page: PageSource, host: Host, ctx: RenderContext) -> str | None:
    """A wikilink or embed written on one line for another page (the keyword index): like
    on the page itself, except that an embedded note is a link, never its content."""
    if ref.kind == "embed" and resolution.kind == "page":
        ref = replace(ref, kind="link")
    return _replacement(ref, resolution, page, host, ctx, [])


def _replacement(
    ref: Ref, resolution: Resolution, page: PageSource, host: Host,
    ctx: RenderContext, problems: list[Problem],
) -> str | None:
    target = ref.target
    if target is None:
        return None  # an unclosed [[ stays as the note wrote it
    if ref.kind in ("mdlink", "mdimage"):
        return _markdown_destination(resolution, host)
    text = escape_text(link_text(target))
    if resolution.kind == "page" and resolution.path is not None:
        if ref.kind == "embed":
            return _transclude(ref, resolution, page, host, ctx, problems)
        return f"[{text}]({_url(resolution.path, resolution.anchor, host)})"
    if resolution.kind == "unpublished":
        return text
    if resolution.kind == "missing" and resolution.path is not None:
        missing = ctx.missing_paths[resolution.path]
        return f"[{text}]({_url(missing, None, host)}){{ .vault-missing }}"
    if resolution.kind == "image" and resolution.path is not None:
        return image(target.alias, resolution.path, host.path, ctx.config, ctx.image_sizes)
    if resolution.kind == "asset" and resolution.path is not None:
        # An embedded file is named by its file name; a link reads as the note wrote it.
        player = media(resolution.path, host.path) if ref.kind == "embed" else None
        if player is not None:
            return player
        shown = escape_text(posixpath.basename(resolution.path)) if ref.kind == "embed" else text
        return f"[{shown}]({relative_url(resolution.path, host.path)})"
    return f'<span class="vault-broken">{escape_text(target.alias or target.note)}</span>'


def tag_link(name: str, host_path: str, config: VaultConfig) -> str:
    url = relative_url(tag_page(name, config.tags_page), host_path)  # issue 25: the tag's own page
    return f"[#{escape_text(name)}]({url}){{ .vault-tag }}"


def _markdown_destination(resolution: Resolution, host: Host) -> str | None:
    """Only the destination of a Markdown link changes: to where the page or file is."""
    if resolution.path is None:
        return None
    if resolution.kind == "page":
        return _url(resolution.path, resolution.anchor, host)
    if resolution.kind in ("image", "asset"):
        return relative_url(resolution.path, host.path)
    return None


def _url(path: str, anchor: str | None, host: Host) -> str:
    fragment = f"#{anchor}" if anchor else ""
    if path == host.path and fragment:
        return fragment
    return relative_url(path, host.path) + fragment


def _transclude(
    ref: Ref, resolution: Resolution, page: PageSource, host: Host,
    ctx: RenderContext, problems: list[Problem],
) -> str:
    assert ref.target is not None and resolution.path is not None
    target = ctx.pages[resolution.path]
    link = f"[{escape_text(link_text(ref.target))}]({_url(target.path, resolution.anchor, host)})"
    first, last = _section(target, ref.target.heading)
    stack = (*host.stack, (page.path, ref.line))
    # Only a real cycle stops: the part shown holds an embed that is being shown already.
    # A note may show another section of itself.
    if any(path == target.path and first <= line < last for path, line in stack):
        chain = " → ".join(path for path, _ in (*stack, (target.path, first)))
        if not page.generated:
            problems.append(Problem(page.path, ref.line + 1, "warning", f"embed cycle: {chain}"))
        return link
    if host.depth >= ctx.config.embed_depth:
        problems.append(Problem(page.path, ref.line + 1, "info",
                                f"embed of {target.path} not shown: deeper than {ctx.config.embed_depth}"))
        return link
    inner = Host(host.path, host.context, host.depth + 1, stack)
    content = _dedent(render_lines(target, first, last, inner, ctx, problems).strip("\n"))
    return f'\n\n<div class="vault-embed" markdown="1">\n\n{content}\n\n</div>\n\n'


def _dedent(text: str) -> str:
    """A nested list item shown alone starts at the left margin, not as code."""
    lines = text.split("\n")
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return "\n".join(line[cut:] for line in lines) if cut else text


def _section(page: PageSource, heading: str | None) -> tuple[int, int]:
    """Lines of the whole note, of one block (`^id`), or of one heading down to the next
    heading as high."""
    count = len(page.text.split("\n"))
    block = page.find_block(heading) if heading is not None and heading.startswith("^") else None
    if block is not None:
        return block.first_line, max(block.end_line, block.line + 1)
    found = page.find_heading(heading) if heading is not None else None
    if found is None:
        return 0, count
    later = (h.line for h in page.scan.headings if h.line > found.line and h.level <= found.level)
    return found.line, next(later, count)

"""Canvases in the site: each `.canvas` file gets a page (`Flow.canvas` -> `Flow.canvas.md`,
titled "Flow"), and `![[Flow.canvas]]` draws it inside a note; `[[Flow.canvas]]` links to
its page. canvas.py draws; this module finds what the cards name in the vault and writes
addresses as the site serves them (the drawing is raw HTML, which MkDocs does not rewrite).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rulesengine.urls import page_file

from .canvas import Canvas, FileCard, default_markdown, parse_canvas, render_canvas
from .escaping import escape_text
from .index import LinkIndex
from .pages import PageSource, relative_url
from .problems import Problem
from .resolve import IMAGE_SUFFIXES

_WIKILINK = re.compile(r"(!?)\[\[([^\[\]|#\n]*)(#[^\[\]|\n]*)?(?:\|([^\[\]\n]*))?\]\]")
NOTE_CARD_CHARS = 4000  # a note card shows the start of a long note; its title links to all of it


def canvas_page_path(path: str) -> str:
    return f"{path}.md"


def canvas_title(path: str) -> str:
    return posixpath.basename(path).removesuffix(".canvas")


@dataclass
class CanvasSite:
    """The vault's canvases and what their cards need from the vault."""

    canvases: Mapping[str, Canvas]
    pages: Mapping[str, PageSource]
    index: LinkIndex
    home: str = "index.md"
    render_markdown: Callable[[str], str] = field(default_factory=default_markdown)

    def html_for(self, path: str, host: str) -> str:
        """The drawing of one canvas, with addresses relative to the page `host` shows it on."""
        canvas = self.canvases[path]

        def write(text: str) -> str:
            return self.render_markdown(self._links(text, path, host))

        return render_canvas(canvas, write, lambda file, sub: self._file_card(file, sub, path, host), canvas_title(path))

    def page(self, path: str) -> str:
        host = canvas_page_path(path)
        return f"# {escape_text(canvas_title(path))}\n\n{self.html_for(path, host)}\n"

    def url(self, target: str, host: str, is_page: bool = True) -> str:
        """`target`'s address from the page of `host`, as served (folders, not `.md`)."""
        here = "index.html" if host == self.home else page_file(host)
        there = ("index.html" if target == self.home else page_file(target)) if is_page else target
        found = relative_url(there, here)
        return found[: -len("index.html")] or "./" if found.endswith("index.html") else found

    def _file_card(self, file: str, subpath: str, canvas: str, host: str) -> FileCard:
        name = posixpath.basename(file)
        if file.endswith(".canvas") and file in self.canvases:
            return FileCard("note", canvas_title(file), self.url(canvas_page_path(file), host))
        found = self.index.find_page(file, canvas)
        if found.target is not None and found.target.kind != "unpublished" and found.target.path in self.pages:
            page = self.pages[found.target.path]
            text = page.text if len(page.text) <= NOTE_CARD_CHARS else page.text[:NOTE_CARD_CHARS] + "\n\n…"
            body = self.render_markdown(self._links(text, page.path, host))
            anchor = page.anchor_for(subpath[1:]) if subpath.startswith("#") and not subpath.startswith("#^") else None
            return FileCard("note", page.title, self.url(page.path, host) + (f"#{anchor}" if anchor else ""), body)
        asset = self.index.find_asset(file, canvas)
        if asset.target is not None:
            kind = "image" if posixpath.splitext(file)[1].lower() in IMAGE_SUFFIXES else "file"
            return FileCard(kind, name, self.url(asset.target.path, host, is_page=False))
        return FileCard("missing", name)

    def _links(self, text: str, source: str, host: str) -> str:
        """Wikilinks in a card's Markdown as Markdown links (or images) to where they go;
        one to nothing in the vault is its text."""

        def replace(match: re.Match[str]) -> str:
            bang, name, heading, alias = match.groups()
            shown = escape_text(alias or (name + (heading or "")))
            found = self.index.find_page(name, source) if name else None
            if found is not None and found.target is not None and found.target.path in self.pages:
                page = self.pages[found.target.path]
                anchor = page.anchor_for(heading[1:]) if heading and not heading.startswith("#^") else None
                return f"[{shown}](<{self.url(page.path, host)}{'#' + anchor if anchor else ''}>)"
            asset = self.index.find_asset(name, source) if name else None
            if asset is not None and asset.target is not None:
                if asset.target.path in self.canvases:  # a canvas in a card is a link to its page, never drawn again
                    return f"[{shown}](<{self.url(canvas_page_path(asset.target.path), host)}>)"
                url = self.url(asset.target.path, host, is_page=False)
                image = posixpath.splitext(asset.target.path)[1].lower() in IMAGE_SUFFIXES
                return f"![{escape_text(alias or name)}](<{url}>)" if bang and image else f"[{shown}](<{url}>)"
            return shown

        return _WIKILINK.sub(replace, text)


def read_canvases(files: Mapping[str, bytes | str], problems: list[Problem]) -> dict[str, Canvas]:
    canvases: dict[str, Canvas] = {}
    for path in sorted(files):
        content = files[path]
        text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
        canvas, found = parse_canvas(path, text)
        problems.extend(found)
        canvases[path] = canvas
    return canvases

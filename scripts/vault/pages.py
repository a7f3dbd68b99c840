"""The pages the compiler writes: real notes and the keyword pages cut out of glossaries.

Both are a source text run through the same pipeline; a keyword page's source is made up
here from its definition(s), so its links, anchors and backlinks work like a note's.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote

from rulesengine.urls import page_path
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .anchors import unique_anchors
from .config import VaultConfig
from .extension import PageContext
from .glossary import Definition
from .notes import Note, game_of, title_of
from .properties import Properties
from .scan import BlockId, Heading, Scan, scan_note


@dataclass(frozen=True)
class PageSource:
    path: str
    title: str
    text: str
    scan: Scan
    context: PageContext
    generated: bool  # True for keyword pages made from glossaries
    adds_title: bool  # the note has no leading h1, so "# Title" is written above it
    anchors: tuple[tuple[str, str], ...]  # (heading text, anchor) in page order
    aliases: tuple[str, ...] = ()  # other names a link may use: the glossary's "Evade X"
    properties: Properties = Properties()  # the note's front matter

    def anchor_for(self, heading: str) -> str | None:
        """The anchor of a heading as Obsidian matches it: by text, ignoring case, and
        ignoring the punctuation Obsidian cannot keep in a link ("Step 1: Roll"). A heading
        shown as a plugin's value (`` `=this.name` ``) is found by its value or as written."""
        for same in _MATCHERS:
            found = [anchor for text, anchor in self.anchors if same(text, heading)]
            if found:
                return found[0]
        written = self.find_heading(heading)
        return self._own_anchor(written) if written is not None else None

    def find_block(self, block_id: str) -> BlockId | None:
        """The block a `#^id` link or embed names (ids match ignoring case, as in Obsidian)."""
        wanted = block_id.removeprefix("^").casefold()
        return next((block for block in self.scan.block_ids if block.id.casefold() == wanted), None)

    def find_heading(self, heading: str) -> Heading | None:
        """The note's own heading a `#heading` link or embed names, matched like anchor_for."""
        shown = self.anchors[1:] if self.adds_title else self.anchors
        for same in _MATCHERS:
            found = [own for own in self.scan.headings if same(own.text, heading)]
            found += [own for own, (text, _) in zip(self.scan.headings, shown) if same(text, heading)]
            if found:
                return found[0]
        return None

    def shown_heading(self, heading: str) -> str:
        """A heading of this page as the page shows it: a plugin's value (`` `=this.name` ``)
        in place of the formula it is written as."""
        if any(text == heading for text, _ in self.anchors):
            return heading
        written = self.find_heading(heading)
        if written is None:
            return heading
        number = self.scan.headings.index(written) + (1 if self.adds_title else 0)
        return self.anchors[number][0] if number < len(self.anchors) else heading

    def _own_anchor(self, heading: Heading) -> str | None:
        offset = 1 if self.adds_title else 0
        number = self.scan.headings.index(heading) + offset
        return self.anchors[number][1] if number < len(self.anchors) else None


def _exact(a: str, b: str) -> bool:
    return a == b


def _casefolded(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def _loose(a: str, b: str) -> bool:
    return _letters(a) == _letters(b) and bool(_letters(a))


def _letters(text: str) -> str:
    return "".join(char for char in text.casefold() if char.isalnum())


_MATCHERS = (_exact, _casefolded, _loose)


def is_keyword_path(path: str, config: VaultConfig) -> bool:
    parts = path.split("/")
    return len(parts) == 3 and parts[1] == config.keyword_folder and parts[2] != "index.md"


def note_page(note: Note, config: VaultConfig) -> PageSource:
    keyword = note.title if is_keyword_path(note.path, config) else None
    # The file name is the note's name, as in Obsidian: a `title` property does not rename it.
    title = _index_title(note) if posixpath.basename(note.path) == "index.md" else note.title
    context = PageContext(note.path, title, note.game, keyword)
    page = _page(note.path, title, note.text, context, generated=False, config=config)
    return replace(page, properties=note.properties)


def _index_title(note: Note) -> str:
    """An index page is named by its own first heading ("index" says nothing), else "Home"."""
    scan = scan_note(note.text)
    if scan.headings and scan.headings[0].level == 1:
        return scan.headings[0].text
    return note.game.capitalize() if note.game else "Home"


def keyword_page(
    path: str, keyword: str, definitions: Sequence[Definition], config: VaultConfig
) -> PageSource:
    context = PageContext(path, keyword, game_of(path), keyword)
    page = _page(path, keyword, keyword_source(keyword, definitions), context, True, config)
    # "[sub-type] Pilot" or "Accuracy X/-X" is no name anyone links by.
    heads = tuple(sorted({d.head for d in definitions if not set(d.head) & set("[]/:")}))
    return replace(page, aliases=heads)


def keyword_source(keyword: str, definitions: Sequence[Definition]) -> str:
    """The Markdown (with wikilinks) of a keyword page: the definition, then its notes."""
    names = [f"[[{title_of(d.path)}]]" for d in definitions]
    sources = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"
    texts = {_words(d.text) for d in definitions}
    lines = [f"# {keyword}", ""]
    if len(texts) == 1:
        lines += [_bold_head(definitions[0]), "", f"*Defined in {sources}.*", ""]
        return "\n".join(lines)
    lines += [f"The notes define {keyword} differently: {sources}.", ""]
    for definition in definitions:
        lines += [f"## In {title_of(definition.path)}", "", _bold_head(definition), ""]
    return "\n".join(lines)


def _bold_head(definition: Definition) -> str:
    """The definition as the note words it, its keyword head in bold."""
    rest = definition.text[len(definition.head) :]
    head = definition.head.replace("[", "\\[").replace("]", "\\]")
    return f"**{head}**{rest}"


def _words(text: str) -> str:
    return " ".join(text.split())


def _page(
    path: str, title: str, text: str, context: PageContext, generated: bool, config: VaultConfig
) -> PageSource:
    scan = scan_note(text)
    first_line = next((i for i, line in enumerate(text.split("\n")) if line.strip()), 0)
    has_title = bool(scan.headings) and scan.headings[0].level == 1 and scan.headings[0].line == first_line
    texts = [heading.text for heading in scan.headings]
    if not has_title:
        texts.insert(0, title)
    anchors = unique_anchors(texts, config.slugify, config.separator)
    return PageSource(
        path, title, text, scan, context, generated, not has_title, tuple(zip(texts, anchors))
    )


def relative_url(target: str, host: str) -> str:
    """A relative `.md` link from the host page to the target, as MkDocs wants it."""
    # Both are vault paths; posixpath.relpath would ask the OS for the working directory.
    folder = host.split("/")[:-1]
    parts = target.split("/")
    common = 0
    while common < min(len(folder), len(parts) - 1) and folder[common] == parts[common]:
        common += 1
    relative = "/".join([".."] * (len(folder) - common) + parts[common:])
    return quote(relative, safe="/")


def site_href(target: str, host: str, fragment: str | None = None, home: str = "index.md") -> str:
    """The address of a page (`.md`) or file in the vault, relative to where `host` is
    served; `home` is the note served at the site's root (index.md, README.md, ...)."""
    dest = "" if target == home else page_path(target) if target.endswith(".md") else target
    base = "" if host == home else page_path(host)
    relative = posixpath.relpath("/" + dest, "/" + base.rstrip("/")) if base else dest or "."
    if dest.endswith("/") or dest == "":
        relative = relative.rstrip("/") + "/" if relative != "." else "./"
    link = quote(relative, safe="/.-_~")
    if fragment:
        return f"#{quote(fragment, safe='^-_.~')}" if target == host else f"{link}#{quote(fragment, safe='^-_.~')}"
    return link


def generated_source(
    path: str, text: str, context: PageContext, config: VaultConfig, after: Sequence[str] = ()
) -> PageSource:
    """Markdown the site writes itself, as a page source: never given a title of its own;
    its heading ids are unique after the headings `after` (already on the same page)."""
    scan = scan_note(text)
    texts = [heading.text for heading in scan.headings]
    anchors = unique_anchors([*after, *texts], config.slugify, config.separator)[len(after):]
    return PageSource(path, context.title, text, scan, context, True, False, tuple(zip(texts, anchors)))

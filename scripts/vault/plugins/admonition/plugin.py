"""The Admonition plugin's room: an ```` ```ad-TYPE ```` block drawn as the callout it is.

The same HTML and classes as an Obsidian callout (scripts/vault/render.py, blockquote_open):
`<div class="admonition TYPE">` with its title, or `<details>` when it folds; an unknown or
custom type (`ad-embed-ability`) is a plain callout titled with its name. The title and the
body are the note's Markdown, links included (they count as the note's links). `color:` is
drawn only as a checked RGB triple, so a note cannot write CSS; `icon:` names an icon of
the plugin's packs, which the site does not ship: the type's own icon shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...callouts import callout_classes
from ...escaping import escape_html
from ..context import Here, Out, Written, WrittenLink
from .block import Admonition, markdown_links, read_admonition


class Admonitions:
    markdown_inside = True
    names_headings = False
    name = "Admonition"

    def claims_fence(self, language: str) -> bool:
        return language.lower().startswith("ad-") and len(language) > 3

    def claims_code(self, code: str) -> bool:
        return False

    def parse(self, written: Written) -> Admonition:
        kind = written.info.split(maxsplit=1)[0][3:]
        return read_admonition(kind, written.source)

    def evaluate(self, parsed: object, here: Here) -> object:
        return parsed

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, Admonition)
        block = evaluated
        for line, message in block.problems:
            out.problem(line + 1, "warning", message)
        kind = block.kind.lower()
        classes = escape_html(callout_classes(kind))
        style = f' style="--vault-ad-color: {block.color[0]}, {block.color[1]}, {block.color[2]}"' \
            if block.color else ""
        title = out.markdown(block.title, True) if block.title else ""
        body = out.markdown(block.body, line_offset=block.body_line + 1) if block.body.strip() else ""
        data = f'data-callout="{escape_html(kind)}"{style}'
        if block.fold is not None:
            # A summary is itself the control that folds: a link in it could not be used and is
            # a nested control to a screen reader (axe), so its words stay and the link goes.
            title = re.sub(r"</?a\b[^>]*>", "", title)
            opened = " open" if block.fold == "open" else ""
            return (f'<details class="{classes} vault-ad" {data}{opened}>\n<summary>{title}</summary>\n'
                    f"{body}\n</details>")
        heading = f'<p class="admonition-title">{title}</p>\n' if title else ""
        untitled = "" if title else " vault-ad-untitled"
        return f'<div class="admonition {classes} vault-ad{untitled}" {data}>\n{heading}{body}\n</div>'

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        block = self.parse(written)
        for embed, inner, line, start, end in markdown_links(written.source):
            if line >= block.body_line or line == _title_line(written.source):
                yield WrittenLink(embed, inner, line, start, end)

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())


def _title_line(source: str) -> int:
    """The line of a `title:` option (its Markdown may link), or -1."""
    for number, line in enumerate(source.split("\n")):
        if line.startswith("title:"):
            return number
        if not line.startswith(("collapse:", "icon:", "color:", "metadata:")):
            break
    return -1

"""The tags page: every tag, nested ones under their parents too, with the notes that
carry it (in their text or their front matter); and the line of front-matter tags a
page ends with."""

from __future__ import annotations

from collections.abc import Mapping

from .config import VaultConfig
from .escaping import escape_html, escape_text
from .pages import PageSource, relative_url
from .render import tag_link
from .tags import tag_anchor, tag_key, with_parents


def page_tags(page: PageSource) -> list[str]:
    """The page's tags, front matter first, each once (ignoring case)."""
    names = [*page.properties.tags, *(tag.name for tag in page.scan.tags)]
    return list({tag_key(name): name for name in reversed(names)}.values())[::-1]


def tags_line(page: PageSource, config: VaultConfig) -> str:
    if not page.properties.tags:
        return ""
    links = ", ".join(tag_link(name, page.path, config) for name in page.properties.tags)
    return f'<p class="vault-tags">Tags: {links}</p>'


def tags_index(pages: Mapping[str, PageSource], config: VaultConfig) -> str | None:
    """The tags page's Markdown, or None when no note has a tag."""
    names: dict[str, str] = {}
    tagged: dict[str, dict[str, str]] = {}
    for page in pages.values():
        for name in page_tags(page):
            for tag in with_parents(name):
                names.setdefault(tag_key(tag), tag)
                tagged.setdefault(tag_key(tag), {})[page.path] = page.title
    if not tagged:
        return None
    lines = ["# Tags", ""]
    for key in sorted(tagged):
        name = names[key]
        lines += [f'<h2 id="{tag_anchor(name)}">#{escape_html(name)}</h2>', ""]
        notes = sorted(tagged[key].items(), key=lambda item: item[1].casefold())
        lines += [f"- [{escape_text(title)}]({relative_url(path, config.tags_page)})" for path, title in notes]
        lines.append("")
    return "\n".join(lines)

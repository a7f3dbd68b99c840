"""The tags index (every tag, nested ones under their parents) and a page per tag with the
notes that carry it (in their text or their front matter; a note tagged #a/b is also
under #a); and the line of front-matter tags a page ends with. One page per tag keeps
each page small: a vault of 445 tags made one tags page of 972 KB."""

from __future__ import annotations

from collections.abc import Mapping

import yaml

from .config import VaultConfig
from .escaping import escape_html, escape_text
from .pages import PageSource, relative_url
from .render import tag_link
from .tags import tag_key, tag_page, with_parents


def page_tags(page: PageSource) -> list[str]:
    """The page's tags, front matter first, each once (ignoring case)."""
    names = [*page.properties.tags, *(tag.name for tag in page.scan.tags)]
    return list({tag_key(name): name for name in reversed(names)}.values())[::-1]


def tags_line(page: PageSource, config: VaultConfig) -> str:
    if not page.properties.tags:
        return ""
    links = ", ".join(tag_link(name, page.path, config) for name in page.properties.tags)
    return f'<p class="vault-tags">Tags: {links}</p>'


def tags_index(pages: Mapping[str, PageSource], config: VaultConfig) -> dict[str, str]:
    """The tags index and one page per tag (vault path -> Markdown); {} when no note has a
    tag. A tag's page lists the notes carrying it or a tag under it, and links to the tags
    right under it and to its parent; the index nests every tag under its parent, with how
    many notes carry it. Plain CommonMark: headings, lists and links."""
    names: dict[str, str] = {}
    tagged: dict[str, dict[str, str]] = {}
    for page in pages.values():
        for name in page_tags(page):
            for tag in with_parents(name):
                names.setdefault(tag_key(tag), tag)
                tagged.setdefault(tag_key(tag), {})[page.path] = page.title
    if not tagged:
        return {}
    paths = tag_pages(names, config)
    children: dict[str, list[str]] = {}
    for key in sorted(tagged):
        parent = key.rsplit("/", 1)[0] if "/" in key else ""
        children.setdefault(parent, []).append(key)
    made = {config.tags_page: _index(names, tagged, children, paths, config)}
    for key in tagged:
        made[paths[key]] = _tag_page(key, names, tagged, children, paths, config)
    return made


def tag_pages(names: Mapping[str, str], config: VaultConfig) -> dict[str, str]:
    """Tag key -> its page's vault path."""
    return {key: tag_page(name, config.tags_page) for key, name in names.items()}


def _tag_link(key: str, names: Mapping[str, str], paths: Mapping[str, str], host: str) -> str:
    return f"[{escape_text('#' + names[key])}]({relative_url(paths[key], host)})"


def _index(names: Mapping[str, str], tagged: Mapping[str, dict[str, str]], children: Mapping[str, list[str]],
           paths: Mapping[str, str], config: VaultConfig) -> str:
    host = config.tags_page
    lines = ["# Tags", ""]

    def walk(parent: str, depth: int) -> None:
        for key in children.get(parent, []):
            count = len(tagged[key])
            lines.append(f"{'    ' * depth}- {_tag_link(key, names, paths, host)} ({count})")
            walk(key, depth + 1)

    walk("", 0)
    lines.append("")
    return "\n".join(lines)


def _tag_page(key: str, names: Mapping[str, str], tagged: Mapping[str, dict[str, str]],
              children: Mapping[str, list[str]], paths: Mapping[str, str], config: VaultConfig) -> str:
    host = paths[key]
    # Its title in the browser's tab and in search is the tag ("#Your_Truth", not the file's
    # name, "Your truth aa228e"): front matter the compiler keeps as the page's meta.
    title = yaml.safe_dump({"title": escape_html("#" + names[key])}, allow_unicode=True)
    # Escaped, `#` too: a heading `# #Your_Truth` would read `#Your` as a tag of its own.
    lines = [f"---\n{title}---", f"# {escape_text('#' + names[key])}", ""]
    up = key.rsplit("/", 1)[0] if "/" in key else ""
    where = _tag_link(up, names, paths, host) if up else f"[all tags]({relative_url(config.tags_page, host)})"
    count = len(tagged[key])
    lines += [f"{count} note{'s' if count != 1 else ''}, under {where}.", ""]
    below = children.get(key, [])
    if below:
        lines += ["Tags under it: " + ", ".join(_tag_link(child, names, paths, host) for child in below) + ".", ""]
    notes = sorted(tagged[key].items(), key=lambda item: item[1].casefold())
    lines += [f"- [{escape_text(title)}]({relative_url(path, host)})" for path, title in notes]
    lines.append("")
    return "\n".join(lines)

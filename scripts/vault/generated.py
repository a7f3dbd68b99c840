"""Pages the vault does not contain but the site needs: backlinks, indexes, missing notes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .pages import relative_url, site_href
from .escaping import escape_html, escape_text
from .resolve import Mention

BACKLINKS_HEADING = "Pages that link here"
MISSING_TITLE = "Missing notes"


def _mention_item(mention: Mention, host: str, with_line: bool = False) -> str:
    url = relative_url(mention.path, host)
    item = f"- [{escape_text(mention.title)}]({url})"
    if mention.heading and mention.heading != mention.title:  # the title says nothing more
        fragment = f"#{mention.anchor}" if mention.anchor else ""
        item += f", under [{escape_text(mention.heading)}]({url}{fragment})"
    if with_line:
        item += f" (line {mention.line})"
    return item


def _unique(mentions: Sequence[Mention]) -> list[Mention]:
    seen: set[tuple[str, str | None]] = set()
    kept: list[Mention] = []
    for mention in mentions:
        if (mention.path, mention.heading) not in seen:
            seen.add((mention.path, mention.heading))
            kept.append(mention)
    return kept


def _order(mention: Mention) -> tuple[str, int]:
    return (mention.title.lower(), mention.line)


def missing_page(host: str, name: str, mentions: Sequence[Mention], index_path: str) -> str:
    items = "\n".join(_mention_item(m, host, with_line=True) for m in sorted(mentions, key=_order))
    back = relative_url(index_path, host)
    return (
        f"# {escape_text(name)}\n\n"
        f"No note named *{escape_text(name)}* exists yet. "
        f"It is one of the [missing notes]({back}).\n\n"
        f"## Where it is mentioned\n\n{items or 'Nowhere any more.'}\n"
    )


def missing_index(host: str, missing: Mapping[str, tuple[str, int]]) -> str:
    """`missing` maps page path -> (name, number of mentions)."""
    if not missing:
        return f"# {MISSING_TITLE}\n\nEvery link in the vault leads to a note.\n"
    rows = "\n".join(
        f"- [{escape_text(name)}]({relative_url(path, host)}): mentioned {count} time{'s' if count != 1 else ''}"
        for path, (name, count) in sorted(missing.items(), key=lambda item: item[1][0].lower())
    )
    return (
        f"# {MISSING_TITLE}\n\nNotes that other notes link to but that do not exist yet. "
        f"Each one has a page listing where it is mentioned.\n\n{rows}\n"
    )


def keyword_index(host: str, game_title: str, keywords: Sequence[tuple[str, str, str]]) -> str:
    """`keywords`: (keyword name, page path, one-line Markdown summary) triples."""
    title = f"# {escape_text(game_title)} keywords\n\n"
    if not keywords:
        return f"{title}No keywords yet.\n"
    count = len(keywords)
    rows = "\n".join(
        f"| [{escape_text(name)}]({relative_url(path, host)}) | {summary} |"
        for name, path, summary in sorted(keywords, key=lambda row: row[0].lower())
    )
    return (
        f"{title}{count} keyword{'s' if count != 1 else ''}, each with the first sentence of its page. "
        "A keyword page with a calculator lets you try the rule with your own numbers.\n\n"
        '<div class="vault-keyword-index">\n\n'
        f"| Keyword | Summary |\n| --- | --- |\n{rows}\n\n</div>\n"
    )


def keyword_list(host: str, keywords: Sequence[tuple[str, str]]) -> str:
    """Under a glossary note: a link to each keyword page cut out of it, in note order."""
    rows = "\n".join(f"- [{escape_text(name)}]({relative_url(path, host)})" for name, path in keywords)
    return f"## Keywords in this note\n\n{rows}\n"


def backlinks_html(host: str, mentions: Sequence[Mention], anchor: str, home: str) -> str:
    """The section every page ends with, as HTML (written directly: every page has one,
    and parsing it as Markdown cost half the compile)."""
    link = f'<a class="headerlink" href="#{escape_html(anchor)}" title="Permanent link">¶</a>'
    heading = f'<h2 id="{escape_html(anchor)}">{BACKLINKS_HEADING}{link}</h2>\n'
    if not mentions:
        return f"{heading}<p>No page links here yet.</p>"
    items = []
    for mention in _unique(sorted(mentions, key=_order)):
        url = site_href(mention.path, host, home=home)
        item = f'<li><a href="{url}">{escape_html(mention.title)}</a>'
        if mention.heading and mention.heading != mention.title:
            under = site_href(mention.path, host, mention.anchor, home)
            item += f', under <a href="{under}">{escape_html(mention.heading)}</a>'
        items.append(item + "</li>")
    return heading + "<ul>\n" + "\n".join(items) + "\n</ul>"

"""What a note's properties add to its page: MkDocs page meta (with the page's table of
contents), an "also called" line (so search finds the aliases), and its `cssclasses`
around the body."""

from __future__ import annotations

import re

import yaml

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .properties import Properties
from .escaping import escape_html

if TYPE_CHECKING:
    from .render import TocEntry

TOC_KEY = "vault_toc"  # [[level, id, name], ...]: the adapter builds MkDocs' toc from it

_CLASS = re.compile(r"[^A-Za-z0-9_-]")


def page_meta(
    properties: Properties | None, toc: Sequence[TocEntry] = (), title: str | None = None,
    own: Mapping[str, object] | None = None,
) -> str:
    """YAML front matter for MkDocs: the page's title (for the browser tab and search, as
    written), `description` (the page's meta description) and its table of contents."""
    # The theme writes the description into an attribute as it is: it goes there escaped.
    meta: dict[str, object] = {**(own or {})}
    if title:
        meta["title"] = escape_html(title)
    if properties is not None and properties.description:
        meta["description"] = escape_html(properties.description)
    if toc:
        meta[TOC_KEY] = [[entry.level, entry.id, entry.name] for entry in toc]
    if not meta:
        return ""
    dumped: str = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{dumped}---\n\n"


def aliases_line(properties: Properties) -> str:
    if not properties.aliases:
        return ""
    names = ", ".join(escape_html(alias) for alias in properties.aliases)
    return f'<p class="vault-aliases"><em>Also called: {names}.</em></p>'


def with_classes(body: str, properties: Properties) -> str:
    classes = [cleaned for name in properties.cssclasses if (cleaned := _CLASS.sub("-", name).strip("-"))]
    if not classes:
        return body
    return f'<div class="vault-note {" ".join(classes)}">\n{body}\n</div>'

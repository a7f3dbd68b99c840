"""What a note's properties add to its page: MkDocs page meta, an "also called" line
(so search finds the aliases), and its `cssclasses` around the body."""

from __future__ import annotations

import re

import yaml

from .properties import Properties
from .escaping import escape_html, escape_text

_CLASS = re.compile(r"[^A-Za-z0-9_-]")


def page_meta(properties: Properties) -> str:
    """YAML front matter for MkDocs (`description` becomes the page's meta description)."""
    # The theme writes the description into an attribute as it is: it goes there escaped.
    meta = {"description": escape_html(properties.description)} if properties.description else {}
    if not meta:
        return ""
    dumped: str = yaml.safe_dump(meta, allow_unicode=True, sort_keys=True)
    return f"---\n{dumped}---\n\n"


def aliases_line(properties: Properties) -> str:
    if not properties.aliases:
        return ""
    names = ", ".join(escape_text(alias) for alias in properties.aliases)
    return f"*Also called: {names}.*{{ .vault-aliases }}"


def with_classes(body: str, properties: Properties) -> str:
    classes = [cleaned for name in properties.cssclasses if (cleaned := _CLASS.sub("-", name).strip("-"))]
    if not classes:
        return body
    return f'<div class="vault-note {" ".join(classes)}" markdown="1">\n\n{body}\n\n</div>'

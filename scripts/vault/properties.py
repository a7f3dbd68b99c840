"""A note's properties (YAML front matter): read, then blanked out of the text.

The front matter is found by mdit-py-plugins' front_matter rule (the same one the scan's
parser uses) and read with PyYAML. Its lines become empty lines, so every later line keeps
its number and nothing of it is ever shown or read as a heading. Properties Obsidian
knows are kept: `title`, `aliases`, `tags`, `cssclasses`, `description`, `publish`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

import yaml
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin


@dataclass(frozen=True)
class Properties:
    title: str | None = None
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    cssclasses: tuple[str, ...] = ()
    description: str | None = None
    publish: bool = True
    # Every property as the YAML gives it (keys as written), for the plugins that query them.
    front_matter: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Split:
    properties: Properties
    text: str  # the note with its front matter lines left empty
    problem: str | None  # why the front matter could not be read, if it could not


# libyaml's loader when PyYAML was built with it: the same safe loader, several times faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def _front_matter_parser() -> MarkdownIt:
    # Only the block rules run, and the front_matter rule is the first: cheap on any note.
    return MarkdownIt("zero").use(front_matter_plugin)


def split_properties(text: str) -> Split:
    if not text.startswith("---"):
        return Split(Properties(), text, None)
    lines = text.split("\n")
    closing = next((i for i, line in enumerate(lines[1:], start=1) if line.rstrip() == "---"), None)
    if closing is None:
        return Split(Properties(), text, None)
    # Only the lines up to the first closing `---` can be front matter: the rest is not parsed.
    tokens = _front_matter_parser().parse("\n".join(lines[: closing + 1]) + "\n")
    if not tokens or tokens[0].type != "front_matter" or tokens[0].map is None:
        return Split(Properties(), text, None)
    first, last = tokens[0].map
    blanked = "\n".join([""] * (last - first) + lines[last:])
    try:
        data = yaml.load(tokens[0].content, Loader=_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at its line {mark.line + 2}" if mark is not None else ""
        return Split(Properties(), blanked, f"the front matter is not valid YAML{where}; it is left out")
    if not isinstance(data, dict):
        return Split(Properties(), blanked, None)
    return Split(_properties(data), blanked, None)


def _properties(data: dict[object, object]) -> Properties:
    publish = data.get("publish", True)
    return Properties(
        title=_text(data.get("title")),
        aliases=_list(data.get("aliases", data.get("alias"))),
        tags=tuple(tag.lstrip("#") for tag in _list(data.get("tags", data.get("tag"))) if tag.lstrip("#")),
        cssclasses=_list(data.get("cssclasses", data.get("cssclass"))),
        description=_text(data.get("description")),
        publish=publish is not False and str(publish).lower() not in ("false", "no"),
        front_matter={str(key): value for key, value in data.items()},
    )


def _text(value: object) -> str | None:
    if value is None or isinstance(value, (dict, list)):
        return None
    return str(value).strip() or None


def _list(value: object) -> tuple[str, ...]:
    """A list property as Obsidian accepts it: a YAML list, or one comma-separated string."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else str(value).split(",")
    return tuple(str(item).strip() for item in items if item is not None and str(item).strip())

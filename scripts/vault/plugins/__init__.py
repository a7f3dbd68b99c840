"""The community plugins' syntax, one room each: a folder here per plugin, all of one shape.

A plugin claims fenced blocks by their language (```` ```statblock ````, ```` ```ad-note ````)
and/or inline code spans by what they start with (`` `dice: 3d6` ``, `` `=this.name` ``).
For each block or span it claims, the compiler calls, in order:

1. `parse(written)`: the plugin's syntax read into a value of the plugin's own (pure; a
   syntax error is part of that value, never an exception, so a bad block never stops a build);
2. `evaluate(parsed, here)`: that value worked out against the vault (`here.vault`, the
   vault's index of notes, properties, tags and links; `here.page`, the note being written;
   `here.resolve`, a link resolved as Obsidian resolves it from this note);
3. `render(evaluated, out)`: its HTML, with the page's own means (`out.markdown`, `out.link`,
   `out.problem`): text from a note is escaped or rendered as the note's Markdown, sanitised.

A plugin whose blocks hold the note's own Markdown (`markdown_inside`) says which wikilinks
its text holds (`written_links`); they, and its Markdown links, are the note's links as any
other (backlinks, graph, problems). `PLUGINS` lists the rooms in the
order they are asked; the first that claims a block has it. A new plugin is a folder with a
`plugin.py` and one line in `PLUGINS`: the compiler itself does not change.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from .context import Here, Out, Written, WrittenLink


class Plugin(Protocol):
    """One community plugin's syntax (see the module's docstring for the three steps)."""

    name: str  # the plugin's own name, as its users know it: "Dice Roller"
    # Whether a block's text holds the note's own Markdown (a stat block's texts): its links
    # and Markdown links are then the note's links, found by `written_links` and the scan.
    markdown_inside: bool
    # Whether a span's shown value names the heading it stands in (Dataview's `# `=this.name``):
    # the heading's anchor and table-of-contents entry are then made from the value.
    names_headings: bool

    def claims_fence(self, language: str) -> bool:
        """Whether a fenced block whose info string starts with `language` is this plugin's."""
        ...

    def claims_code(self, code: str) -> bool:
        """Whether an inline code span with this content is this plugin's."""
        ...

    def parse(self, written: Written) -> object:
        ...

    def evaluate(self, parsed: object, here: Here) -> object:
        ...

    def render(self, evaluated: object, out: Out) -> str:
        ...

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        """The `[[links]]` the block's text holds, where they are written."""
        ...

    def result_links(self, evaluated: object) -> Iterator[str]:
        """The paths of the notes an evaluated block shows links to (a query's results): they
        count as the note's links for backlinks and the graph, as in Obsidian's plugins."""
        ...


def _registered() -> tuple[Plugin, ...]:
    # Imported here, not at the top: each room imports this module's protocol.
    from .admonition.plugin import Admonitions
    from .bases.plugin import ObsidianBases
    from .dataview.plugin import Dataview
    from .dice.plugin import DiceRoller
    from .encounter.plugin import InitiativeTracker
    from .leaflet.plugin import ObsidianLeaflet
    from .metabind.plugin import MetaBind
    from .statblock.plugin import FantasyStatblocks

    return (DiceRoller(), FantasyStatblocks(), Admonitions(), InitiativeTracker(), MetaBind(), ObsidianLeaflet(),
            Dataview(), ObsidianBases())


PLUGINS: tuple[Plugin, ...] = _registered()


def fence_plugin(language: str) -> Plugin | None:
    """The plugin that owns a fenced block of this language, if any."""
    return next((plugin for plugin in PLUGINS if plugin.claims_fence(language)), None)


def code_plugin(code: str) -> Plugin | None:
    """The plugin that owns an inline code span with this content, if any."""
    return next((plugin for plugin in PLUGINS if plugin.claims_code(code)), None)


__all__ = ["PLUGINS", "Here", "Out", "Plugin", "Written", "WrittenLink", "code_plugin", "fence_plugin"]

"""Initiative Tracker's room: each encounter a table of its creatures (count, name, and the
hit points, armour class and initiative modifier when the block gives them), an
```` ```encounter-table ```` one table with a row per encounter.

A creature's name links as Obsidian resolves it from the note (`[[Goblin]]` or plain
`Goblin`); else, to the note whose ```` ```statblock ```` is named so (Fantasy Statblocks'
bestiary, which the plugin reads); else it is text. A block that cannot be read is shown as
code under a one-line note, and the build lists it as a warning at its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ...escaping import escape_html
from ..context import Here, Out, Written, WrittenLink
from ..statblock.yaml_block import signed
from .model import Creature, Encounter, EncounterBlock, read_block

_STATBLOCK_NAME = re.compile(r"^name:[ \t]*(?P<name>.+?)[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Found:
    creature: Creature
    target: str | None  # what to link, as between `[[` and `]]`


@dataclass(frozen=True)
class Drawn:
    block: EncounterBlock
    rows: tuple[tuple[Found, ...], ...]  # per encounter


class InitiativeTracker:
    markdown_inside = False  # a block is code to Obsidian: its `[[Goblin]]` is not a link of the note
    names_headings = False
    name = "Initiative Tracker"

    def claims_fence(self, language: str) -> bool:
        return language in ("encounter", "encounter-table")

    def claims_code(self, code: str) -> bool:
        return False

    def parse(self, written: Written) -> EncounterBlock:
        return read_block(written.source, written.info.split(maxsplit=1)[0] == "encounter-table")

    def evaluate(self, parsed: object, here: Here) -> Drawn:
        assert isinstance(parsed, EncounterBlock)
        return Drawn(parsed, tuple(tuple(Found(creature, _target(creature, here))
                                         for creature in encounter.creatures) for encounter in parsed.encounters))

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, Drawn)
        block = evaluated.block
        if block.error is not None:
            line, reason = block.error
            out.problem(line, "warning", f"encounter not shown: {reason}")
            kind = "encounter-table" if block.table else "encounter"
            return (f'<div class="vault-encounter-unread"><p class="vault-encounter-note">This encounter could not be '
                    f"read: {escape_html(reason)} (line {line} of the block).</p>\n<pre class=\"highlight\"><code "
                    f'class="language-{kind}">{escape_html(block.source)}</code></pre></div>')
        if block.table:
            return _table(block.encounters, evaluated.rows, out)
        return "\n".join(_encounter(encounter, rows, out) for encounter, rows in zip(block.encounters, evaluated.rows))

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())


def _target(creature: Creature, here: Here) -> str | None:
    written = creature.link or creature.name
    if here.resolve(written).kind == "page":
        return written
    path = _statblocks(here).get(creature.name)  # read only when a name is no note's
    return path[:-3] if path is not None and path.endswith(".md") else path


_NAMED: list[tuple[object, dict[str, str]]] = []  # the last vault's stat blocks by creature name


def _statblocks(here: Here) -> dict[str, str]:
    """Creature name -> the note whose ```statblock names it (the first in vault order),
    read once per vault: a bestiary of thousands of notes is not read again per block."""
    vault = here.vault
    if _NAMED and _NAMED[0][0] is vault:
        return _NAMED[0][1]
    named: dict[str, str] = {}
    for path, record in vault.notes.items():
        for token in record.tokens:
            if token.type == "fence" and token.info.strip().split(" ")[0] == "statblock":
                found = _STATBLOCK_NAME.search(token.content)
                if found:
                    named.setdefault(found.group("name").strip("\"'"), path)
    _NAMED[:] = [(vault, named)]
    return named


def _name(found: Found, out: Out) -> str:
    creature = found.creature
    if found.target is None:
        return escape_html(creature.name)
    return out.link(found.target, creature.name)


def _columns(rows: tuple[Found, ...]) -> list[tuple[str, str]]:
    """The numbers any creature of the encounter has: (header, attribute)."""
    named = [("HP", "hp", "Hit points"), ("AC", "ac", "Armour class"), ("Init", "modifier", "Initiative modifier"),
             ("XP", "xp", "Experience points")]
    return [(f'<abbr title="{title}">{short}</abbr>', key) for short, key, title in named
            if any(getattr(row.creature, key) is not None for row in rows)]


def _cell(creature: Creature, key: str) -> str:
    value = getattr(creature, key)
    if value is None:
        return ""
    if key == "modifier":
        return signed(value)
    if key == "xp" and creature.count.isdigit():
        return str(value * int(creature.count))
    return str(value)


def _encounter(encounter: Encounter, rows: tuple[Found, ...], out: Out) -> str:
    name = escape_html(encounter.name)
    parts = [f'<section class="vault-encounter" aria-label="Encounter: {name}">',
             f'<p class="vault-encounter-name">{name}</p>']
    if "players" not in encounter.hide:
        parts.append(_players(encounter, out))
    if "creatures" not in encounter.hide:
        if rows:
            columns = _columns(rows)
            head = "".join(f'<th scope="col">{header}</th>' for header, _ in columns)
            body = "\n".join(
                f'<tr><td class="vault-encounter-count">{escape_html(row.creature.count)}</td>'
                f"<td>{_name(row, out)}</td>"
                + "".join(f"<td>{_cell(row.creature, key)}</td>" for _, key in columns) + "</tr>" for row in rows)
            parts.append(f'<table class="vault-encounter-creatures">\n<thead><tr><th scope="col">Count</th>'
                         f'<th scope="col">Creature</th>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>')
        else:
            parts.append('<p class="vault-encounter-players">No creatures</p>')
    if encounter.xp is not None:
        parts.append(f'<p class="vault-encounter-players">XP: {encounter.xp}</p>')
    parts.append("</section>")
    return "\n".join(part for part in parts if part)


def _players(encounter: Encounter, out: Out) -> str:
    label = escape_html(encounter.party) if encounter.party else "Players"
    if encounter.players:
        names = ", ".join(out.markdown(player, True) for player in encounter.players)
        return f'<p class="vault-encounter-players">{label}: {names}</p>'
    if encounter.all_players or encounter.party:
        return f'<p class="vault-encounter-players">{label}: the whole party</p>'
    return ""


def _table(encounters: tuple[Encounter, ...], rows: tuple[tuple[Found, ...], ...], out: Out) -> str:
    with_players = any(e.players or e.all_players or e.party for e in encounters if "players" not in e.hide)
    body = []
    for encounter, found in zip(encounters, rows):
        creatures = "" if "creatures" in encounter.hide else ", ".join(
            f"{escape_html(row.creature.count)}\u00a0×\u00a0{_name(row, out)}" for row in found)
        players = ""
        if with_players:
            shown = "" if "players" in encounter.hide else _players(encounter, out)
            players = "<td>" + shown.removeprefix('<p class="vault-encounter-players">').removesuffix("</p>") + "</td>"
        body.append(f"<tr><td>{escape_html(encounter.name)}</td><td>{creatures}</td>{players}</tr>")
    player_head = '<th scope="col">Players</th>' if with_players else ""
    return ('<table class="vault-encounter-table">\n<thead><tr><th scope="col">Encounter</th>'
            f'<th scope="col">Creatures</th>'
            f"{player_head}</tr></thead>\n<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>")

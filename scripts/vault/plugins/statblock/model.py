"""A fenced ```statblock block of the Obsidian Fantasy Statblocks plugin, read (issue 36).

The plugin's blocks are YAML (read with PyYAML's safe loader only: yaml_block.py).
Two shapes are read as such: the plugin's basic 5e layout (name, size, type, subtype,
alignment, ac, hp, hit_dice, speed, stats as six scores, saves, skillsaves, damage_*,
senses, languages, cr, traits, actions, bonus_actions, reactions, legendary_actions,
spells) and the 13th Age layout (name, size, level, role, type, initiative, ac, pd, md,
hp, vulnerability, actions whose items carry nested `traits`, triggered_actions,
nastier_traits). Any other key shows as its label and value; a list of named items
(`- name: … desc: …`) shows as a named list.
The plugin's display settings (layout, columns, dice, render, …) are not content.

Texts stay Markdown here: html.py renders them through the vault
compiler, so wikilinks resolve as anywhere in the note. Whatever the block holds, reading
it either gives a StatBlock or raises StatBlockError (yaml_block.py, which
loads the YAML safely) with the line within the block and a short reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .yaml_block import load_block, signed, text


@dataclass(frozen=True)
class Field:
    label: str
    value: str  # Markdown


@dataclass(frozen=True)
class Entry:
    """A trait, an action, a spell line: its name (may be empty), its text, any other keys
    of the item, and the traits nested under it (13th Age's natural-roll effects)."""

    name: str
    text: str
    more: tuple[Field, ...] = ()
    traits: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Ability:
    name: str  # "Strength"
    short: str  # "STR"
    score: int
    modifier: int


@dataclass(frozen=True)
class StatBlock:
    name: str
    subtitle: str
    image: str  # Markdown (an embed), or ""
    flavor: str  # Markdown, or ""
    numbers: tuple[Field, ...]  # defences, hit points, speed, initiative
    abilities: tuple[Ability, ...]  # the six scores of a 5e layout, else ()
    fields: tuple[Field, ...]  # saves, skills, senses, …, and the keys not known
    sections: tuple[Section, ...]  # traits, actions, …


ABILITIES = (("Strength", "STR"), ("Dexterity", "DEX"), ("Constitution", "CON"),
             ("Intelligence", "INT"), ("Wisdom", "WIS"), ("Charisma", "CHA"))
_NUMBERS_5E = (("ac", "Armor Class"), ("hp", "Hit Points"), ("speed", "Speed"), ("initiative", "Initiative"))
_NUMBERS_13A = (("ac", "AC"), ("pd", "PD"), ("md", "MD"), ("hp", "HP"), ("initiative", "Initiative"),
                ("speed", "Speed"))
_FIELDS = (("saves", "Saving Throws"), ("skillsaves", "Skills"), ("damage_vulnerabilities", "Damage Vulnerabilities"),
           ("damage_resistances", "Damage Resistances"), ("damage_immunities", "Damage Immunities"),
           ("condition_immunities", "Condition Immunities"), ("senses", "Senses"), ("languages", "Languages"),
           ("cr", "Challenge"), ("vulnerability", "Vulnerability"))
_SECTIONS = (("traits", "Traits"), ("spells", "Spellcasting"), ("actions", "Actions"),
             ("bonus_actions", "Bonus Actions"), ("reactions", "Reactions"), ("triggered_actions", "Triggered Actions"),
             ("legendary_actions", "Legendary Actions"), ("mythic_actions", "Mythic Actions"),
             ("lair_actions", "Lair Actions"), ("nastier_traits", "Nastier Specials"))
_SHOWN = {"name", "size", "type", "subtype", "alignment", "level", "role", "hit_dice", "ac_class", "stats", "image",
          "flavor_text", "desc", *(k for k, _ in _NUMBERS_13A), *(k for k, _ in _FIELDS), *(k for k, _ in _SECTIONS)}
# The plugin's settings for how a block is drawn, not what the creature is.
_SETTINGS = {"layout", "columns", "columnwidth", "columnheight", "forcecolumns", "dice", "render", "statblock",
             "export", "bestiary", "note"}
_WIKILINK = re.compile(r"(?P<bang>!?)\[\[(?P<inner>[^\[\]\n]+)\]\]")


def statblock_links(source: str) -> Iterator[tuple[bool, str, int, int, int]]:
    """Each `[[…]]` (embed?, its inner text, line within the block (0-based), columns) the
    block's texts hold: the scan counts them as the note's links (backlinks, missing notes)."""
    for number, line in enumerate(source.split("\n")):
        for found in _WIKILINK.finditer(line):
            yield bool(found.group("bang")), found.group("inner"), number, found.start(), found.end()


def read_statblock(source: str) -> StatBlock:
    """The block's creature, or StatBlockError saying why it cannot be shown."""
    data = load_block(source)
    style_13a = any(key in data for key in ("pd", "md", "level", "role"))
    return StatBlock(
        name=text(data.get("name")) or text(data.get("monster")) or text(data.get("creature")) or "Stat block",
        subtitle=_subtitle_13a(data) if style_13a else _subtitle_5e(data),
        image=_image(data.get("image")),
        flavor=text(data.get("flavor_text")) or text(data.get("desc")),
        numbers=tuple(Field(label, _number(key, data)) for key, label in (_NUMBERS_13A if style_13a else _NUMBERS_5E)
                      if text(data.get(key))),
        abilities=_abilities(data.get("stats")),
        fields=_fields(data),
        sections=tuple(section for section in (*(_section(title, data.get(key)) for key, title in _SECTIONS),
                                               *_other_sections(data)) if section.entries),
    )


def _subtitle_5e(data: Mapping[str, Any]) -> str:
    kind = " ".join(part for part in (text(data.get("size")), text(data.get("type"))) if part)
    if text(data.get("subtype")):
        kind = f"{kind} ({text(data.get('subtype'))})".strip()
    return ", ".join(part for part in (kind, text(data.get("alignment"))) if part)


def _subtitle_13a(data: Mapping[str, Any]) -> str:
    level = text(data.get("level"))
    if re.fullmatch(r"\d+(?:st|nd|rd|th)?", level):  # 3 or 3rd; "Creature 3" stays as written
        level = f"{_ordinal(level)} level"
    kind = text(data.get("type"))
    parts = [text(data.get("size")), level, text(data.get("role")), f"[{kind}]" if kind else ""]
    return " ".join(part for part in parts if part)


def _ordinal(level: str) -> str:
    if not level.isdigit():
        return level
    number = int(level)
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _number(key: str, data: Mapping[str, Any]) -> str:
    value = data.get(key)
    if key == "initiative" and isinstance(value, int) and not isinstance(value, bool):
        return signed(value)
    if key == "hp" and text(data.get("hit_dice")):
        return f"{text(value)} ({text(data.get('hit_dice'))})"
    if key == "ac" and text(data.get("ac_class")):
        return f"{text(value)} ({text(data.get('ac_class'))})"
    return text(value)


def _image(value: object) -> str:
    shown = text(value)
    if shown.startswith("[[") and shown.endswith("]]"):
        return "!" + shown
    return ""


def _abilities(value: object) -> tuple[Ability, ...]:
    if not isinstance(value, list) or len(value) != len(ABILITIES):
        return ()
    scores = [_integer(score) for score in value]
    if any(score is None for score in scores):
        return ()
    return tuple(Ability(name, short, score, (score - 10) // 2)
                 for (name, short), score in zip(ABILITIES, scores) if score is not None)


def _integer(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    return None


def _fields(data: Mapping[str, Any]) -> tuple[Field, ...]:
    fields = [Field(label, _bonuses(data.get(key)) if key in ("saves", "skillsaves") else text(data.get(key)))
              for key, label in _FIELDS]
    if data.get("stats") is not None and not _abilities(data.get("stats")):
        fields.insert(0, Field("Stats", text(data.get("stats"))))
    for key, value in data.items():
        if key not in _SHOWN and key.replace("_", "") not in _SETTINGS and not _named_list(value):
            fields.append(Field(label_of(key), text(value)))
    return tuple(field for field in fields if field.value)


def label_of(key: str) -> str:
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _bonuses(value: object) -> str:
    """`- dexterity: 9`, a mapping, or `- name: Dexterity` and `desc: +9` -> "Dexterity +9"."""
    pairs: list[tuple[object, object]] = []
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, dict) and "name" in item:  # `- name: Stealth` / `desc: +4`, as converters write
            pairs.append((item["name"], item.get("desc")))
        elif isinstance(item, dict):
            pairs.extend(item.items())
        elif item is not None:
            pairs.append((item, None))
    shown = []
    for key, bonus in pairs:
        number = _integer(bonus)
        amount = signed(number) if number is not None else text(bonus)
        shown.append(f"{label_of(text(key))} {amount}".strip())
    return ", ".join(shown)


def _named_list(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) and "name" in item for item in value)


def _other_sections(data: Mapping[str, Any]) -> list[Section]:
    return [_section(label_of(key), value) for key, value in data.items()
            if key not in _SHOWN and key.replace("_", "") not in _SETTINGS and _named_list(value)]


def _section(title: str, value: object) -> Section:
    items = value if isinstance(value, list) else [value]
    return Section(title, tuple(entry for entry in (_entry(item, 0) for item in items) if entry is not None))


_TEXT_KEYS = ("desc", "description", "text")  # an item's text: the plugin writes `desc`


def _entry(item: object, depth: int) -> Entry | None:
    if item is None:
        return None
    if isinstance(item, dict):
        own = {str(key).strip().lower(): value for key, value in item.items()}
        if "name" not in own and not any(key in own for key in _TEXT_KEYS) and len(own) == 1:
            value = next(iter(item.values()))  # `- 1st level (4 slots): magic missile`
            return Entry(f"{text(next(iter(item)))}:", text(value))
        nested = own.get("traits")
        traits = tuple(entry for entry in (_entry(trait, depth + 1) for trait in
                                           (nested if isinstance(nested, list) else [nested]))
                       if entry is not None) if depth < 3 else ()
        words = next((key for key in _TEXT_KEYS if key in own), "desc")
        more = tuple(Field(label_of(key), text(value)) for key, value in own.items()
                     if key not in ("name", words, "traits") and text(value))
        return Entry(text(own.get("name")), text(own.get(words)), more, traits)
    if isinstance(item, list) and item and not (len(item) == 1 and isinstance(item[0], list)):
        return Entry(text(item[0]), " ".join(text(part) for part in item[1:]))
    return Entry("", text(item))

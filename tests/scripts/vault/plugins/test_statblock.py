"""Fantasy Statblocks blocks (issue 36), written from the plugin's documented keys: loaded
(scripts/vault/plugins/statblock/yaml_block.py), read (model.py) and drawn through the vault
compiler (html.py)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.statblock.model import Entry, Field, read_statblock
from scripts.vault.plugins.statblock.yaml_block import StatBlockError

FIVE_E = """\
name: Ash Hound
size: Medium
type: beast
subtype: elemental
alignment: unaligned
ac: 13
hp: 22
hit_dice: 4d8 + 4
speed: 40 ft.
stats: [15, 12, 13, "3", 12, 6]
saves:
  - dexterity: 3
  - wisdom: -1
skillsaves:
  perception: 3
damage_immunities: fire
senses: passive Perception 13
languages: "-"
cr: 0.5
traits:
  - name: Keen Smell
    desc: Advantage on Wisdom (Perception) checks that rely on smell.
actions:
  - name: Bite
    desc: "Melee Weapon Attack: +4 to hit. Hit: 7 (2d4 + 2) fire damage."
"""

THIRTEENTH_AGE = """\
layout: Basic 13th Age Monster Layout
name: Cinder Imp
size: Normal
level: 2
role: spoiler
type: devil
initiative: 6
ac: 18
pd: 12
md: 16
hp: 30
actions:
  - name: Burning claw +7 vs. AC
    desc: 5 damage
    traits:
      - name: Natural even hit
        desc: 3 ongoing fire damage, see [[Devil|devil abilities]].
triggered_actions:
  - name: Flicker
    desc: When hit by a _slicing tail_, the imp teleports.
"""


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.update(name for name, _ in attrs)


def attribute_names(page: str) -> set[str]:
    parser = _Attributes()
    parser.feed(page)
    return parser.names


def drawn(block: str, notes: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The page's HTML for a note holding `block`, and the build's problems."""
    compiled = compile_vault({**(notes or {}), "Page.md": f"Text.\n\n```statblock\n{block}```\n"}, VaultConfig())
    return compiled.pages["Page.md"], [f"{p}|{p.severity}" for p in compiled.problems]


def test_a_5e_block_has_its_subtitle_numbers_and_ability_modifiers() -> None:
    block = read_statblock(FIVE_E)
    assert block.name == "Ash Hound"
    assert block.subtitle == "Medium beast (elemental), unaligned"
    assert block.numbers == (Field("Armor Class", "13"), Field("Hit Points", "22 (4d8 + 4)"), Field("Speed", "40 ft."))
    assert [(a.short, a.score, a.modifier) for a in block.abilities] == [
        ("STR", 15, 2), ("DEX", 12, 1), ("CON", 13, 1), ("INT", 3, -4), ("WIS", 12, 1), ("CHA", 6, -2)]
    fields = dict((f.label, f.value) for f in block.fields)
    assert fields["Saving Throws"] == "Dexterity +3, Wisdom \u22121"
    assert fields["Skills"] == "Perception +3" and fields["Challenge"] == "1/2" and fields["Languages"] == "-"
    assert [s.title for s in block.sections] == ["Traits", "Actions"]


def test_a_13th_age_block_has_its_defences_and_nested_traits() -> None:
    block = read_statblock(THIRTEENTH_AGE)
    assert block.subtitle == "Normal 2nd level spoiler [devil]"
    assert [(f.label, f.value) for f in block.numbers] == [
        ("AC", "18"), ("PD", "12"), ("MD", "16"), ("HP", "30"), ("Initiative", "+6")]
    assert block.abilities == () and block.fields == ()  # `layout` is how to draw, not content
    actions, triggered = block.sections
    assert triggered.title == "Triggered Actions"
    assert actions.entries[0].traits == (
        Entry("Natural even hit", "3 ongoing fire damage, see [[Devil|devil abilities]]."),)


def test_the_plugins_list_forms_and_spell_lines() -> None:
    block = read_statblock("name: X\nactions:\n  - [Slam, Hits hard.]\n  - Just a sentence.\n"
                           "spells:\n  - Casts as a 3rd-level caster.\n  - 1st level (4 slots): shield\n"
                           "image: [[hound.png]]\n")
    actions, = (s for s in block.sections if s.title == "Actions")
    assert actions.entries == (Entry("Slam", "Hits hard."), Entry("", "Just a sentence."))
    spells, = (s for s in block.sections if s.title == "Spellcasting")
    assert spells.entries == (Entry("", "Casts as a 3rd-level caster."), Entry("1st level (4 slots):", "shield"))
    assert block.image == "![[hound.png]]"  # YAML reads [[x]] as a list in a list: it is the embed it was


def test_keys_not_known_show_as_label_and_value_and_named_lists_as_sections() -> None:
    block = read_statblock("name: X\nfavourite_food: [[Mushroom]]\nmoods: [warm, smoky]\n"
                           "tactics: {opening: hides, hurt: flees}\nrituals:\n  - name: Kindle\n    desc: Lights.\n")
    assert [(f.label, f.value) for f in block.fields] == [
        ("Favourite food", "[[Mushroom]]"), ("Moods", "warm, smoky"), ("Tactics", "opening: hides; hurt: flees")]
    assert [(s.title, s.entries) for s in block.sections] == [("Rituals", (Entry("Kindle", "Lights."),))]


@pytest.mark.parametrize(("source", "line", "words"), [
    ("name: Ogre\nactions:\n  - name: Club\n   desc: x\n", 4, "not valid YAML"),
    ("name: [unclosed\n", 2, "not valid YAML"),
    ("- a\n- list\n", 1, "this one is a list"),
    ("just words\n", 1, "this one is a single value"),
    ("", 1, "empty"),
    ("a: &a [*a]\n", 1, "holds itself"),
    ("a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
     "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n", 1, "more than"),
    ("a: !!python/object:os.system {}\n", 1, "not valid YAML"),  # safe_load: no Python objects
    ("name: X\na: " + "[" * 90_000 + "\n", 2, "brackets nest more than 50 deep"),  # PyYAML would recurse
    ("name: X\ndesc: " + "words " * 20_000 + "\n", 1, "over 100 KB"),
    ("a:\n" + "".join("  " * depth + "- \n" for depth in range(55)), 53, "indented more than 100"),
    ("a:\n" + "".join(" " * depth + "- \n" for depth in range(60)), 1, "nest more than 8 deep"),
])
def test_what_cannot_be_shown_is_refused_with_a_line_and_a_reason(source: str, line: int, words: str) -> None:
    with pytest.raises(StatBlockError, match=words) as refused:
        read_statblock(source)
    assert refused.value.line == line


def test_texts_render_as_the_notes_markdown_with_links_resolved() -> None:
    page, problems = drawn(THIRTEENTH_AGE, {"Devil.md": "Devils.\n"})
    assert problems == []
    assert '<section class="vault-statblock" aria-label="Stat block: Cinder Imp">' in page
    assert '<a href="../devil/">devil abilities</a>' in page
    assert "<em>slicing tail</em>" in page and "_slicing tail_" not in page
    assert '<em class="statblock-trait-name">Natural even hit:</em>' in page
    assert "<dt>PD</dt><dd>12</dd>" in page and "language-statblock" not in page


def test_a_link_in_a_block_is_a_link_of_the_note() -> None:
    compiled = compile_vault({"Devil.md": "Devils.\n", "Page.md": f"```statblock\n{THIRTEENTH_AGE}```\n"}, VaultConfig())
    # "Pages that link here" on the devil's page, at the block's line.
    assert [(m.path, m.line) for m in compiled.backlinks["Devil.md"]] == [("Page.md", 18)]
    missing = compile_vault({"Page.md": "```statblock\nname: X\ndesc: See [[Nowhere]].\n```\n"}, VaultConfig())
    assert [str(p) for p in missing.problems] == ["Page.md:3: unresolved link [[Nowhere]]: no note named 'Nowhere' yet"]
    assert 'class="vault-missing"' in missing.pages["Page.md"]


def test_a_5e_block_shows_its_scores_with_modifiers() -> None:
    page, _ = drawn(FIVE_E)
    assert '<dt><abbr title="Intelligence">INT</abbr></dt><dd>3 <span class="statblock-modifier">(\u22124)</span></dd>' in page
    assert '<strong class="statblock-entry-name">Bite.</strong> Melee Weapon Attack' in page


def test_an_unreadable_block_shows_as_code_with_a_note_and_a_warning_at_its_line() -> None:
    page, problems = drawn("name: Ogre <b>\nactions:\n  - name: Club\n   desc: x\n")
    # libyaml's words where PyYAML has it ("did not find expected '-' indicator"), else PyYAML's.
    assert len(problems) == 1 and problems[0].startswith("Page.md:7: stat block not shown: not valid YAML (")
    assert problems[0].endswith(")|warning")
    assert 'class="vault-statblock-note">This stat block could not be read: not valid YAML' in page
    assert '<code class="language-statblock">name: Ogre &lt;b&gt;' in page


def test_text_is_escaped_and_what_a_note_may_not_run_is_removed_at_page_finishing() -> None:
    page, _ = drawn('name: "Ogre\\" onload=\\"x <i>"\nfoo<b>bar: "<img src=x onerror=alert(1)>"\n'
                    'desc: "</section><b>bold"\n')
    assert 'aria-label="Stat block: Ogre&quot; onload=&quot;x &lt;i&gt;"' in page
    assert "<dt>Foo&lt;b&gt;bar</dt>" in page  # a key is a label, never markup
    # A value is the note's own Markdown (raw HTML as Obsidian shows it), sanitised on its
    # own: no handler, and an unclosed or stray tag stays inside its own text.
    assert not {name for name in attribute_names(page) if name.startswith("on")}
    assert '<p class="statblock-name">Ogre" onload="x <i></i></p>' in page
    assert '<div class="statblock-flavor"><b>bold</b></div>' in page
    assert page.count("</section>") == 1


def test_every_block_of_the_fixture_vault_is_drawn_or_reported() -> None:
    from pathlib import Path

    vault = Path(__file__).resolve().parents[4] / "tests" / "fixtures" / "vaults" / "tabletop"
    notes = {str(p.relative_to(vault)): p.read_text(encoding="utf-8") for p in vault.rglob("*.md")}
    compiled = compile_vault(notes, VaultConfig())
    blocks = sum(text.count("```statblock") for text in notes.values())
    drawn_ = sum(page.count('<section class="vault-statblock"') for page in compiled.pages.values())
    unread = [p for p in compiled.problems if "stat block not shown" in p.message]
    assert blocks == drawn_ + len(unread) and drawn_ >= 3
    assert all(p.severity == "warning" for p in unread)
    shown_as_code = sum(len(re.findall("language-statblock", page)) for page in compiled.pages.values())
    assert shown_as_code == len(unread)


@pytest.mark.parametrize("source", ["a: 2020-13-45\n", "cr: .inf\nhp: .nan\n", "x: !!binary abc\n", "? [1]\n: 2\n",
                                    "name: [[A]]\nlevel: 2020-01-01\nstats: [1e400, 1, 1, 1, 1, 1]\n"])
def test_odd_values_never_stop_the_build(source: str) -> None:
    page, problems = drawn(source)
    assert "vault-statblock" in page and "a shape not handled" not in page
    assert all(p.endswith("|warning") or "unresolved link" in p for p in problems)


YAML_PIECES = ["name: ", "actions:\n", "  - ", "name: a", "\n", "    traits:\n", "      - ", "desc: ", "[[", "]]",
               "[", "]", "{", "}", ": ", "&a ", "*a", "!!str ", "'", '"', "|\n", "  ", "- ", "#", "<b>", "1", "-3",
               "stats: [10, 11, 12, 13, 14, 15]\n", "saves:\n", "~", "null", "? ", ",", "`", "\t", "é"]


@pytest.mark.parametrize("seed", range(60))
def test_random_yaml_never_stops_the_build(seed: int) -> None:
    rng = random.Random(seed)
    block = "".join(rng.choice(YAML_PIECES) for _ in range(rng.randint(0, 80)))
    page, problems = drawn(block.replace("```", "") + "\n")
    assert "vault-statblock" in page and "a shape not handled" not in page
    assert all(p.endswith("|warning") or "unresolved link" in p for p in problems)


def test_a_fault_while_drawing_shows_the_block_as_code_with_a_warning() -> None:
    from scripts.vault.plugins.statblock.html import statblock_html

    def failing(text: str, inline: bool) -> str:
        raise RecursionError("deep")

    shown = statblock_html("name: X\n", failing)
    assert shown.problem == (1, "stat block not shown: a shape not handled (RecursionError)")
    assert '<code class="language-statblock">name: X' in shown.html


def test_blocks_as_converters_write_them() -> None:
    """Quoted keys, `!!int "16"`, skills as `- name:`/`desc:` items, an `ac_class`, and a
    Pathfinder-style block (level "Creature 3", traits written `[[evil]]`)."""
    block = read_statblock('"name": "Crab"\n"ac": !!int "16"\n"ac_class": "natural armor"\n'
                           '"skillsaves":\n  - "name": "Stealth"\n    "desc": "+1"\n')
    assert block.numbers == (Field("Armor Class", "16 (natural armor)"),)
    assert block.fields == (Field("Skills", "Stealth +1"),)
    pathfinder = read_statblock("name: Ghoul\nlevel: Creature 3\nsize: Medium\ntrait_01: [[evil]]\nstatblock: true\n")
    assert pathfinder.subtitle == "Medium Creature 3"
    assert pathfinder.fields == (Field("Trait 01", "[[evil]]"),)
    assert read_statblock("creature: Alce\n").name == "Alce"  # the plugin's bestiary entry, by name
    actions = read_statblock("actions:\n  - name: Gore\n    description: Pushes.\n    hit: 5 damage\n").sections[0]
    assert actions.entries == (Entry("Gore", "Pushes.", (Field("Hit", "5 damage"),)),)

"""Initiative Tracker's ```encounter and ```encounter-table blocks (issue 45,
scripts/vault/plugins/encounter/): read as the plugin reads them, drawn as tables of
creatures linked to their notes or stat blocks; the fixture vault's facts worked out by hand
from tests/fixtures/vaults/tabletop-blocks/Encounters.md."""

from __future__ import annotations

import pytest

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.plugins.encounter.model import Creature, read_block
from tests.scripts.vault.plugins.tabletop_blocks import body, nothing_runs, problems

PAGE = "Encounters.md"


@pytest.mark.parametrize(("written", "creature"), [
    ("- Goblin", Creature("1", "Goblin", None)),
    ("- 3: Goblin", Creature("3", "Goblin", None)),
    ("- 1d4+1: Goblin", Creature("1d4+1", "Goblin", None)),  # a dice count, rolled by Dice Roller there
    ("- Goblin, 7, 15, 2, 50", Creature("1", "Goblin", None, 7, 15, 2, 50)),
    ("- Goblin, seven, 15", Creature("1", "Goblin", None, None, 15)),  # not a number: left out, as the plugin
    ("- [[Goblin]]", Creature("1", "Goblin", "Goblin")),
    ("- 2: [[Bestiary/Goblin|Gob]]", Creature("2", "Bestiary/Goblin", "Bestiary/Goblin|Gob")),
    ("- 0: Goblin", Creature("1", "Goblin", None)),  # fewer than one is one
    ('- "4: Goblin, 9"', Creature("4", "Goblin", None, 9)),
])
def test_each_way_of_writing_a_creature(written: str, creature: Creature) -> None:
    block = read_block(f"name: E\ncreatures:\n{written}\n", table=False)
    assert block.error is None
    assert block.encounters[0].creatures == (creature,)


def test_the_same_creature_twice_is_one_row_whose_counts_add_up() -> None:
    block = read_block("creatures:\n - 3: Goblin\n - 2: Goblin\n - 1d4: Goblin\n - Goblin, 7\n", table=False)
    assert [(c.count, c.hp) for c in block.encounters[0].creatures] == [("5 + 1d4", None), ("1", 7)]


def test_encounters_are_split_at_dashes_and_a_bad_one_is_reported_at_its_line() -> None:
    block = read_block("name: A\n---\nname: B\n---\nname: [x\n", table=True)
    assert block.encounters == () and block.error == (5, "not valid YAML (did not find expected ',' or ']')")
    assert [e.name for e in read_block("name: A\n---\nname: B\n", table=True).encounters] == ["A", "B"]


def test_an_encounter_is_a_table_of_its_creatures_with_their_numbers() -> None:
    page = body(PAGE)
    first = page[page.index('aria-label="Encounter: Ambush at the ford"'):page.index("</section>")]
    assert '<p class="vault-encounter-players">Players: Ana, Bram</p>' in first
    assert ('<th scope="col">Count</th><th scope="col">Creature</th><th scope="col"><abbr title="Hit points">HP</abbr>'
            '</th><th scope="col"><abbr title="Armour class">AC</abbr></th><th scope="col"><abbr title="Initiative '
            'modifier">Init</abbr></th><th scope="col"><abbr title="Experience points">XP</abbr></th>') in first
    rows = first[first.index("<tbody>"):]
    # 3 and 2 goblins are one row of 5; the boss's numbers as written; the wolf is linked to
    # the note whose stat block names it (its file is "Dire Wolf Page"); a bandit has no note.
    assert ('<tr><td class="vault-encounter-count">5</td><td><a href="../goblin/">Goblin</a></td>'
            '<td></td><td></td><td></td><td></td></tr>') in rows
    assert ('<tr><td class="vault-encounter-count">1</td><td>Goblin Boss</td><td>21</td><td>17</td><td>+1</td>'
            '<td>200</td></tr>') in rows
    assert '<td><a href="../bestiary/dire-wolf-page/">Dire Wolf</a></td>' in rows
    assert '<tr><td class="vault-encounter-count">1d4+1</td><td>Bandit</td>' in rows
    assert '<p class="vault-encounter-players">XP: 450</p>' in first


def test_hidden_players_and_only_the_columns_given() -> None:
    page = body(PAGE)
    second = page[page.index('aria-label="Encounter: The wolves return"'):]
    second = second[:second.index("</section>")]
    assert "Players" not in second and "Experience points" not in second  # `hide: players`, no XP written
    assert ('<tr><td class="vault-encounter-count">2</td><td><a href="../bestiary/dire-wolf-page/">Dire Wolf</a></td>'
            '<td>37</td><td>14</td><td>+2</td></tr>') in second


def test_an_encounter_table_is_one_row_per_encounter() -> None:
    page = body(PAGE)
    assert ('<thead><tr><th scope="col">Encounter</th><th scope="col">Creatures</th><th scope="col">Players</th>'
            '</tr></thead>') in page
    assert ('<tr><td>Road, day</td><td>2&nbsp;×&nbsp;<a href="../goblin/">Goblin</a></td><td>The Company: the whole party</td>'
            '</tr>') in page
    assert ('<tr><td>Road, night</td><td>1&nbsp;×&nbsp;<a href="../bestiary/dire-wolf-page/">Dire Wolf</a>, 1&nbsp;×&nbsp;Owlbear</td>'
            "<td></td></tr>") in page


def test_a_block_that_cannot_be_read_is_code_under_a_note_and_a_warning() -> None:
    page = body(PAGE)
    assert problems(PAGE) == [f"{PAGE}:35: encounter not shown: not valid YAML (did not find expected ',' or ']')"
                              "|warning"]
    assert '<code class="language-encounter">name: [unclosed &lt;script&gt;alert(1)&lt;/script&gt;' in page
    assert page.count("language-encounter") == 1  # the two good blocks are not code
    assert nothing_runs(page)


def test_a_creature_in_a_block_is_no_link_of_the_note() -> None:
    """Obsidian counts no link inside a code block: `[[Dire Wolf]]` names no missing note."""
    compiled = compile_vault({"E.md": "```encounter\ncreatures:\n - [[Nobody]]\n```\n"}, VaultConfig())
    assert compiled.problems == []
    assert "<td>Nobody</td>" in compiled.pages["E.md"]

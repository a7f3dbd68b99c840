"""Splitting the two glossary formats into keyword definitions."""

from __future__ import annotations

import pytest

from scripts.vault.glossary import canonical_keyword, definition_head, keyword_slug, split_glossary

FORMAT_002 = """Star Wars: Trading Card Game - The Cantina (SWTCG)

Armor: An isolated, static ability that means, "This unit can only be hit on a roll of 5 or more."


Evade X: A layered ability that means, "Prevent up to X damage to this unit."


[sub-type] Pilot: A layered, static ability written as "[sub-type] Pilot. The [sub-type] gets: ."

Reserves: [Ability]: A layered, static ability that means, "The following ability works."
"""

FORMAT_004 = """CW_DS_Droid_06n

Accuracy

Accuracy X/-X: A cumulative, static ability that means, "Add X to each of this unit's attack dice."

Hidden Cost

Hidden Cost X: A selective, static effect that means, "As long as you have X build counters."

Switch

Switch: [1st/2nd/3rd type effect]: A layered, static ability that means, "As long as."
"""


@pytest.mark.parametrize(
    ("paragraph", "head", "keyword", "slug"),
    [
        ("Accuracy X/-X: A cumulative ...", "Accuracy X/-X", "Accuracy", "accuracy"),
        ("[sub-type] Pilot: A layered ...", "[sub-type] Pilot", "Pilot", "pilot"),
        ("Reserves: [Ability]: A layered ...", "Reserves: [Ability]", "Reserves", "reserves"),
        ("Switch: [1st/2nd/3rd type effect]: A ...", "Switch: [1st/2nd/3rd type effect]", "Switch", "switch"),
        ("Hidden Cost X: A selective ...", "Hidden Cost X", "Hidden Cost", "hidden-cost"),
        ("Critical Hit X: A cumulative ...", "Critical Hit X", "Critical Hit", "critical-hit"),
        ("Enhance: [Effect]: A selective ...", "Enhance: [Effect]", "Enhance", "enhance"),
        ("Overkill: An isolated ...", "Overkill", "Overkill", "overkill"),
    ],
)
def test_name_forms(paragraph: str, head: str, keyword: str, slug: str) -> None:
    assert definition_head(paragraph) == head
    assert canonical_keyword(head) == keyword
    assert keyword_slug(keyword) == slug


@pytest.mark.parametrize(
    "paragraph",
    ["A long sentence that goes on and on and on, well past any keyword name: then a colon.",
     "No colon at all", ": starts with a colon"],
)
def test_not_a_definition(paragraph: str) -> None:
    assert definition_head(paragraph) is None


def test_002_format_one_paragraph_per_keyword() -> None:
    definitions, problems = split_glossary("swtcg/The Cantina.md", FORMAT_002)
    assert [(d.keyword, d.head, d.line) for d in definitions] == [
        ("Armor", "Armor", 3),
        ("Evade", "Evade X", 6),
        ("Pilot", "[sub-type] Pilot", 9),
        ("Reserves", "Reserves: [Ability]", 11),
    ]
    assert definitions[1].text.startswith("Evade X: A layered")
    assert problems == []


def test_004_format_name_line_then_definition() -> None:
    definitions, problems = split_glossary("swtcg/card.md", FORMAT_004)
    assert [(d.keyword, d.line) for d in definitions] == [
        ("Accuracy", 5), ("Hidden Cost", 9), ("Switch", 13),
    ]
    assert problems == []


def test_a_name_line_that_disagrees_is_reported() -> None:
    _, problems = split_glossary("g.md", "Title\n\nParry\n\nEvade X: prevent.\n")
    assert [str(p) for p in problems] == ["g.md:5: keyword line 'Parry' names a definition of 'Evade'"]


def test_shipped_glossaries_share_five_keywords_word_for_word() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[3] / "docs" / "swtcg"
    cantina, _ = split_glossary("a", (docs / "The Cantina.md").read_text(encoding="utf-8"))
    droid, _ = split_glossary("b", (docs / "CW_DS_Droid_06n.md").read_text(encoding="utf-8"))
    shared = {d.keyword: d.text for d in cantina}.keys() & {d.keyword: d.text for d in droid}.keys()
    assert shared == {"Armor", "Evade", "Overkill", "Parry", "Shields"}
    assert all(
        " ".join(a.text.split()) == " ".join(b.text.split())
        for a in cantina for b in droid if a.keyword == b.keyword
    )


def test_a_keyword_in_two_glossaries_is_one_page_naming_both() -> None:
    from scripts.vault import VaultConfig, compile_vault

    notes = {
        "swtcg/The Cantina.md": FORMAT_002,
        "swtcg/Card.md": "Card\n\nEvade\n\nEvade X: A layered ability that means,  \"Prevent up to X damage to this unit.\"\n",
    }
    compiled = compile_vault(notes, VaultConfig(glossaries=("swtcg/The Cantina.md", "swtcg/Card.md")))
    assert compiled.problems == []
    evade = [path for path in compiled.generated if "evade" in path]
    assert evade == ["swtcg/keywords/evade.md"]
    page = compiled.generated["swtcg/keywords/evade.md"]
    assert '<em>Defined in <a href="../../the-cantina/">The Cantina</a> and <a href="../../card/">Card</a>.</em>' in page
    assert '<h1 id="evade">Evade<a class="headerlink" href="#evade" title="Permanent link">¶</a></h1>\n<p><strong>Evade X</strong>: A layered ability' in page
    assert '<a href="../keywords/evade/">Evade</a>' in compiled.pages["swtcg/Card.md"]  # its keyword list


def test_a_keyword_note_of_its_own_wins_over_the_glossary() -> None:
    from scripts.vault import VaultConfig, compile_vault

    notes = {"swtcg/G.md": "G\n\nEvade X: Prevent.\n", "swtcg/keywords/Evade.md": "Our own note.\n", "a.md": "[[Evade]]"}
    compiled = compile_vault(notes, VaultConfig(glossaries=("swtcg/G.md",)))
    assert [str(p) for p in compiled.problems] == [
        "swtcg/G.md:3: keyword 'Evade' has a note of its own at swtcg/keywords/evade.md; the note wins"
    ]
    assert "swtcg/keywords/evade.md" not in compiled.generated
    assert '<a href="../swtcg/keywords/evade/">Evade</a>' in compiled.pages["a.md"]

"""Each keyword's one-line summary in its game's keyword index, from fixture files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scripts.vault import CompiledVault, VaultConfig, compile_vault
from scripts.vault.summary import is_related_links, sentence_end

from .fixture_file import read_fixtures

FIXTURES = Path(__file__).parent / "fixtures"
NOTE_CASES = read_fixtures(FIXTURES / "keyword_summaries.md")
GLOSSARY_CASES = read_fixtures(FIXTURES / "glossary_summaries.md")
NOTES = {
    "legion/Attack.md": "# Attack\n\nRoll the dice.\n",
    "legion/keywords/Pierce X.md": "[[Attack]]\n\n**Pierce X** (weapon keyword). Cancel X blocks.\n",
    "swtcg/Glossary.md": "Glossary title\n\nShields X: The attacker gets -X power. Always.\n",
}
CONFIG = VaultConfig(glossaries=("swtcg/Glossary.md",), image_alt={"HitIcon.png": "hit"})


def compile_notes(extra: dict[str, str]) -> CompiledVault:
    return compile_vault({**NOTES, **extra}, CONFIG, assets=("Pics/HitIcon.png",),
                        image_sizes={"Pics/HitIcon.png": (64, 64)})


def summary_row(index: str, link: str) -> str:
    """The summary cell (its HTML) of the index row whose keyword links to `link`."""
    rows = re.findall(rf'<tr>\n<td><a href="{re.escape(link)}">[^<]*</a></td>\n<td>(.*?)</td>\n</tr>', index, re.S)
    assert len(rows) == 1, index
    return str(rows[0])


@pytest.mark.parametrize(("title", "note", "expected"), NOTE_CASES, ids=[case[0] for case in NOTE_CASES])
def test_keyword_note_summary(title: str, note: str, expected: str) -> None:
    compiled = compile_notes({"legion/keywords/Case.md": note})
    assert summary_row(compiled.generated["legion/keywords/index.md"], "case/") == expected.strip()


@pytest.mark.parametrize(("title", "definition", "expected"), GLOSSARY_CASES, ids=[case[0] for case in GLOSSARY_CASES])
def test_glossary_summary(title: str, definition: str, expected: str) -> None:
    compiled = compile_notes({"swtcg/Glossary.md": f"Glossary title\n\n{definition}\n"})
    index = compiled.generated["swtcg/keywords/index.md"]
    keyword = definition.split(":", 1)[0].split()[0].lower()
    assert summary_row(index, f"{keyword}/") == expected.strip()


def test_every_fixture_was_read() -> None:
    assert len(NOTE_CASES) == 15 and len(GLOSSARY_CASES) == 5


def test_index_says_how_many_keywords_and_what_calculators_do() -> None:
    index = compile_notes({}).generated["legion/keywords/index.md"]
    assert '<h1 id="legion-keywords">legion keywords' in index and "<p>1 keyword, " in index
    assert "calculator lets you try the rule" in index
    assert "<th>Keyword</th>\n<th>Summary</th>" in index
    assert summary_row(index, "pierce-x/") == "<strong>Pierce X</strong> (weapon keyword). Cancel X blocks."


def test_summaries_add_no_backlinks() -> None:
    """The index writes links that keyword pages already have: nobody gains a backlink."""
    note = "[[Attack]]\n\nRead the [[Attack]] and [[Pierce X]]. More.\n"
    compiled = compile_notes({"legion/keywords/Case.md": note})
    assert '<a href="../attack/">Attack</a>' in compiled.generated["legion/keywords/index.md"]
    for mentions in compiled.backlinks.values():
        assert all(not mention.path.endswith("index.md") for mention in mentions)
    assert [m.path for m in compiled.backlinks["legion/keywords/Pierce X.md"]] == ["legion/keywords/Case.md"]
    assert "Keywords" not in compiled.generated["swtcg/keywords/shields.md"].split('id="pages-that-link-here"')[1]


def test_differing_glossary_texts_summarise_the_first() -> None:
    compiled = compile_vault(
        {"swtcg/A.md": "A\n\nEvade X: Prevent X. More.\n", "swtcg/B.md": "B\n\nEvade X: Prevent up to X. More.\n"},
        VaultConfig(glossaries=("swtcg/A.md", "swtcg/B.md")),
    )
    assert summary_row(compiled.generated["swtcg/keywords/index.md"], "evade/") == "<strong>Evade X</strong>: Prevent X."


@pytest.mark.parametrize(("text", "end"), [
    ("One. Two.", 4),
    ("See p. 4 and fig. 2. Then.", 20),
    ('He said "Stop." Then.', 15),
    ("Etc. etc.", 9),
    ("Wait... Then.", 7),
    ("Up to X. Then.", 8),
    ("E.g. this. Then.", 10),
])
def test_sentence_end(text: str, end: int) -> None:
    assert text[:sentence_end(text)] == text[:end]


@pytest.mark.parametrize(("paragraph", "related"), [
    ("[[Attack]], [[Dice]]", True),
    ("[[Attack]], [[Pierce X]] (Weapon\nKeyword), [[Weapons]]", True),
    ("[[Attack]] and [[Dice]]", True),
    ("[[Attack]] cancels hits.", False),
    ("Attack, [[Dice]]", False),
])
def test_related_links_line(paragraph: str, related: bool) -> None:
    assert is_related_links(paragraph) is related

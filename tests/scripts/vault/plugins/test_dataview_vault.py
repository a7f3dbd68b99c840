"""The Dataview fixture vault (tests/fixtures/vaults/dataview) compiled (issue 43): every query
type, source and data command, `this`, a query in a callout, inline queries in headings and
text, tasks, errors; each result worked out by hand from the fixture's notes."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from scripts.vault import CompiledVault, VaultConfig, compile_vault

VAULT = Path(__file__).resolve().parents[3] / "fixtures" / "vaults" / "dataview"


@cache
def compiled() -> CompiledVault:
    notes = {str(path.relative_to(VAULT)): path.read_text(encoding="utf-8") for path in sorted(VAULT.rglob("*.md"))}
    return compile_vault(notes, VaultConfig())


def body(path: str) -> str:
    page = compiled().pages[path]
    return page.split('<h2 id="pages-that-link-here"')[0]


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def items(path: str) -> list[str]:
    return [words(item) for item in re.findall(r"<li[^>]*>(.*?)</li>", body(path), re.DOTALL)]


def rows(path: str) -> list[list[str]]:
    table = re.search(r"<table.*?</table>", body(path), re.DOTALL)
    assert table is not None
    return [[words(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.DOTALL)]
            for row in re.findall(r"<tr>(.*?)</tr>", table.group(), re.DOTALL)]


def test_a_place_lists_its_living_characters_by_this_file_link() -> None:
    # Ana and Bob are in Town, Bob is Dead; Cleo is in Harbour.
    assert rows("Campaign/Places/Town.md") == [["File (1)", "Aliases"], ["Ana", "Annie, A."]]


def test_a_query_in_a_callout_lists_the_notes_linking_to_a_page() -> None:
    assert items("Campaign/Places/Harbour.md") == ["2026-01-05", "Cleo"]
    assert 'data-callout="info"' in body("Campaign/Places/Harbour.md")


def test_a_lower_case_tag_query_takes_subtags_and_no_tag_inside_code() -> None:
    # Parry (front matter), Riposte (#Asset/Combat_Talent/Advanced); Feint's tag is in code.
    assert items("Talents/index.md") == ["Parry", "Riposte"]


def test_inline_queries_show_this_notes_values_in_heading_and_text() -> None:
    page = compiled().pages["Spells/Fireball.md"]
    assert "=this" not in words(body("Spells/Fireball.md"))
    assert re.search(r"<h1[^>]*><span[^>]*>Fireball</span>", page)
    assert "- Fireball" in page.split("\n---\n")[0]  # the table of contents names the value
    assert "<strong>8d6</strong>" in page and re.search(r'<a href="[^"]*cleo/">Cleo</a>', page)
    assert "Level 6 slot when doubled." in words(body("Spells/Fireball.md"))
    assert "JavaScript queries do not run" in page and "dv.current" not in page


def test_without_id_as_headers_and_from_and_not() -> None:
    # People without #NPC (Bob 5, Cleo 7), level > 2, by level descending.
    assert rows("Queries/Levels.md") == [["Who", "class", "XP"], ["Cleo", "Wizard", "70"], ["Bob", "Rogue", "50"]]


def test_group_by_names_the_group_column_and_works_on_rows() -> None:
    assert rows("Queries/Groups.md") == [
        ["Group (2)", "Names", "Total age"], ["Harbour", "Cleo", "25"], ["Town", "Ana Bob", "71"]]


def test_flatten_makes_a_row_per_element() -> None:
    assert items("Queries/Flatten.md") == ["A. (Ana)", "Annie (Ana)", "Bobby (Bob)"]


def test_outgoing_or_folder() -> None:
    assert items("Queries/Outgoing.md") == ["Fireball", "Harbour", "Town"]


def test_tasks_are_read_only_checkboxes_grouped_by_file() -> None:
    html = body("Queries/Tasks.md")
    assert items("Queries/Tasks.md") == ["Buy rope [due:: 2026-02-01]", "Visit Town"]
    assert html.count('disabled="" type="checkbox"') == 2 and "2026-01-05" in words(html)


def test_calendar_is_a_month_grid_with_a_dot_per_note_and_the_notes_listed_by_day() -> None:
    html = body("Queries/Calendar.md")
    assert re.findall(r"<caption>(.*?)</caption>", html) == ["January 2026"]
    weeks = re.findall(r"<tr>(.*?)</tr>", html.split("<tbody>")[1])
    first = [words(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", weeks[0])]
    assert first == ["", "", "", "", "1", "2", "3"]  # 1 January 2026 was a Thursday
    assert len(weeks) == 5 and "31" in words(weeks[-1])
    dotted = re.findall(r'<td class="dataview-day-notes">(.*?)</td>', html)
    assert [words(cell) for cell in dotted] == ["5 2026-01-05", "12 2026-01-12"]
    assert items("Queries/Calendar.md") == ["Monday 5: 2026-01-05", "Monday 12: 2026-01-12"]


@pytest.mark.parametrize(("name", "shown"), [
    ("length", "3"), ("join", "alpha / beta / gamma"), ("contains", "true"), ("econtains", "false"),
    ("icontains", "true"), ("link", "the innkeeper"), ("date", "March 04, 2026"), ("dateformat", "2026-01-05"),
    ("default", "none"), ("choice", "many"), ("regexmatch", "true"), ("replace", "a+b+c"), ("round", "2.57"),
    ("sum", "6.5"), ("filter", "alpha,gamma"), ("map", "ALPHA,BETA,GAMMA"), ("duration", "January 08, 2026"),
])
def test_each_listed_function(name: str, shown: str) -> None:
    assert f"{name}: {shown}" in items("Queries/Functions.md")


def test_errors_show_in_place_and_as_warnings_and_js_never_runs() -> None:
    html = body("Queries/Errors.md")
    assert html.count('class="dataview dataview-error"') == 2
    assert "Dataview: Error evaluating query: no function named 'nosuchfunction'" in html
    assert "dv.table" not in html and "JavaScript queries do not run" in html
    found = [str(p) for p in compiled().problems if p.path == "Queries/Errors.md"]
    assert [f.split(": ")[0] for f in found] == ["Queries/Errors.md:1", "Queries/Errors.md:5"]
    assert all(p.severity == "warning" for p in compiled().problems if p.path == "Queries/Errors.md")


def test_results_count_as_the_query_pages_links() -> None:
    linking = [(m.path, m.line) for m in compiled().backlinks["Talents/Parry.md"]]
    assert linking == [("Talents/index.md", 3)]
    assert "Talents/index.md" not in [m.path for m in compiled().backlinks.get("Talents/Feint.md", ())]

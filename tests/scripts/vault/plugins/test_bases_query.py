"""A base worked out against a small vault made here (issue 43, scripts/vault/plugins/bases/
base_file.py, query.py): filters (and/or/not, statements, functions), formulas, display
names, views' order, sort, groupBy, limit, view filters and summaries, `this`; every
expected row worked out by hand from the notes below."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from scripts.vault.plugins.bases.base_file import SortKey, read_base
from scripts.vault.plugins.bases.files import Files
from scripts.vault.plugins.bases.query import ViewResult, run
from scripts.vault.plugins.bases.values import DateValue, Duration, Link
from scripts.vault.vault_index import FileFacts, NoteRecord, VaultIndex


def note(path: str, tags: tuple[str, ...] = (), outlinks: tuple[str, ...] = (), **front: object) -> NoteRecord:
    name = path.rsplit("/", 1)[-1].removesuffix(".md")
    facts = FileFacts(100 + len(path), datetime(2025, 1, 1, tzinfo=timezone.utc), datetime(2025, 2, 1, tzinfo=timezone.utc))
    return NoteRecord(path, name, front, tags, (), outlinks, (), facts)


VAULT = VaultIndex({n.path: n for n in (
    note("Reading/Dune.md", ("book",), ("People/Herbert.md",), price=12.5, pages=412, status="reading",
         author="[[Herbert]]", finished=date(2024, 3, 1), read=True),
    note("Reading/Hobbit.md", ("book", "fantasy"), (), price=8, pages=310, status="done",
         finished=date(2023, 11, 20), read=False),
    note("Reading/Sci-fi/Foundation.md", ("book/scifi",), (), price=10, pages=255, status="todo"),
    note("Reading/Textbook.md", ("course",), (), price=40),
    note("Required Reading/Physics.md", ("book",), ("Reading/Textbook.md",), price=55, status="todo"),
    note("People/Herbert.md", ("person",), ()),
)})


def rows(result: ViewResult) -> list[str]:
    return [row.path.rsplit("/", 1)[-1].removesuffix(".md") for group in result.groups for row in group.rows]


def views(source: str, this: str = "Library.base") -> tuple[list[ViewResult], dict[int, str]]:
    base = read_base(source)
    assert base.problems == ()
    return run(base, Files(VAULT, {this: NoteRecord(this, "Library")}), this)


DOCS_FILTER = """\
filters:
  or:
    - file.hasTag("tag")
    - and:
        - file.hasTag("book")
        - file.hasLink("Textbook")
    - not:
        - file.hasTag("book")
        - file.inFolder("Required Reading")
"""


def test_the_documented_filter_tree() -> None:
    # or: no note has #tag; and: only Physics is a book linking to Textbook; not: notes that
    # are neither books nor in "Required Reading" (Textbook, Herbert).
    found, problems = views(DOCS_FILTER)
    assert sorted(rows(found[0])) == ["Herbert", "Physics", "Textbook"] and problems == {}


@pytest.mark.parametrize(("statement", "expected"), [
    ('file.hasTag("book")', ["Dune", "Foundation", "Hobbit", "Physics"]),  # #book/scifi is found by #book
    ('file.hasTag("fantasy", "course")', ["Hobbit", "Textbook"]),
    ('file.inFolder("Reading")', ["Dune", "Foundation", "Hobbit", "Textbook"]),  # not "Required Reading"
    ('file.inFolder("Reading/Sci-fi")', ["Foundation"]),
    ('status != "done"', ["Dune", "Foundation", "Herbert", "Physics", "Textbook"]),  # no status is not "done"
    ("price > 10", ["Dune", "Physics", "Textbook"]),
    ('file.hasProperty("pages") && pages < 300', ["Foundation"]),
    ('author == link("Herbert")', ["Dune"]),
    ('file.ext == "md" && file.name.startsWith("D")', ["Dune"]),
    ('finished < date("2024-01-01")', ["Hobbit"]),
    ('file.mtime > file.ctime + "1 week" && price >= 55', ["Physics"]),
    ("file.tags.contains(\"#book/scifi\")", ["Foundation"]),
    ('file.links.length > 0 && !file.hasLink("Textbook")', ["Dune"]),
    ('file.folder == "Reading"', ["Dune", "Hobbit", "Textbook"]),
    ("read", ["Dune"]),
    ('note["price"] >= 40 || note.status == "done"', ["Hobbit", "Physics", "Textbook"]),
    ("status.isEmpty()", ["Herbert", "Textbook"]),
    ('author.asFile().hasTag("person")', ["Dune"]),
    ('list(file.tags).length > 1', ["Hobbit"]),
    ('file.properties.keys().contains("finished")', ["Dune", "Hobbit"]),
])
def test_a_filter_statement_keeps_the_notes_it_holds_for(statement: str, expected: list[str]) -> None:
    found, problems = views(f"filters: '{statement}'")
    assert sorted(rows(found[0])) == expected and problems == {}


def test_this_is_the_page_the_base_is_shown_on() -> None:
    found, _ = views("filters: 'file.hasLink(this.file)'", "People/Herbert.md")
    assert rows(found[0]) == ["Dune"]
    found, _ = views("filters: 'author == this'", "People/Herbert.md")
    assert rows(found[0]) == ["Dune"]
    found, _ = views("filters: 'file.inFolder(this.file.folder)'\nviews: [{type: table, order: [file.name]}]",
                     "Reading/Sci-fi/Library.base")
    assert rows(found[0]) == ["Foundation"]


LIBRARY = """\
filters:
  and:
    - file.hasTag("book")
    - file.inFolder("Reading")
formulas:
  ppu: '(price / pages * 100).toFixed(2)'
  label: 'if(status == "done", "Read", "Not yet")'
  doubled: 'formula.half * 4'
  half: 'price / 2'
properties:
  note.price:
    displayName: Price
  formula.ppu:
    displayName: Cents per page
summaries:
  dearest: 'values.reduce(if(acc == null || value > acc, value, acc), null)'
views:
  - type: table
    name: All
    order: [file.name, price, formula.ppu, formula.label, formula.doubled]
    sort:
      - property: price
        direction: DESC
    summaries:
      price: Sum
      note.pages: Average
      formula.ppu: Filled
  - type: list
    name: Unfinished
    filters: 'status != "done"'
    order: [file.name]
  - type: table
    name: Grouped
    groupBy: {property: status, direction: DESC}
    order: [file.name, pages, price]
    summaries: {pages: Median, price: dearest}
  - type: cards
    name: Cheapest two
    sort: [{property: note.price, direction: ASC}]
    limit: 2
    image: note.cover
  - type: table
    name: Stats
    order: [price, pages, finished, read, status]
    summaries: {price: Stddev, pages: Range, finished: Latest, read: Checked, status: Unique}
"""


def test_formulas_display_names_sort_and_summaries() -> None:
    (every, unfinished, grouped, cheapest, stats), problems = views(LIBRARY)
    assert problems == {}
    assert rows(every) == ["Dune", "Foundation", "Hobbit"]  # 12.5, 10, 8
    assert every.headers == ("file.name", "Price", "Cents per page", "label", "doubled")
    # 12.5/412*100 = 3.034 -> "3.03"; 10/255*100 = 3.921 -> "3.92"; 8/310*100 = 2.580 -> "2.58"
    assert [row.cells[2:] for row in every.groups[0].rows] == [
        ("3.03", "Not yet", 25), ("3.92", "Not yet", 20), ("2.58", "Read", 16)]
    # price 12.5 + 10 + 8; three ppu filled; pages is summarised but not a column: not shown
    assert every.groups[0].summaries == (None, 30.5, 3, None, None)
    assert rows(unfinished) == ["Dune", "Foundation"]
    assert [group.label for group in grouped.groups] == ["todo", "reading", "done"]
    assert [group.summaries for group in grouped.groups] == [(None, 255, 10), (None, 412, 12.5), (None, 310, 8)]
    assert rows(cheapest) == ["Hobbit", "Foundation"] and cheapest.view.image == "note.cover"


def test_each_built_in_summary() -> None:
    stats = views(LIBRARY)[0][4]
    summary = stats.groups[0].summaries
    # prices 12.5, 8, 10: mean 10.1666…, deviations 2.333…, −2.1666…, −0.1666…; squares sum 10.1666…/3
    assert summary[0] == pytest.approx(((7 / 3) ** 2 + (13 / 6) ** 2 + (1 / 6) ** 2) ** 0.5 / 3 ** 0.5)
    assert summary[1] == 412 - 255
    assert summary[2] == DateValue(datetime(2024, 3, 1), False)
    assert summary[3] == 1  # Dune read: true; Hobbit false; Foundation none
    assert summary[4] == 3  # reading, done, todo


def test_average_median_and_the_others_on_one_column() -> None:
    from scripts.vault.plugins.bases.summaries import summarize

    values = [3, 1, None, 4, "", 1.5, True]
    expected = {"Average": 2.375, "Min": 1, "Max": 4, "Sum": 9.5, "Range": 3, "Median": 2.25, "Empty": 2,
                "Filled": 5, "Unique": 5, "Checked": 1, "Unchecked": 1}
    assert {name: summarize(name, values, None) for name in expected} == expected
    dates = [DateValue(datetime(2025, 1, 1), False), DateValue(datetime(2025, 1, 3), False)]
    assert summarize("Earliest", dates, None) == dates[0]
    assert summarize("Range", dates, None) == Duration(0, 2 * 86_400_000)


def test_a_link_in_front_matter_is_a_link_to_its_note() -> None:
    found, _ = views("filters: 'file.name == \"Dune.md\"'\nviews: [{type: table, order: [author]}]")
    assert found[0].groups[0].rows[0].cells == (Link("Herbert", None, "People/Herbert.md"),)


def test_a_view_reads_its_sort_and_group_keys() -> None:
    base = read_base(LIBRARY)
    assert base.views[0].sort == (SortKey("note.price", True),)
    assert base.views[2].group_by == SortKey("note.status", True)
    assert base.display == {"note.price": "Price", "formula.ppu": "Cents per page"}


@pytest.mark.parametrize(("source", "line", "message"), [
    ("formulas:\n  bad: 'price *'\n", 2, "cannot read 'price *'"),
    ("filters:\n  and:\n    - 'x =! 2'\n", 3, "cannot read"),
    ("views:\n  - type: table\n    filters:\n      xor: [a]\n", 4, "one of `and`, `or`, `not`"),
    ("filters: [\n", 2, "not valid YAML"),
    ("- a\n- b\n", 1, "a base is"),
    ("views: 3\n", 1, "`views` is a list"),
    ("a: &a [*a]\n", 1, "holds itself"),
])
def test_a_base_that_cannot_be_read_says_where(source: str, line: int, message: str) -> None:
    problems = read_base(source).problems
    assert problems and problems[0][0] == line and message in problems[0][1], problems


def test_a_layout_not_drawn_here_is_a_table_and_a_notice() -> None:
    base = read_base("views:\n  - type: map\n    name: Places\n")
    assert base.problems == () and base.views[0].kind == "table"
    assert base.notices == ((2, "view type 'map' is not drawn here (only table, cards, list): shown as a table"),)


def test_runtime_errors_are_kept_once_with_their_line() -> None:
    source = "formulas:\n  loop: 'formula.loop + 1'\n  odd: 'price.nosuch()'\nfilters: 'nosuch()'\n"
    found, problems = run(read_base(source), Files(VAULT), "x.base")
    assert rows(found[0]) == [] and problems == {4: "'nosuch()': no function named nosuch()"}
    source = "formulas:\n  loop: 'formula.loop + 1'\n  odd: 'price.nosuch()'\nviews: [{order: [formula.loop, formula.odd]}]\n"
    found, problems = run(read_base(source), Files(VAULT), "x.base")
    assert len(rows(found[0])) == 6 and all(cell is None for g in found[0].groups for r in g.rows for cell in r.cells)
    assert problems[2] == "formula 'loop' uses itself: loop → loop"
    assert problems[3] == "formula 'odd': number has no method nosuch()"


def test_a_formula_too_deep_to_work_out_is_a_problem_not_a_crash() -> None:
    deep = "+".join(["1"] * 900)  # a left-leaning sum deeper than Python recurses
    source = f"formulas:\n  deep: '{deep}'\nviews: [{{order: [formula.deep]}}]\n"
    found, problems = run(read_base(source), Files(VAULT), "x.base")
    assert len(rows(found[0])) == 6 and problems[1] == "formula.deep: cannot be worked out (RecursionError)"


PROJECT = VaultIndex({"Work/Project.md": NoteRecord("Work/Project.md", "Project", dict(
    price=4, quantity=3, tax=1, discount=0.5, part=1, whole=8,
    start_date=date(2025, 1, 10), due_date=date(2020, 1, 1), status="Todo", tags=["urgent"], impact=3,
    urgency=4, effort=2, first_name="Ana", last_name="Lima", tasks=["a", "b", "c"], description="notes",
    monthlyUses=10, completed=False), ("urgent",), facts=note("Work/Project.md").facts)})


@pytest.mark.parametrize(("formula", "expected"), [
    # The "Formulas" page's own examples, on the note above.
    ("price * quantity", 12),
    ('file.name + " - " + description', "Project.md - notes"),
    ("formula.other * 1.1", 4 / 3 * 1.1),
    ("price + tax", 5),
    ("price - discount", 3.5),
    ("(part / whole) * 100", 12.5),
    ("price > 100", False),
    ('status == "Done"', False),
    ('file.mtime > now() - "7d"', False),  # modified on 2025-02-01
    ("!completed", True),
    ("price > 0 && quantity > 0", True),
    ('if(price, "$" + price.toFixed(2), "")', "$4.00"),
    ("file.name.lower()", "project.md"),
    ('tags.contains("urgent")', True),
    ('due_date.format("YYYY-MM-DD")', "2020-01-01"),
    ('start_date + "2w"', DateValue(datetime(2025, 1, 24), False)),
    ('if(due_date < now() && status != "Done", "Overdue", "")', "Overdue"),
    ("tasks.length", 3),
    ("(impact * urgency) / effort", 6),
    ('first_name + " " + last_name', "Ana Lima"),
    ("monthlyUses * formula.other.round()", 10),
])
def test_the_formulas_pages_examples(formula: str, expected: object) -> None:
    source = f"formulas:\n  x: '{formula}'\n  other: 'price / quantity'\nviews: [{{order: [formula.x]}}]\n"
    found, problems = run(read_base(source), Files(PROJECT), "x.base")
    assert problems == {}
    value = found[0].groups[0].rows[0].cells[0]
    assert value == pytest.approx(expected) if isinstance(expected, float) else value == expected

"""Inline fields in their three forms, tasks and list items (issue 43), as Dataview's
annotation reference describes them."""

from __future__ import annotations

from datetime import datetime

from scripts.vault.plugins.dataview.fields import inline_fields, list_items
from scripts.vault.plugins.dataview.pages import page_object
from scripts.vault.plugins.dataview.values import Link
from scripts.vault.vault_index import NoteRecord

TEXT = """\
Rating:: 9
**Bold Key**:: shown
I would rate this a [rating:: 10] and [mood:: acceptable] (time:: 2021-02-26T13:00) too.
Seen with:: [[Ana]], [[Bob]]

`code:: no` is code, and so is this:

```
fenced:: no
```

- [ ] Write it [due:: 2026-03-01]
- [x] Read it
  - a nested item
1. numbered
"""


def test_the_three_forms_and_no_field_in_code() -> None:
    found = [(key, value) for key, value, _line in inline_fields(TEXT)]
    assert found == [
        ("Rating", 9), ("Bold Key", "shown"), ("rating", 10), ("mood", "acceptable"),
        ("time", datetime(2021, 2, 26, 13)), ("Seen with", [Link("Ana"), Link("Bob")]), ("due", datetime(2026, 3, 1)),
    ]


def test_tasks_and_list_items() -> None:
    items = list_items(TEXT)
    assert [(item["text"], item["task"], item["completed"]) for item in items] == [
        ("Write it [due:: 2026-03-01]", True, False), ("Read it", True, True),
        ("a nested item", False, False), ("numbered", False, False)]
    assert items[0]["due"] == datetime(2026, 3, 1)


def test_a_page_merges_front_matter_and_fields_with_dashed_lower_case_keys() -> None:
    page = page_object(NoteRecord("Reviews/2026-01-02 Book.md", "2026-01-02 Book", {"Rating": 8, "tags": ["a/b"]},
                                  tags=("a/b", "c"), text=TEXT))
    assert page["Rating"] == [8, 9]  # written in front matter and as a field: a list, as in Dataview
    assert page["bold-key"] == "shown" and page["seen-with"] == [Link("Ana"), Link("Bob")]
    assert page["file"]["tags"] == ["#a", "#a/b", "#c"] and page["file"]["etags"] == ["#a/b", "#c"]
    assert page["file"]["day"] == datetime(2026, 1, 2) and page["file"]["folder"] == "Reviews"
    assert [task["text"] for task in page["file"]["tasks"]] == ["Write it [due:: 2026-03-01]", "Read it"]

"""TASK queries (issue 43): each row is a task, and WHERE sees the fields of the page holding
it (front matter, inline fields, `file.*`), as Dataview lets a task query read them; the
task's own fields (`text`, `completed`, its inline fields) come first."""

from __future__ import annotations

import re

import pytest

from scripts.vault import VaultConfig, compile_vault

NOTES = {
    "Projects/Boat.md": "---\nstage: active\nowner: Ana\n---\n- [ ] Caulk the hull\n- [x] Buy tar\n",
    "Projects/Barn.md": "---\nstage: paused\n---\nphase:: two\n\n- [ ] Fix the roof\n- [ ] Paint [status:: urgent]\n",
    "Journal/2026-01-05.md": "- [ ] Not a project task\n",
}


def tasks(where: str) -> list[str]:
    notes = {**NOTES, "Tasks.md": f'```dataview\nTASK FROM "Projects" {where}\n```\n'}
    html = compile_vault(notes, VaultConfig()).pages["Tasks.md"]
    found = re.findall(r'<li class="task-list-item">(.*?)</li>', html, re.DOTALL)
    return [re.sub(r"<[^>]+>", "", item).strip() for item in found]


@pytest.mark.parametrize(("where", "shown"), [
    ('WHERE stage = "active" AND !completed', ["Caulk the hull"]),
    ('WHERE status = "x"', ["Buy tar"]),  # `status` is the task's own: the mark in its box
    ('WHERE owner = "Ana"', ["Caulk the hull", "Buy tar"]),
    ('WHERE phase = "two"', ["Fix the roof", "Paint [status:: urgent]"]),
    ('WHERE file.name = "Barn" AND contains(text, "roof")', ["Fix the roof"]),
    ("WHERE completed", ["Buy tar"]),
    ("", ["Fix the roof", "Paint [status:: urgent]", "Caulk the hull", "Buy tar"]),
])
def test_where_reads_the_tasks_page(where: str, shown: list[str]) -> None:
    assert tasks(where) == shown

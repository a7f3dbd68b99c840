"""A folder's long list of notes becomes groups in the navigation; a short one stays as is."""

from __future__ import annotations

import pytest

from scripts.vault.nav_groups import NavEntry, grouped


def entries(titles: list[str]) -> list[tuple[str, str]]:
    return [(title, f"game/{title}.md") for title in titles]


@pytest.mark.parametrize("count", [0, 1, 3])
def test_a_short_list_is_not_grouped(count: int) -> None:
    notes = entries([f"Note {n}" for n in range(count)])
    assert grouped(notes, size=3) == [{title: path} for title, path in notes]


@pytest.mark.parametrize(
    ("titles", "size", "names"),
    [
        (["Aim", "Barrage", "Cover", "Dodge", "Evade"], 3, ["A – B", "C – E"]),  # 5 notes, at most 3: 2 and 3
        (["Aim", "Arsenal", "Cover", "Dodge"], 2, ["A", "C – D"]),
        # Initials alone would repeat "R": the groups are named by their first and last titles.
        (["Rule 1", "Rule 2", "Rule 3", "Rule 4"], 2, ["Rule 1 – Rule 2", "Rule 3 – Rule 4"]),
    ],
)
def test_groups_are_even_named_and_keep_every_note_in_order(titles: list[str], size: int, names: list[str]) -> None:
    groups = grouped(entries(titles), size=size)
    assert [next(iter(group)) for group in groups] == names
    members = [item for group in groups for item in next(iter(group.values()))]
    assert members == [{title: path} for title, path in entries(titles)]
    assert all(len(next(iter(group.values()))) <= size for group in groups)



def _leaves(items: list[NavEntry]) -> list[NavEntry]:
    found: list[NavEntry] = []
    for item in items:
        value = next(iter(item.values()))
        found += _leaves(value) if isinstance(value, list) else [item]
    return found


def _widest(items: list[NavEntry]) -> int:
    """The most items any one level holds (what a pruned navigation shows of that level)."""
    inner = [_widest(value) for item in items if isinstance(value := next(iter(item.values())), list)]
    return max([len(items), *inner])


def _depth(items: list[NavEntry]) -> int:
    value = next(iter(items[0].values()))
    return 1 + _depth(value) if isinstance(value, list) else 0


@pytest.mark.parametrize(("count", "depth"), [(9, 1), (10, 2), (27, 2), (28, 3), (30, 3), (81, 3), (82, 4)])
def test_more_groups_than_a_group_holds_are_grouped_again(count: int, depth: int) -> None:
    # What a page carries stays about size x depth however long the folder: never n / size.
    notes = entries([f"Rule {n:03d}" for n in range(count)])
    groups = grouped(notes, size=3)
    assert _leaves(groups) == [{title: path} for title, path in notes]
    assert _widest(groups) <= 3
    assert _depth(groups) == depth
    names = [next(iter(group)) for group in groups]
    assert len(set(names)) == len(names)

"""Counts agree with their nouns in every text a reader sees, and the table's columns align."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.cli import main
from rulesengine.swtcg.hidden_cost import hidden_cost
from rulesengine.wording import agrees, plural
from tests.rulesengine.swtcg.swtcg_oracle import run

# A number followed by a noun in the wrong number: "1 hits", "2 hit;", "1 dice", "1 faces".
WRONG = re.compile(
    r"\b1 (?:hits|dice|attack dice|faces|units|other units|counters|build counters)\b"
    r"|\b(?:[02-9]|\d\d+) (?:hit|die|attack die|face|other unit|counter|build counter)\b"
)


def _texts(values: dict[str, object]) -> list[str]:
    return [str(s["text"]) for s in run(values)["steps"]]


TRACES = [
    {"power": 1, "faces": "6"},
    {"power": 1, "faces": "2"},
    {"power": 2, "faces": "6,5"},
    {"power": 2, "faces": "6,1"},
    {"power": 0, "faces": ""},
    {"power": 3, "inspiration": 1, "faces": "6,6,6,6"},
    {"power": 3, "inspiration": 2, "faces": "6,6,6,6,6"},
    {"power": 3, "health": 1, "overkill": True, "faces": "6,6,1"},
    {"power": 4, "health": 2, "overkill": True, "faces": "6,6,6,6"},
    {"power": 4, "health": 2, "overkill": True, "overkill_policy": "none", "faces": "6,6,6,1"},
]


@pytest.mark.parametrize("values", TRACES)
def test_trace_texts_use_singular_and_plural_correctly(values: dict[str, object]) -> None:
    for text in _texts(values):
        assert not WRONG.search(text), text


def test_the_wrong_number_pattern_catches_the_old_texts() -> None:
    for old in ("The dice show 6, 5: 2 hit; natural 6", "All 1 hits go to the defender.", "leave 1 attack dice, each",
                "Inspiration: 1 other units", "It needs 1 build counters"):
        assert WRONG.search(old), old


def test_exact_singular_and_plural_texts() -> None:
    assert "The die shows 6: 1 hit;" in _texts({"power": 1, "faces": "6"})[1]
    assert "The dice show 6, 5: 2 hits;" in _texts({"power": 2, "faces": "6,5"})[1]
    assert "The 1 hit goes to the defender." in _texts({"power": 1, "faces": "6"})
    assert "leave 1 attack die, which hits when" in _texts({"power": 1, "faces": "6"})[0]
    overkill = _texts({"power": 3, "health": 1, "overkill": True, "faces": "6,6,1"})
    assert any("must take 1 hit (its remaining health); the 1 hit beyond that goes to the second unit" in t for t in overkill)
    assert hidden_cost(3, 1, 1).reason.startswith("It has the 1 counter needed: pay 2 Force")
    assert hidden_cost(6, 1, 2).reason.startswith("It needs 2 build counters")


def test_faces_error_counts_agree() -> None:
    with pytest.raises(InputError) as one:
        run({"power": 1, "faces": "6,6"})
    assert one.value.allowed.startswith("1 face from 1 to 6 (this attack rolls 1 die)")
    with pytest.raises(InputError) as three:
        run({"power": 3, "faces": "6"})
    assert three.value.allowed.startswith("3 comma-separated faces from 1 to 6 (this attack rolls 3 dice)")


def test_plural_helper() -> None:
    assert [plural(n, "hit") for n in (0, 1, 2)] == ["0 hits", "1 hit", "2 hits"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    assert agrees(1, "goes", "go") == "goes" and agrees(0, "goes", "go") == "go"


def test_the_table_columns_align_and_read_value_percent_at_least_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--power", "3", "--armor"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == ["damage"])
    assert lines[header].split() == ["damage", "probability", "at", "least", "exact"]
    rows = lines[header + 1:header + 5]
    ends = [m.end() for m in re.finditer(r"\S+(?: least)?", lines[header])][:3]
    total = Fraction(0)
    for amount, row in enumerate(rows):
        cells = row.split()
        assert len(cells) == 4 and cells[0] == str(amount), row
        assert [m.end() for m in re.finditer(r"\S+", row)][:3] == ends, row  # right-aligned under the header
        total += Fraction(cells[3])
        assert cells[1] == f"{float(Fraction(cells[3])) * 100:.2f}%"
    assert total == 1
    assert rows[0].split()[2] == "100.00%" and rows[3].split()[2] == rows[3].split()[1]

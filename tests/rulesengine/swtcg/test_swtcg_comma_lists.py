"""Comma-separated inputs refuse an empty item instead of quietly skipping it."""

from __future__ import annotations

import pytest

from rulesengine.errors import InputError
from rulesengine.swtcg.cli import main
from tests.rulesengine.swtcg.swtcg_oracle import run

EMPTY_ITEMS = [
    ("faces", {"power": 2, "faces": "6,,1"}, "--faces"),
    ("faces", {"power": 2, "faces": "6,1,"}, "--faces"),
    ("faces", {"power": 2, "faces": ",6,1"}, "--faces"),
    ("faces", {"power": 2, "faces": "6, ,1"}, "--faces"),
    ("intercept_by", {"intercept_by": "health=5,,armor"}, "--intercept-by"),
    ("intercept_by", {"intercept_by": "health=5,"}, "--intercept-by"),
    ("switch", {"switch": "ground=+1,,space=+2"}, "--switch"),
    ("switch", {"switch": ",ground=+1"}, "--switch"),
]


@pytest.mark.parametrize(("name", "values", "flag"), EMPTY_ITEMS)
def test_an_empty_item_is_refused_naming_its_option(name: str, values: dict[str, object], flag: str) -> None:
    with pytest.raises(InputError) as caught:
        run(values)
    assert caught.value.option == flag
    assert "empty item" in caught.value.allowed


def test_the_same_lists_without_the_empty_item_run() -> None:
    assert run({"power": 2, "faces": "6, 1"})["damage"] == {"1": "1"}
    assert run({"intercept_by": "health=5, armor"})["attack"]["hits_on"] == 5
    assert run({"power": 1, "switch": "ground=+1, space=+2"})["attack"]["power"] == 2
    assert run({"power": 2, "faces": " ", "switch": " ", "intercept_by": " "})["steps"] == []


def test_cli_refuses_faces_with_an_empty_item_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--power", "2", "--faces", "6,,1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("rulesengine swtcg: --faces: 2 comma-separated faces from 1 to 6")

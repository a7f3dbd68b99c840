"""`rulesengine legion-army`: a list builder's export read, its names matched (the closest
names for the others), every unit at every range equal to the single-unit command's answer,
the JSON's shape, and bad input refused with one line per problem and exit status 2."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from rulesengine.cli import main as rulesengine_main
from rulesengine.legion import army_page
from rulesengine.legion.army import RANGES, army_json
from rulesengine.legion.army_list import ListError, parse_list
from rulesengine.legion.army_names import match_list
from rulesengine.legion.cli import main as legion_main
from rulesengine.legion.units import minis_defeated, find_unit
from rulesengine.distribution import Distribution

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "legion_lists" / "empire.json"
TEXT = FIXTURE.read_text(encoding="utf-8")
JSON = Mapping[str, object]


def export(units: Sequence[tuple[str, Sequence[str]]], faction: str = "empire") -> str:
    return json.dumps({"author": "t", "listname": "t", "points": 800, "armyFaction": faction, "commandCards": [],
                       "units": [{"name": n, "upgrades": list(u)} for n, u in units], "battlefieldDeck": {}})


# ---- reading the export ----

def test_the_fixture_is_read_in_order_with_a_unit_fielded_twice_there_twice() -> None:
    army = parse_list(TEXT)
    assert army.faction == "empire" and army.name == "Imperial ground forces"
    assert len(army.units) == 10
    assert [u.index for u in army.units] == list(range(10))
    assert army.units[2] == army.units[3].__class__(2, army.units[3].name, army.units[3].upgrades)
    assert army.units[0].upgrades == ("Force Push", "Saber Throw", "Improvised Orders")


BAD_LISTS = [
    ('{"units": [', ["line 1, column 12: not JSON"]),
    ('{"units": [{"name": "AT-ST"},\n  {"name": "AT-ST",}]}', ["line 2, column 20: not JSON"]),
    ("[1, 2]", ["a JSON object"]),
    ("", ["the text is empty"]),
    ('{"listname": "x"}', ["units: a list of the army's units (got none)"]),
    ('{"units": []}', ["units: a list of the army's units (got an empty list)"]),
    ('{"units": [{"name": 3}, "AT-ST", {"name": "AT-ST", "upgrades": "DW-3"}, {"name": "x", "upgrades": [null]}]}',
     ["units[0].name: the unit's name as text (got a number)", "units[1]: a unit", "units[2].upgrades: a list of upgrade names (got text)",
      "units[3].upgrades[0]: an upgrade's name as text (got null)"]),
]


@pytest.mark.parametrize(("text", "messages"), BAD_LISTS, ids=[t[:30] for t, _ in BAD_LISTS])
def test_a_text_that_is_no_list_says_where_each_problem_is(text: str, messages: list[str]) -> None:
    with pytest.raises(ListError) as raised:
        parse_list(text)
    found = [str(p) for p in raised.value.problems]
    assert len(found) == len(messages)
    for got, wanted in zip(found, messages):
        assert wanted in got


# ---- matching names ----

def test_export_names_are_matched_with_titles_and_faction() -> None:
    fielded, problems = match_list(parse_list(export([
        ("Darth Vader Dark Lord of the Sith", ["Force Push"]),
        ("AT-RT", ["AT-RT Flamethrower"]),
    ], faction="republic")))
    assert problems == ()
    assert [f.unit.name for f in fielded] == ["Darth Vader (Dark Lord of the Sith)", "AT-RT [Galactic Republic]"]
    assert fielded[0].upgrades == () and fielded[0].others == ("Force Push",)
    assert [u.name for u in fielded[1].upgrades] == ["AT-RT Flamethrower"]
    rebels, _ = match_list(parse_list(export([("AT-RT", [])], faction="rebels")))
    assert rebels[0].unit.name == "AT-RT [Rebel Alliance]"


def test_an_upgrade_with_a_title_is_its_card() -> None:
    fielded, problems = match_list(parse_list(export([("The Bad Batch Clone Force 99", ["Echo, Clone Force 99"]),
                                                      ("Obi-Wan Kenobi Civilized Warrior", ["Jedi Training, Master Duelist"])],
                                                     faction="republic")))
    assert problems == ()
    assert [(u.name, u.for_units) for u in fielded[0].upgrades] == [("Echo", ("The Bad Batch",))]
    assert fielded[1].others == ("Jedi Training, Master Duelist",)


UNMATCHED = [
    ("Darth Vadr", (), "units[0]", "no released unit named 'Darth Vadr'", "Darth Vader Dark Lord of the Sith"),
    ("Stormtrooper", (), "units[0]", "no released unit named 'Stormtrooper'", "Stormtroopers"),
    ("Stormtroopers", ("Targetting Scopes",), "units[0].upgrades[0]", "no released upgrade named 'Targetting Scopes'",
     "Targeting Scopes"),
    ("Stormtroopers", ("DLT19 Stormtroper",), "units[0].upgrades[0]", "no released upgrade", "DLT-19 Stormtrooper"),
]


@pytest.mark.parametrize(("unit", "upgrades", "where", "message", "closest"), UNMATCHED, ids=[u[0] + str(u[1]) for u in UNMATCHED])
def test_a_name_not_matched_names_the_closest_as_the_export_writes_them(unit: str, upgrades: tuple[str, ...], where: str,
                                                                        message: str, closest: str) -> None:
    fielded, problems = match_list(parse_list(export([(unit, upgrades), ("AT-ST", [])])))
    assert [f.unit.name for f in fielded] == ["AT-ST"]  # the unit with the unmatched name is left out
    assert len(problems) == 1 and problems[0].where == where
    assert message in problems[0].message
    shown = problems[0].message.split("; closest: ")[1].split(", ")
    assert closest in shown


# ---- agreement with the single-unit command ----

def single_unit(capsys: pytest.CaptureFixture[str], unit: str, upgrades: Sequence[str], at: str, target: str,
                cover: str) -> JSON | str:
    argv = ["--attacker-unit", unit, "--range", at, "--defender-unit", target, "--cover", cover, "--json"]
    for u in upgrades:
        argv += ["--upgrade", u]
    code = legion_main(argv)
    out = capsys.readouterr()
    if code != 0:
        return out.err
    return cast(JSON, json.loads(out.out))


def check_agrees(capsys: pytest.CaptureFixture[str], text: str, target: str, cover: str) -> int:
    result = army_json(text, target, cover)
    assert result["problems"] == []
    compared = 0
    for row in cast(Sequence[JSON], result["units"]):
        for at in RANGES:
            cell = cast(JSON, cast(JSON, row["at_range"])[at])
            single = single_unit(capsys, str(row["unit"]), cast(list[str], row["upgrades_in_attack"]), at, target, cover)
            if isinstance(single, str):  # the single-unit command refuses: no weapon reaches
                assert cell["expected_wounds"] is None and "--range" in single
                assert str(cell["reason"]) in single
                continue
            defender = cast(JSON, single["defender"])
            assert cell["expected_wounds"] == defender["expected_wounds"]
            assert cell["wounds"] == defender["wounds"]
            assert cell["minis_defeated"] == defender["minis_defeated"]
            assert cell["expected_minis_defeated"] == defender["expected_minis_defeated"]
            assert cell["pool"] == single["pool"] and str(cell["pool"]).startswith("the default pool")
            wounds = cast(dict[str, str], defender["wounds"])
            assert Fraction(cast(str, cell["at_least_one_wound"])) == sum(Fraction(p) for w, p in wounds.items() if int(w) >= 1)
            compared += 1
    return compared


def test_every_unit_of_the_list_agrees_with_the_single_unit_command_at_every_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_agrees(capsys, TEXT, "Rebel Troopers", "light") >= 40


def test_another_target_in_heavy_cover_agrees_too(capsys: pytest.CaptureFixture[str]) -> None:
    text = export([("Luke Skywalker Hero of the Rebellion", ["Force Push"]), ("Rebel Troopers", ["Z-6 Trooper", "Rebel Trooper"]),
                   ("AT-RT", ["AT-RT Flamethrower"]), ("Fleet Troopers", ["Scatter Gun Trooper"])], faction="rebels")
    assert check_agrees(capsys, text, "Stormtroopers", "heavy") >= 12


def test_minis_defeated_follow_the_wounds_on_the_targets_card() -> None:
    result = army_json(TEXT, "Imperial Death Troopers", "none")
    death_troopers = find_unit("Imperial Death Troopers")
    for row in cast(Sequence[JSON], result["units"]):
        for cell in cast(JSON, row["at_range"]).values():
            cell = cast(JSON, cell)
            if cell["wounds"] is None:
                continue
            wounds = Distribution({int(k): Fraction(v) for k, v in cast(dict[str, str], cell["wounds"]).items()})
            assert minis_defeated(wounds, death_troopers).to_json() == cell["minis_defeated"]


def test_a_unit_fielded_twice_gets_the_same_row_twice() -> None:
    rows = cast(Sequence[JSON], army_json(TEXT, "Rebel Troopers", "none")["units"])
    assert {**rows[2], "index": 0} == {**rows[3], "index": 0}


# ---- the command line ----

def test_the_json_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert rulesengine_main(["legion-army", str(FIXTURE), "--defender-unit", "Rebel Troopers", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["defender"] == {"unit": "Rebel Troopers", "export_name": "Rebel Troopers", "minis": 4, "wounds_per_mini": 1}
    assert result["cover"] == "none" and result["ranges"] == ["1", "2", "3", "4", "melee"]
    units = result["units"]
    assert [u["name"] for u in units] == [u["name"] for u in json.loads(TEXT)["units"]]
    vader = units[0]
    assert vader["unit"] == "Darth Vader (Dark Lord of the Sith)"
    assert vader["upgrades"] == ["Force Push", "Saber Throw", "Improvised Orders"]
    assert vader["upgrades_in_attack"] == [] and vader["upgrades_not_in_attack"] == vader["upgrades"]
    assert set(vader["at_range"]) == {"1", "2", "3", "4", "melee"}
    assert vader["at_range"]["1"]["expected_wounds"] is None and "range" in vader["at_range"]["1"]["reason"]
    melee = vader["at_range"]["melee"]
    assert Fraction(melee["expected_wounds"]) > 0 and melee["reason"] is None and "melee" in melee["pool"]
    for unit in units:
        for cell in unit["at_range"].values():
            if cell["expected_wounds"] is not None:
                assert "/" in cell["expected_wounds"] or cell["expected_wounds"].isdigit()
                assert 0 < Fraction(cell["at_least_one_wound"]) <= 1


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert rulesengine_main(["legion-army", str(FIXTURE), "--defender-unit", "Rebel Troopers", "--cover", "heavy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Against Rebel Troopers (4 minis, 1 wound each), cover: heavy.")
    assert "Darth Vader Dark Lord of the Sith" in out and "range 1: no pool:" in out
    assert out.count("\nStormtroopers (") == 3


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        rulesengine_main(["legion-army", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--defender-unit" in out and "--cover" in out and "LIST.json" in out


CLI_BAD = [
    ("not a list", ["--defender-unit", "Rebel Troopers"], ["line 1, column 1: not JSON"]),
    (export([("Darth Vadr", []), ("Stormtroopers", ["Targetting Scopes"])]), ["--defender-unit", "Rebel Troopers"],
     ["units[0]: no released unit named 'Darth Vadr'", "units[1].upgrades[0]: no released upgrade named 'Targetting Scopes'"]),
    (export([("AT-ST", [])]), ["--defender-unit", "Rebel Trooper", "--cover", "thick"],
     ["--cover: one of none, light, heavy", "--defender-unit: the name of a released unit", ]),
    (export([("AT-ST", [])]), [], ["--defender-unit: the name of the unit the army attacks"]),
    (export([("Rebel Troopers", ["DLT-19 Stormtrooper"])], faction="rebels"), ["--defender-unit", "Stormtroopers"],
     ["units[0]: Rebel Troopers: --upgrade: an upgrade Rebel Troopers may take"]),
]


@pytest.mark.parametrize(("text", "argv", "lines"), CLI_BAD, ids=[str(i) for i in range(len(CLI_BAD))])
def test_bad_input_exits_2_with_one_line_per_problem(text: str, argv: list[str], lines: list[str], tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    assert rulesengine_main(["legion-army", str(path), *argv]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == len(lines)
    for got, wanted in zip(err, lines):
        assert got.startswith("rulesengine legion-army: ") and wanted in got and "Traceback" not in got


def test_a_missing_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert rulesengine_main(["legion-army", str(tmp_path / "none.json"), "--defender-unit", "Stormtroopers"]) == 2
    assert capsys.readouterr().err.strip().endswith("none.json: cannot read the list (No such file or directory)")


# ---- the page's entry point ----

def test_the_page_reads_then_computes_unit_by_unit_as_the_table_does() -> None:
    request = {"list": TEXT, "defender_unit": "Rebel Troopers", "cover": "light"}
    read = json.loads(army_page.army(json.dumps({**request, "step": "read"})))
    assert read["ok"] and [u["index"] for u in read["units"]] == list(range(10)) and read["problems"] == []
    whole = army_json(TEXT, "Rebel Troopers", "light")
    for unit, row in zip(read["units"], cast(Sequence[JSON], whole["units"])):
        answer = json.loads(army_page.army(json.dumps({**request, "step": "unit", "index": unit["index"]})))
        assert answer["ok"] and answer["row"] == json.loads(json.dumps(row))


def test_the_page_gets_each_problem_beside_its_field() -> None:
    answer = json.loads(army_page.army(json.dumps({"step": "read", "list": "{", "defender_unit": "Nobody", "cover": "x"})))
    assert not answer["ok"]
    assert [p["field"] for p in answer["problems"]] == ["cover", "defender_unit", "list"]
    assert "closest" in answer["problems"][1]["message"]
    unmatched = json.loads(army_page.army(json.dumps({"step": "read", "list": export([("Darth Vadr", []), ("AT-ST", [])]),
                                                      "defender_unit": "Stormtroopers"})))
    assert unmatched["ok"] and [u["name"] for u in unmatched["units"]] == ["AT-ST"]
    assert unmatched["problems"][0]["field"] == "list" and "Darth Vader Dark Lord of the Sith" in unmatched["problems"][0]["message"]
    assert json.loads(army_page.army("[]"))["ok"] is False

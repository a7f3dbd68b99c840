"""`--weapon NAME[=N]` (repeatable) and `--range R` on the command line and through the JSON
entry point (`api.run`, which the calculators and `legion-army` call): the same pools, the
result saying which pool it is, bad input one line on stderr naming the option, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulesengine.legion import api


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulesengine", "legion", *args], capture_output=True, text=True, check=False)


def test_the_cli_and_the_json_entry_point_agree() -> None:
    done = _cli("--attacker-unit", "Stormtroopers", "--upgrade", "Impact Grenades", "--weapon", "Impact Grenade=1",
                "--weapon", "E-11 Blaster Rifle", "--range", "1", "--defender-unit", "AT-ST", "--json")
    assert done.returncode == 0, done.stderr
    by_json = api.run({"attacker_unit": "Stormtroopers", "upgrade": ["Impact Grenades"], "range": "1",
                       "weapon": ["Impact Grenade=1", "E-11 Blaster Rifle"], "defender_unit": "AT-ST"})
    assert json.loads(done.stdout) == by_json
    assert by_json["pool"] == "the weapons named: Impact Grenade (Impact Grenades) × 1 mini, E-11 Blaster Rifle × 3 minis"
    # a form's one text box: items separated by ";"
    assert api.run({"attacker_unit": "Stormtroopers", "upgrade": "Impact Grenades", "range": "1",
                    "weapon": "Impact Grenade=1; E-11 Blaster Rifle", "defender_unit": "AT-ST"}) == by_json


def test_the_default_pool_says_its_range() -> None:
    table = _cli("--attacker-unit", "Stormtroopers", "--upgrade", "DLT-19 Stormtrooper", "--range", "4",
                 "--defender-unit", "Rebel Troopers")
    assert table.returncode == 0
    assert "Attack pool: the default pool at range 4: DLT-19 Blaster Rifle (DLT-19 Stormtrooper) × 1 mini" in table.stdout
    melee = api.run({"attacker_unit": "Stormtroopers", "range": "melee"})
    assert str(melee["pool"]).startswith("the default pool in melee: ")


def test_one_mini_is_one_mini() -> None:
    table = _cli("--attacker-unit", "AT-ST", "--defender-unit", "Darth Vader (Dark Lord of the Sith)")
    assert "(Darth Vader (Dark Lord of the Sith): 1 mini, 8 wounds each)" in table.stdout
    assert "1 minis" not in table.stdout
    assert "× 1 mini" in table.stdout


@pytest.mark.parametrize("args,option,allowed", [
    (("--attacker-unit", "Stormtroopers", "--range", "5"), "--range", "one of 1, 2, 3, 4, melee"),
    (("--range", "2"), "--range", "only with --attacker-unit"),
    (("--attacker-unit", "Stormtroopers", "--weapon", "E-11 Blaster Rifle=0"), "--weapon", "NAME or NAME=N"),
    (("--attacker-unit", "Stormtroopers", "--weapon", "E-11 Blaster Rifle=5"), "--weapon", "at most 4 minis"),
    (("--attacker-unit", "Stormtroopers", "--weapon", "Flamethrower"), "--weapon", "one of the weapons of Stormtroopers"),
    (("--attacker-unit", "Stormtroopers", "--weapon", "E-11 Blaster Rifle", "--range", "4"), "--weapon", "reaches at range 4"),
    (("--attacker-unit", "Stormtroopers", "--upgrade", "Impact Grenades", "--weapon", "Impact Grenade=4",
      "--weapon", "E-11 Blaster Rifle"), "--weapon", "a mini of Stormtroopers is left to add"),
    (("--attacker-unit", "Swoop Bike Riders", "--weapon", "Vibro-Ax", "--range", "1"), "--weapon", "reaches at range 1"),
])
def test_bad_input_is_one_line_naming_the_option(args: tuple[str, ...], option: str, allowed: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"rulesengine legion: {option}: ")
    assert allowed in done.stderr


def test_an_upgrade_weapon_by_its_own_name() -> None:
    """`--weapon Flamethrower` names the AT-RT Flamethrower's weapon (the issue: it was refused)."""
    done = _cli("--attacker-unit", "AT-RT [Rebel Alliance]", "--upgrade", "AT-RT Flamethrower", "--weapon", "Flamethrower",
                "--defender-unit", "Rebel Troopers", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["defender"]["expected_wounds"] == "10/3"


def test_the_calculators_entry_point_takes_range_and_weapons() -> None:
    """The contract `legion-army` builds on: the calculators' JSON entry point takes `range`
    ("1".."4", "melee") and `weapon` (a list of "NAME" or "NAME=N"), as the CLI does."""
    from rulesengine.calculators.api import calculate

    inputs = {"attacker_unit": "Stormtroopers", "upgrade": ["DLT-19 Stormtrooper"], "defender_unit": "Rebel Troopers"}
    for extra in ({"range": "4"}, {"range": "melee"}, {"weapon": ["DLT-19 Blaster Rifle=1", "E-11 Blaster Rifle=2"]}):
        answer = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": {**inputs, **extra}, "base": ""})))
        assert answer["ok"] is True, answer
        assert answer["result"]["defender"]["expected_wounds"] == api.run({**inputs, **extra})["defender"]["expected_wounds"]
    refused = json.loads(calculate(json.dumps({"calculator": "legion-attack", "inputs": {**inputs, "range": "5"}, "base": ""})))
    assert refused["ok"] is False and "one of 1, 2, 3, 4, melee" in json.dumps(refused)

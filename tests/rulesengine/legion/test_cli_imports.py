"""The `legion` command imports only what it uses: an attack given by its dice reads no card
data (neither `rulesengine.legion.units` nor `cards.json`), and nothing of the benchmarks'
Monte Carlo is ever imported. Checked in a fresh Python, whose modules are its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

# Modules no `legion` command imports: the engine's records are not dataclasses (importing
# `dataclasses` brings `inspect`, `ast`, `dis`, `tokenize`); the card data is read through
# pkgutil, not importlib.resources (which brings zipfile, tempfile, shutil, random, bz2,
# lzma); difflib only for a name not found.
NEVER = ("dataclasses", "inspect", "ast", "dis", "tokenize", "importlib.resources", "zipfile", "tempfile", "shutil",
         "random", "bz2", "lzma", "difflib")

# Runs the command in-process with stdout discarded, then prints the modules imported and
# whether the card data's file was opened.
PROBE = """
import contextlib, io, sys
opened = []
# Every file opened, however (open, a loader's get_data...): Python audits each one.
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
from rulesengine.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
modules = sorted(sys.modules)
import json  # after the modules are listed: the command itself imports it only for --json
print(json.dumps({"status": status, "modules": modules, "opened": opened}))
"""


def probe(args: list[str]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True,
                          env=env, cwd=REPO)
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def names(found: dict[str, object], key: str) -> list[str]:
    listed = found[key]
    assert isinstance(listed, list)
    return [str(item) for item in listed]


def card_modules(found: dict[str, object]) -> list[str]:
    return [m for m in names(found, "modules") if m == "rulesengine.legion.units" or m.startswith("rulesengine.legion.units.")]


def test_an_attack_by_its_dice_imports_no_card_data_and_no_monte_carlo() -> None:
    found = probe(["legion", "--red", "3", "--pierce", "1", "--cover", "light", "--defense", "white"])
    assert found["status"] == 0
    assert card_modules(found) == []
    assert not [f for f in names(found, "opened") if f.endswith("cards.json")]
    modules = names(found, "modules")
    assert not [m for m in modules if "monte_carlo" in m or m.startswith("scripts")]
    assert "random" not in modules  # nothing samples
    assert "rulesengine.swtcg" not in modules  # the other game stays out
    assert "shutil" not in modules  # argparse's help width without it (it loads bz2 and lzma)
    assert "json" not in modules  # only --json needs it
    assert [m for m in NEVER if m in modules] == []


def test_a_named_unit_reads_the_card_data() -> None:
    """The probe above can fail: with a unit named, the same process imports the card data."""
    found = probe(["legion", "--attacker-unit", "Stormtroopers", "--defender-unit", "Rebel Troopers"])
    assert found["status"] == 0
    assert "rulesengine.legion.units.cards" in card_modules(found)
    assert [f for f in names(found, "opened") if f.endswith("cards.json")]
    assert [m for m in NEVER if m in names(found, "modules")] == []


def test_a_name_not_found_loads_difflib_for_the_closest_names() -> None:
    """The probe sees a module the command does import: difflib, for a name not found."""
    found = probe(["legion", "--attacker-unit", "Stormtropers"])
    assert found["status"] == 2
    assert "difflib" in names(found, "modules")

"""scripts/calculators/stdlib.py: the worker's full start gets only the standard library's
files the engine uses, and the engine, as bytecode, and every calculator answers with them
as CPython's engine does."""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import brotli
import pytest

from rulesengine.calculators import api
from scripts.calculators import stdlib
from scripts.calculators.wheel import build_wheel
from scripts.site.shell.calculators_hook import API_MODULE, PYODIDE_PACKAGE

pytestmark = pytest.mark.skipif(not (PYODIDE_PACKAGE / "pyodide.asm.wasm").is_file(), reason="Pyodide not installed")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, stdlib.Stdlib]:
    folder = tmp_path_factory.mktemp("stdlib")
    wheel = build_wheel(folder / "wheel").path
    placed = stdlib.place_stdlib(folder / "assets", PYODIDE_PACKAGE, wheel, API_MODULE, cache=folder / "cache")
    assert placed is not None
    return wheel, placed


def test_the_archive_is_a_small_part_of_pyodides_with_its_copies(made: tuple[Path, stdlib.Stdlib]) -> None:
    _, placed = made
    with zipfile.ZipFile(PYODIDE_PACKAGE / stdlib.NAME) as whole:
        every = set(whole.namelist())
    # Each member is a module of Pyodide's archive as bytecode, in the source's place.
    assert all(name.endswith(".pyc") and name[:-1] in every for name in placed.files), placed.files
    assert len(placed.files) < len(every) // 2
    assert {"json/__init__.pyc", "fractions.pyc", "asyncio/__init__.pyc"} <= set(placed.files)  # the engine's, Pyodide's own
    # Not what only the command line's modules import (the entry point's imports are listed).
    assert "importlib/resources/__init__.pyc" not in placed.files, placed.files
    raw = placed.path.read_bytes()
    assert brotli.decompress(placed.path.with_name(stdlib.NAME + ".br").read_bytes()) == raw
    assert placed.path.with_name(stdlib.NAME + ".br").stat().st_size < 0.45 * (PYODIDE_PACKAGE / stdlib.NAME).stat().st_size


def test_the_engine_archive_holds_the_wheels_files_its_modules_as_bytecode(made: tuple[Path, stdlib.Stdlib]) -> None:
    wheel, placed = made
    engine = placed.path.with_name(stdlib.ENGINE)
    assert placed.engine_relative.endswith("/" + stdlib.ENGINE)
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(engine) as compiled:
        wanted = {name + "c" if name.endswith(".py") else name for name in source.namelist() if not name.endswith("/")}
        assert {name for name in compiled.namelist() if not name.endswith("/")} == wanted
        data = [name for name in source.namelist() if name.endswith(".json")]
        assert data and all(compiled.read(name) == source.read(name) for name in data)
        # Bytecode of Pyodide's Python (its magic number), not of the CPython that built the site.
        magics = {compiled.read(name)[:4] for name in wanted if name.endswith(".pyc")}
    with zipfile.ZipFile(placed.path) as archive:
        magics |= {archive.read(name)[:4] for name in placed.files}
    assert len(magics) == 1
    assert brotli.decompress(engine.with_name(stdlib.ENGINE + ".br").read_bytes()) == engine.read_bytes()


# Beyond each calculator's defaults (what stdlib.mjs runs to list the modules): units named on
# both sides, a unit name not found (its closest names), and the "Your army" page's steps.
ARMY = {"list": json.dumps({"author": "t", "listname": "t", "points": 800, "armyFaction": "empire", "commandCards": [],
                            "units": [{"name": "Stormtroopers", "upgrades": []}, {"name": "Darth Vadr", "upgrades": []}],
                            "battlefieldDeck": {}}),
        "defender_unit": "Rebel Troopers", "cover": "light"}
REQUESTS = [
    ("calculate", {"calculator": "legion-attack", "inputs": {"attacker_unit": "Stormtroopers", "defender_unit": "Rebel Troopers"}}),
    ("calculate", {"calculator": "legion-attack", "inputs": {"attacker_unit": "Stormtropers"}}),
    ("army", {**ARMY, "step": "read"}),
    ("army", {**ARMY, "step": "unit", "index": 0}),
]


def test_every_calculator_answers_with_it_as_cpython_does(made: tuple[Path, stdlib.Stdlib]) -> None:
    """In Pyodide with the trimmed archive, each calculator's answer at its defaults, a unit's
    and the army page's equal CPython's engine's (whole standard library); a module left out
    is found once the whole archive is put in its place, as the worker does."""
    wheel, placed = made
    engine = placed.path.with_name(stdlib.ENGINE)
    done = subprocess.run(["node", str(Path(__file__).with_name("run_trimmed.mjs")), str(PYODIDE_PACKAGE), str(placed.path), str(engine),
                           json.dumps(REQUESTS)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    names = [c["name"] for c in json.loads(api.describe())]
    assert sorted(found["answers"]) == sorted(names)
    for name in names:
        ours = json.loads(found["answers"][name])
        assert "internal error" not in str(ours.get("error", "")), (name, ours)
        assert ours == json.loads(api.calculate(json.dumps({"calculator": name, "inputs": {}}))), name
    for (entry, request), answer in zip(REQUESTS, found["requests"], strict=True):
        ours = json.loads(answer)
        assert "internal error" not in json.dumps(ours), (request, ours)
        assert ours == json.loads(getattr(api, entry)(json.dumps(request))), request
    assert "Stormtroopers" in json.loads(found["requests"][1])["error"]  # the closest name, by difflib
    # Compiled as `python -X no_debug_ranges` does: each instruction's line, no columns.
    for module, where in found["positions"].items():
        assert where and all(line is None or line > 0 for line, _ in where) and any(line for line, _ in where), (module, where)
        assert all(column is None for _, column in where), (module, where)
    assert "tomllib/__init__.pyc" not in placed.files
    # Nothing was compiled in the reader's Python: every module came from bytecode.
    assert found["compiledFromSource"] == [], found["compiledFromSource"]
    assert (found["missing"], found["after"]) == ("ModuleNotFoundError", "found")

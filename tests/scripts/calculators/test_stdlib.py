"""scripts/calculators/stdlib.py: the worker's full start gets only the standard library's
files the engine uses, and every calculator answers with them as CPython's engine does."""

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
        assert set(placed.files) < every
        assert all(whole.read(name) == zipfile.ZipFile(placed.path).read(name) for name in placed.files)
    assert len(placed.files) < len(every) // 2
    assert {"json/__init__.py", "fractions.py", "asyncio/__init__.py"} <= set(placed.files)  # the engine's, Pyodide's own
    raw = placed.path.read_bytes()
    assert brotli.decompress(placed.path.with_name(stdlib.NAME + ".br").read_bytes()) == raw
    assert placed.path.with_name(stdlib.NAME + ".br").stat().st_size < 0.4 * (PYODIDE_PACKAGE / stdlib.NAME).stat().st_size


def test_every_calculator_answers_with_it_as_cpython_does(made: tuple[Path, stdlib.Stdlib]) -> None:
    """In Pyodide with the trimmed archive, each calculator's answer at its defaults equals
    CPython's engine's (whole standard library); a module left out is found once the whole
    archive is put in its place, as the worker does."""
    wheel, placed = made
    done = subprocess.run(["node", str(Path(__file__).with_name("run_trimmed.mjs")), str(PYODIDE_PACKAGE), str(placed.path), str(wheel)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    names = [c["name"] for c in json.loads(api.describe())]
    assert sorted(found["answers"]) == sorted(names)
    for name in names:
        ours = json.loads(found["answers"][name])
        assert "internal error" not in str(ours.get("error", "")), (name, ours)
        assert ours == json.loads(api.calculate(json.dumps({"calculator": name, "inputs": {}}))), name
    assert "tomllib/__init__.py" not in placed.files
    assert (found["missing"], found["after"]) == ("ModuleNotFoundError", "found")

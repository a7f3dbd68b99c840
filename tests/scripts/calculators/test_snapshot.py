"""scripts/calculators/snapshot.py: the start-up snapshot is made once per Pyodide and
wheel (kept in a cache by what it was made from), placed under a versioned address, and a
snapshot that cannot be made warns and leaves the build going."""

from __future__ import annotations

import gzip
import json
import logging
import os
import struct
import subprocess
from pathlib import Path
from typing import Any

import brotli
import pytest

from scripts.calculators import snapshot as snap
from scripts.site.shell.calculators_hook import API_MODULE, PYODIDE_PACKAGE
from scripts.calculators.wheel import build_wheel

pytestmark = pytest.mark.skipif(not (PYODIDE_PACKAGE / "pyodide.asm.wasm").is_file(), reason="Pyodide not installed")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel")).path


@pytest.fixture(scope="module")
def made_in(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> tuple[Path, snap.Snapshot]:
    """A snapshot made once for this module (Node, then brotli over 31 MB: seconds), with
    the cache it was made in."""
    folder = tmp_path_factory.mktemp("snapshot")
    made = snap.place_snapshot(folder / "assets", PYODIDE_PACKAGE, wheel, API_MODULE, cache=folder / "cache")
    assert made is not None
    return folder, made


def test_the_snapshot_is_pyodides_memory_with_its_copies_under_a_versioned_address(made_in: tuple[Path, snap.Snapshot],
                                                                                   wheel: Path) -> None:
    tmp_path, made = made_in
    key = snap.snapshot_key(PYODIDE_PACKAGE, wheel, API_MODULE)
    assert made.relative == f"snapshots/{key}/{snap.NAME}"
    assert made.path == tmp_path / "assets" / made.relative
    raw = made.path.read_bytes()
    assert made.raw == len(raw)
    # The copies a host sends to a browser that accepts brotli, or only gzip; the gzip
    # copy is also what the worker unpacks itself from a host that does not negotiate.
    assert made.gzip_relative == made.relative + ".gzip"
    assert gzip.decompress((tmp_path / "assets" / made.gzip_relative).read_bytes()) == raw
    assert made.path.with_name(made.path.name + ".gz").read_bytes() == (tmp_path / "assets" / made.gzip_relative).read_bytes()
    assert brotli.decompress(made.path.with_name(made.path.name + ".br").read_bytes()) == raw
    assert made.path.with_name(made.path.name + ".br").stat().st_size < 0.25 * len(raw)
    # Pyodide's snapshot header: a magic number, then the offset of the memory.
    magic, offset = struct.unpack_from("<II", raw)
    assert magic != 0 and 0 < offset < len(raw)
    assert len(raw) - offset >= 16 * 1024 * 1024  # Python's whole heap, not a stub
    assert b"rulesengine" in raw  # the engine was imported before the snapshot


def test_a_second_build_takes_it_from_the_cache_without_node(tmp_path: Path, wheel: Path, monkeypatch: pytest.MonkeyPatch,
                                                            made_in: tuple[Path, snap.Snapshot]) -> None:
    cache = made_in[0] / "cache"
    first = made_in[1]

    def no_node(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("node ran again")

    monkeypatch.setattr(subprocess, "run", no_node)
    second = snap.place_snapshot(tmp_path / "two", PYODIDE_PACKAGE, wheel, API_MODULE, cache=cache)
    assert second is not None and second.raw is None
    for suffix in ("", ".br", ".gz"):
        assert second.path.with_name(snap.NAME + suffix).read_bytes() == first.path.with_name(snap.NAME + suffix).read_bytes()


def test_the_key_names_the_wheel_and_the_module(tmp_path: Path, wheel: Path) -> None:
    other = tmp_path / wheel.name
    other.write_bytes(wheel.read_bytes() + b"\0")
    key = snap.snapshot_key(PYODIDE_PACKAGE, wheel, API_MODULE)
    assert snap.snapshot_key(PYODIDE_PACKAGE, wheel, API_MODULE) == key
    assert snap.snapshot_key(PYODIDE_PACKAGE, other, API_MODULE) != key
    assert snap.snapshot_key(PYODIDE_PACKAGE, wheel, "rulesengine.legion.api") != key


def test_without_node_the_build_warns_and_goes_on(tmp_path: Path, wheel: Path, monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(snap.shutil, "which", lambda name: None)
    with caplog.at_level(logging.WARNING):
        assert snap.place_snapshot(tmp_path / "assets", PYODIDE_PACKAGE, wheel, API_MODULE, cache=tmp_path / "c") is None
    assert "node not found" in caplog.text
    assert not (tmp_path / "assets").exists()


def test_a_failing_maker_warns_with_its_last_line(tmp_path: Path, wheel: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        made = snap.place_snapshot(tmp_path / "assets", PYODIDE_PACKAGE, wheel, "no_such_module_here", cache=tmp_path / "c")
    assert made is None
    assert "no_such_module_here" in caplog.text
    assert not list((tmp_path / "c").glob("*"))  # nothing half-written kept


def test_the_cache_keeps_only_the_newest_snapshots(tmp_path: Path, wheel: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    key = snap.snapshot_key(PYODIDE_PACKAGE, wheel, API_MODULE)
    (cache / key).mkdir()  # the one just made
    (cache / "0123456789abcdef.gz").write_bytes(b"the single file kept before")
    for n in range(6):
        old = cache / f"{n:016x}"
        old.mkdir()
        (old / snap.NAME).write_bytes(b"old")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    snap._prune(cache, keep=cache / key)
    kept = sorted(p.name for p in cache.iterdir())
    assert len(kept) == snap.KEEP and key in kept
    assert kept == sorted([key] + [f"{n:016x}" for n in (3, 4, 5)])


@pytest.mark.parametrize("chunk", [65536, 4099, 1_000_003])
def test_the_worker_pours_the_snapshot_into_memory_as_it_arrives(made_in: tuple[Path, snap.Snapshot], chunk: int) -> None:
    """The worker's restore (assets/calculators/worker.mjs: no 31 MB array, zero pages left
    untouched) gives Python the very memory of the snapshot, whatever the pieces it arrives
    in, and the engine answers from it."""
    _, made = made_in
    assert pour(made, chunk, made.base) == {"same": True, "ok": True}


def pour(made: snap.Snapshot, chunk: int, base: dict[str, Any]) -> Any:
    done = subprocess.run(["node", str(Path(__file__).with_name("pour_snapshot.mjs")), str(PYODIDE_PACKAGE), str(made.path), str(chunk),
                           json.dumps(base)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_pages_pyodide_already_holds_are_left_out(made_in: tuple[Path, snap.Snapshot]) -> None:
    """The pages that hold only Pyodide's constant data (its WebAssembly module puts them
    in memory) are sent as zero pages. A worker whose memory does not hold them as the
    build's did refuses the snapshot (and starts Python in full) instead of restoring a
    wrong memory."""
    _, made = made_in
    raw = made.path.read_bytes()
    offset = struct.unpack_from("<II", raw)[1]
    pages = [page for first, end in made.base["pages"] for page in range(first, end)]
    assert len(pages) * 4096 >= 2 << 20
    assert all(raw[offset + page * 4096:offset + (page + 1) * 4096] == bytes(4096) for page in pages)
    assert pour(made, 65536, {**made.base, "fnv": made.base["fnv"] ^ 1}) == {"refused": "Python's memory does not start as the snapshot's did"}

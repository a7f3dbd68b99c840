"""The standard library the calculators' worker starts with: only the files the engine uses,
as bytecode, and the engine itself as bytecode.

Pyodide's `python_stdlib.zip` holds 614 files, 2.5 MB as sent. A worker that starts Python in
full (no start-up snapshot, or a slow connection: assets/calculators/worker.mjs) needs 153 of
them: those Pyodide's own start imports and those the browser's entry point imports and
runs. scripts/calculators/stdlib.mjs lists them (in Node,
with the files the site serves: the entry point imported, every calculator run once) and
compiles them there, in Pyodide, so that the worker's Python
imports them without compiling their source (its start took 2.5 s in Node from source, 1.0 s
from bytecode). They are packed here, sourceless (`json/__init__.pyc` where the source was
`json/__init__.py`; Python's zip importer takes bytecode alone), uncompressed inside the
archive so that the whole archive compresses as one: 3.2 MB raw, about 0.74 MB as brotli
(0.66 MB as source, which cost the reader 1.5 s more of compiling). Their docstrings are
left out, as `python -OO` does (1.18 MB with them), and so are the columns of each
instruction, as `python -X no_debug_ranges` does (1.00 MB with them: a traceback then names
the line without underlining the expression). It is placed at
`assets/stdlib/<key>/python_stdlib.zip` with `.br` and `.gz` copies beside it (a host that
negotiates sends those, README "Publish"), where `<key>` names what it was made from
(Pyodide, the wheel, the scripts), so a browser may keep it forever.

Beside it, `rulesengine.zip`: the wheel's files as they are unpacked into site-packages, each
module as its bytecode, without columns (the worker puts it on Python's path and imports
from it as it is, as from the standard library's archive; 0.28 MB
as brotli, as the wheel's source, and the engine's import 0.6 s -> 0.25 s in Node).

Should a calculation import a module the archive lacks, the engine answers "internal error"
and the worker fetches Pyodide's whole archive and asks again, as it does after a snapshot.
Listing and compiling take a few seconds in Node, so both archives are kept in `.cache/stdlib/`
by their key. Not made (no Node, an error): the build warns and the worker starts with
Pyodide's whole archive and the wheel.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LISTER = Path(__file__).with_name("stdlib.mjs")
NAME = "python_stdlib.zip"
ENGINE = "rulesengine.zip"
COPIES = (".br", ".gz")
CACHE = REPO / ".cache" / "stdlib"
KEEP = 4
# Zip cannot store times before 1980; any fixed time makes the archive reproducible.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
log = logging.getLogger("mkdocs.plugins.calculators")


@dataclass(frozen=True)
class Stdlib:
    path: Path
    relative: str  # under the site's assets/ folder
    files: tuple[str, ...]  # the archive's members
    engine_relative: str  # the engine's bytecode archive, under the site's assets/ folder


def stdlib_key(pyodide_dir: Path, wheel: Path, module: str) -> str:
    digest = hashlib.sha256()
    for part in (pyodide_dir / "package.json", pyodide_dir / NAME, wheel, LISTER, Path(__file__)):  # this file: how it packs
        digest.update(part.name.encode() + b"\0" + hashlib.sha256(part.read_bytes()).digest())
    digest.update(module.encode())
    return digest.hexdigest()[:16]


def place_stdlib(assets: Path, pyodide_dir: Path, wheel: Path, module: str, cache: Path = CACHE) -> Stdlib | None:
    """The trimmed archive with its copies under `assets/stdlib/<key>/`, made if the cache
    lacks it; None (after a warning) when it cannot be made."""
    key = stdlib_key(pyodide_dir, wheel, module)
    kept = cache / key / NAME
    if not all(kept.with_name(name + suffix).is_file() for name in (ENGINE, NAME) for suffix in ("", *COPIES)):
        made = _compile(pyodide_dir, wheel, module)
        if made is None:
            return None
        # The engine's first: the standard library's archive's presence means both are complete.
        for name, members in ((ENGINE, made[1]), (NAME, made[0])):
            _write(pack(members), kept.with_name(name))
        _prune(cache, keep=kept.parent)
    relative = f"stdlib/{key}/{NAME}"
    target = assets / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    for name in (NAME, ENGINE):
        for suffix in ("", *COPIES):
            copy = target.with_name(name + suffix)
            if not copy.exists():
                try:
                    os.link(kept.with_name(name + suffix), copy)
                except OSError:
                    shutil.copy2(kept.with_name(name + suffix), copy)
    with zipfile.ZipFile(target) as archive:
        files = tuple(name for name in archive.namelist() if not name.endswith("/"))
    return Stdlib(target, relative, files, f"stdlib/{key}/{ENGINE}")


def pack(members: dict[str, bytes]) -> bytes:
    """`members` stored uncompressed, in order of name, with an entry for each of their
    folders (Python's zip importer finds a package by its folder's entry), at a fixed time."""
    from io import BytesIO

    folders = {name[:i + 1] for name in members for i, c in enumerate(name) if c == "/"}
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name in sorted(folders | set(members)):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.external_attr = (0o40755 if name.endswith("/") else 0o644) << 16
            archive.writestr(info, b"" if name.endswith("/") else members[name], compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def _write(data: bytes, out: Path) -> None:
    import brotli

    out.parent.mkdir(parents=True, exist_ok=True)
    copies = {".br": brotli.compress(data, quality=11, lgwin=24), ".gz": gzip.compress(data, compresslevel=9, mtime=0)}
    for suffix, packed in copies.items():
        partial = out.with_name(f"{out.name}{suffix}.{os.getpid()}.partial")
        partial.write_bytes(packed)
        partial.replace(out.with_name(out.name + suffix))
    partial = out.with_name(f"{out.name}.{os.getpid()}.partial")
    partial.write_bytes(data)
    partial.replace(out)  # last: the archive's presence with its copies means complete


def _compile(pyodide_dir: Path, wheel: Path, module: str) -> tuple[dict[str, bytes], dict[str, bytes]] | None:
    """The standard library's files the engine uses and the engine's files, compiled in
    Pyodide (stdlib.mjs): {member name: bytes} each."""
    import tempfile

    node = shutil.which("node")
    if node is None:
        log.warning("calculators: no trimmed standard library (node not found); the worker will fetch the whole one")
        return None
    with tempfile.TemporaryDirectory(prefix="stdlib-") as out:
        try:
            done = subprocess.run([node, str(LISTER), str(pyodide_dir), str(wheel), module, out],
                                  capture_output=True, text=True, timeout=300, check=False)
            files = json.loads(done.stdout.strip().splitlines()[-1])["files"] if done.returncode == 0 else None
            made = [_members(Path(out) / name) for name in ("stdlib.zip", "engine.zip")] if files else None
        except (OSError, subprocess.TimeoutExpired, ValueError, KeyError, IndexError, zipfile.BadZipFile) as error:
            log.warning("calculators: no trimmed standard library (%s); the worker will fetch the whole one", error)
            return None
    if not made:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:300]
        log.warning("calculators: no trimmed standard library (node exited %s: %s); the worker will fetch the whole one",
                    done.returncode, last)
        return None
    return made[0], made[1]


def _members(archive: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(archive) as opened:
        return {name: opened.read(name) for name in opened.namelist() if not name.endswith("/")}


def _prune(cache: Path, keep: Path) -> None:
    made = sorted((p for p in cache.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in made[KEEP:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)

"""The standard library the calculators' worker starts with: only the files the engine uses.

Pyodide's `python_stdlib.zip` holds 614 files, 2.5 MB as sent. A worker that starts Python in
full (no start-up snapshot, or a slow connection: assets/calculators/worker.mjs) needs 161 of
them: those Pyodide's own start imports and those the engine imports. scripts/calculators/stdlib.mjs
lists them (in Node, with the files the site serves: every module of the engine imported,
every calculator run once), and they are packed here, uncompressed inside the archive so that
the whole archive compresses as one text: 3.5 MB raw, about 0.65 MB as brotli. It is placed at
`assets/stdlib/<key>/python_stdlib.zip` with `.br` and `.gz` copies beside it (a host that
negotiates sends those, README "Publish"), where `<key>` names what it was made from
(Pyodide, the wheel, the script), so a browser may keep it forever.

Should a calculation import a module the archive lacks, the engine answers "internal error"
and the worker fetches Pyodide's whole archive and asks again, as it does after a snapshot.
Listing takes a few seconds in Node, so the archive is kept in `.cache/stdlib/` by its key. Not
made (no Node, an error): the build warns and the worker starts with the whole archive.
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
    if not all(kept.with_name(NAME + suffix).is_file() for suffix in ("", *COPIES)):
        files = _list(pyodide_dir, wheel, module)
        if files is None:
            return None
        _pack(pyodide_dir / NAME, files, kept)
        _prune(cache, keep=kept.parent)
    relative = f"stdlib/{key}/{NAME}"
    target = assets / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", *COPIES):
        copy = target.with_name(NAME + suffix)
        if not copy.exists():
            try:
                os.link(kept.with_name(NAME + suffix), copy)
            except OSError:
                shutil.copy2(kept.with_name(NAME + suffix), copy)
    with zipfile.ZipFile(target) as archive:
        return Stdlib(target, relative, tuple(name for name in archive.namelist() if not name.endswith("/")))


def pack(source: Path, files: list[str]) -> bytes:
    """The members `files` of Pyodide's archive `source`, stored uncompressed, in order, with
    an entry for each of their folders (Python's zip importer finds a package by its folder's
    entry)."""
    from io import BytesIO

    folders = {name[:i + 1] for name in files for i, c in enumerate(name) if c == "/"}
    out = BytesIO()
    with zipfile.ZipFile(source) as whole, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as trimmed:
        for name in sorted(folders | set(files)):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.external_attr = (0o40755 if name.endswith("/") else 0o644) << 16
            trimmed.writestr(info, b"" if name.endswith("/") else whole.read(name), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def _pack(source: Path, files: list[str], out: Path) -> None:
    import brotli

    data = pack(source, files)
    out.parent.mkdir(parents=True, exist_ok=True)
    copies = {".br": brotli.compress(data, quality=11, lgwin=24), ".gz": gzip.compress(data, compresslevel=9, mtime=0)}
    for suffix, packed in copies.items():
        partial = out.with_name(f"{NAME}{suffix}.{os.getpid()}.partial")
        partial.write_bytes(packed)
        partial.replace(out.with_name(NAME + suffix))
    partial = out.with_name(f"{NAME}.{os.getpid()}.partial")
    partial.write_bytes(data)
    partial.replace(out)  # last: the archive's presence with its copies means complete


def _list(pyodide_dir: Path, wheel: Path, module: str) -> list[str] | None:
    node = shutil.which("node")
    if node is None:
        log.warning("calculators: no trimmed standard library (node not found); the worker will fetch the whole one")
        return None
    try:
        done = subprocess.run([node, str(LISTER), str(pyodide_dir), str(wheel), module],
                              capture_output=True, text=True, timeout=300, check=False)
        files = json.loads(done.stdout.strip().splitlines()[-1])["files"] if done.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, KeyError, IndexError) as error:
        log.warning("calculators: no trimmed standard library (%s); the worker will fetch the whole one", error)
        return None
    if not files:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:300]
        log.warning("calculators: no trimmed standard library (node exited %s: %s); the worker will fetch the whole one",
                    done.returncode, last)
        return None
    return [str(name) for name in files]


def _prune(cache: Path, keep: Path) -> None:
    made = sorted((p for p in cache.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in made[KEEP:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)

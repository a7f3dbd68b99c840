"""The calculators' start-up snapshot, made at build time (scripts/calculators/snapshot.mjs).

A reader's worker normally starts Pyodide (Python's own start-up) and then imports the
engine: about 2 s on these machines, the larger part of the wait before a first result.
Pyodide can instead restore its memory as it was after both; the snapshot is made here in
Node with the very files the site serves, gzip-compressed (31 MB raw, about 7 MB), and
placed at `assets/snapshots/<key>/engine.snapshot.gz`, where `<key>` names what it was
made from (Pyodide's version, the wheel's hash, the script that made it): a browser may
keep it forever, and a new engine or Pyodide gets a new address.

Making one takes about 3 s, so it is kept in `.cache/snapshots/` by that key: rebuilding
the site without touching the engine costs nothing. A snapshot that cannot be made (no
Node, an error in Pyodide) is not fatal: the build warns and the worker does the full
start instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAKER = Path(__file__).with_name("snapshot.mjs")
NAME = "engine.snapshot.gz"
CACHE = REPO / ".cache" / "snapshots"
KEEP = 4  # snapshots kept in the cache: each engine change while serving makes a new one
log = logging.getLogger("mkdocs.plugins.calculators")


@dataclass(frozen=True)
class Snapshot:
    path: Path
    relative: str  # under the site's assets/ folder
    raw: int | None  # bytes before compression, when made now (None from the cache)


def snapshot_key(pyodide_dir: Path, wheel: Path, module: str) -> str:
    """What the snapshot depends on, hashed: Pyodide's files, the engine's wheel, the
    module imported and the script that makes it."""
    digest = hashlib.sha256()
    for part in (pyodide_dir / "package.json", pyodide_dir / "pyodide.asm.wasm", wheel, MAKER):
        digest.update(part.name.encode() + b"\0")
        digest.update(_file_digest(part))
    digest.update(module.encode())
    return digest.hexdigest()[:16]


def _file_digest(path: Path) -> bytes:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()


def place_snapshot(assets: Path, pyodide_dir: Path, wheel: Path, module: str, cache: Path = CACHE) -> Snapshot | None:
    """Put the snapshot for this Pyodide and wheel under `assets/snapshots/`, making it
    if the cache lacks it. None (after a warning) when it cannot be made."""
    key = snapshot_key(pyodide_dir, wheel, module)
    relative = f"snapshots/{key}/{NAME}"
    target = assets / relative
    kept = cache / f"{key}.gz"
    raw = None
    if not kept.is_file():
        made = _make(pyodide_dir, wheel, module, kept)
        if made is None:
            return None
        raw = made
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        try:
            os.link(kept, target)
        except OSError:
            shutil.copy2(kept, target)
    return Snapshot(target, relative, raw)


def _prune(cache: Path, keep: Path) -> None:
    """Keep the newest KEEP snapshots in the cache (about 7 MB each), `keep` among them."""
    made = sorted(cache.glob("*.gz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in made[KEEP:]:
        if old != keep:
            old.unlink(missing_ok=True)


def _make(pyodide_dir: Path, wheel: Path, module: str, out: Path) -> int | None:
    node = shutil.which("node")
    if node is None:
        log.warning("calculators: no start-up snapshot (node not found); the worker will start Python in full")
        return None
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    try:
        done = subprocess.run(
            [node, str(MAKER), str(pyodide_dir), str(wheel), module, str(partial)],
            capture_output=True, text=True, timeout=300, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("calculators: no start-up snapshot (%s); the worker will start Python in full", error)
        return None
    if done.returncode != 0 or not partial.is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:300]
        log.warning("calculators: no start-up snapshot (node exited %s: %s); the worker will start Python in full",
                    done.returncode, last)
        partial.unlink(missing_ok=True)
        return None
    partial.replace(out)
    _prune(out.parent, keep=out)
    try:
        return int(json.loads(done.stdout.strip().splitlines()[-1])["raw"])
    except (ValueError, KeyError, IndexError):
        return None

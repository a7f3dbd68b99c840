"""The calculators' start-up snapshot, made at build time (scripts/calculators/snapshot.mjs).

A reader's worker normally starts Pyodide (Python's own start-up) and then imports the
engine: about 2 s on these machines, the larger part of the wait before a first result.
Pyodide can instead restore its memory as it was after both; the snapshot is made here in
Node with the very files the site serves (31 MB raw) and placed at
`assets/snapshots/<key>/` in three forms, where `<key>` names what it was made from
(Pyodide's version, the wheel's hash, the script that made it), so a browser may keep it
forever and a new engine or Pyodide gets a new address:

- `engine.snapshot`, the memory as it is but for the pages that hold only what Pyodide's
  WebAssembly put there (its constant data: zero pages here, left as they are by the worker,
  which checks them against `base`; snapshot.mjs), with `engine.snapshot.br` and
  `engine.snapshot.gz` beside it: a host that negotiates (sends the `.br` copy with
  `Content-Encoding: br` to a browser that accepts brotli, else the `.gz` copy with
  `Content-Encoding: gzip`) sends 5.2 or 6.6 MB instead of 31 (README, "Publish");
- `engine.snapshot.gzip`, the same bytes as the `.gz` copy under a name no host takes for
  a compressed copy of another file (WhiteNoise, for one, does not serve `X.gz` by its
  own name when `X` exists);
- the worker asks for `engine.snapshot` and uses it only when it came compressed
  (`Content-Encoding` set); from any other host it asks for `engine.snapshot.gzip` as a
  plain file and unpacks it itself (assets/calculators/worker.mjs).

Making one takes about 3 s, and its brotli copy about 10 s more, so all three are kept in
`.cache/snapshots/` by that key: rebuilding the site without touching the engine costs
nothing. A snapshot that cannot be made (no Node, an error in Pyodide) is not fatal: the
build warns and the worker does the full start instead.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
MAKER = Path(__file__).with_name("snapshot.mjs")
NAME = "engine.snapshot"
# The copies beside it, as a static host sends them (scripts/site/precompress.py makes the same
# pair for the site's other large files; the snapshot's are made here, once per key).
COPIES = (".br", ".gz")
PLAIN_GZIP = ".gzip"  # the gzip copy again, for hosts that send files as they are
BASE = ".base.json"  # in the cache only: the starting memory's extent and checksum (runtime.json carries them)
# Brotli's quality for 31 MB: 9 gives 5.0 MB in about 10 s (5.5 before snapshot.mjs zeroed
# free memory); 11 gave 4.7 MB before that but takes about two minutes, once per engine
# change (measured in session 7, README "Publish").
BROTLI_QUALITY = 9
# Brotli's largest window (16 MB; browsers read any): 4.97 -> 4.85 MB for 3 s more. Part of
# the cache key, so a cached snapshot is compressed again once with it.
BROTLI_WINDOW = 24
CACHE = REPO / ".cache" / "snapshots"
KEEP = 4  # snapshots kept in the cache: each engine change while serving makes a new one
log = logging.getLogger("mkdocs.plugins.calculators")


@dataclass(frozen=True)
class Snapshot:
    path: Path
    relative: str  # under the site's assets/ folder: the name a negotiating host answers
    gzip_relative: str  # the gzip copy, for a host that sends files as they are
    raw: int | None  # bytes before compression, when made now (None from the cache)
    base: dict[str, Any]  # the pages left out, as the WebAssembly module has them: {"pages", "fnv"} (snapshot.mjs)


def snapshot_key(pyodide_dir: Path, wheel: Path, module: str) -> str:
    """What the snapshot depends on, hashed: Pyodide's files, the engine's wheel, the
    module imported and the script that makes it."""
    digest = hashlib.sha256()
    for part in (pyodide_dir / "package.json", pyodide_dir / "pyodide.asm.wasm", wheel, MAKER):
        digest.update(part.name.encode() + b"\0")
        digest.update(_file_digest(part))
    digest.update(module.encode())
    digest.update(f"brotli {BROTLI_QUALITY} {BROTLI_WINDOW}".encode())
    return digest.hexdigest()[:16]


def _file_digest(path: Path) -> bytes:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()


def place_snapshot(assets: Path, pyodide_dir: Path, wheel: Path, module: str, cache: Path = CACHE) -> Snapshot | None:
    """Put the snapshot for this Pyodide and wheel, with its compressed copies, under
    `assets/snapshots/`, making them if the cache lacks them. None (after a warning)
    when it cannot be made."""
    key = snapshot_key(pyodide_dir, wheel, module)
    relative = f"snapshots/{key}/{NAME}"
    target = assets / relative
    kept = cache / key / NAME
    raw = None
    if not all(kept.with_name(NAME + suffix).is_file() for suffix in ("", *COPIES, BASE)):
        made = _make(pyodide_dir, wheel, module, kept)
        if made is None:
            return None
        raw = made
    base: dict[str, Any] = json.loads(kept.with_name(NAME + BASE).read_text(encoding="utf-8"))
    target.parent.mkdir(parents=True, exist_ok=True)
    for suffix, made_as in (("", ""), (".br", ".br"), (".gz", ".gz"), (PLAIN_GZIP, ".gz")):
        source, copy = kept.with_name(NAME + made_as), target.with_name(NAME + suffix)
        if copy.exists():
            continue
        try:
            os.link(source, copy)
        except OSError:
            shutil.copy2(source, copy)
    return Snapshot(target, relative, relative + PLAIN_GZIP, raw, base)


def compress(raw: bytes) -> dict[str, bytes]:
    """The snapshot's copies: brotli and gzip (mtime 0: the same snapshot gives the same bytes)."""
    import brotli

    packed: bytes = brotli.compress(raw, quality=BROTLI_QUALITY, lgwin=BROTLI_WINDOW)
    return {".br": packed, ".gz": gzip.compress(raw, compresslevel=9, mtime=0)}


def _prune(cache: Path, keep: Path) -> None:
    """Keep the newest KEEP snapshots in the cache (about 45 MB each, copies included),
    `keep` (a key's folder) among them."""
    made = sorted((p for p in cache.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in made[KEEP:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)
    for stale in cache.glob("*.gz"):  # the single gzip file kept before session 7
        stale.unlink(missing_ok=True)


def _make(pyodide_dir: Path, wheel: Path, module: str, out: Path) -> int | None:
    node = shutil.which("node")
    if node is None:
        log.warning("calculators: no start-up snapshot (node not found); the worker will start Python in full")
        return None
    out.parent.mkdir(parents=True, exist_ok=True)
    # Named per process: two builds at once (serve and publish, or tests) each make their own
    # and the last to finish replaces the other's identical files.
    partial = out.with_name(f"{out.name}.{os.getpid()}.partial")
    try:
        done = subprocess.run(
            [node, str(MAKER), str(pyodide_dir), str(wheel), module, str(partial)],
            capture_output=True, text=True, timeout=300, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        log.warning("calculators: no start-up snapshot (%s); the worker will start Python in full", error)
        partial.unlink(missing_ok=True)
        _remove_if_empty(out.parent)
        return None
    if done.returncode != 0 or not partial.is_file():
        last = (done.stderr.strip().splitlines() or ["no message"])[-1][:300]
        log.warning("calculators: no start-up snapshot (node exited %s: %s); the worker will start Python in full",
                    done.returncode, last)
        partial.unlink(missing_ok=True)
        _remove_if_empty(out.parent)
        return None
    try:
        report = json.loads(done.stdout.strip().splitlines()[-1])
        base = {"pages": [[int(first), int(end)] for first, end in report["base"]["pages"]], "fnv": int(report["base"]["fnv"])}
    except (ValueError, KeyError, IndexError, TypeError):
        log.warning("calculators: no start-up snapshot (the maker did not say what it is the difference from);"
                    " the worker will start Python in full")
        partial.unlink(missing_ok=True)
        return None
    out.with_name(NAME + BASE).write_text(json.dumps(base), encoding="utf-8")
    data = partial.read_bytes()
    for suffix, packed in compress(data).items():
        copy = partial.with_name(f"{NAME}{suffix}.{os.getpid()}.partial")
        copy.write_bytes(packed)
        copy.replace(out.with_name(NAME + suffix))
    partial.replace(out)  # last: the raw file's presence with its copies means complete
    _prune(out.parent.parent, keep=out.parent)
    return int(report.get("raw", len(data)))


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass

"""Precompressed copies of a built site's large files: `name.gz` and, with brotli, `name.br`
beside each text or WebAssembly file that is large enough and shrinks enough. A static host
(scripts/site/static_site.py for the tests and `mkdocs serve`; README, "Publish") sends a copy
as it is when the browser accepts its encoding, instead of compressing on every request.

Compressing Pyodide's 13 MB takes seconds; `cache` keeps each copy under the hash of what
it was made from, so a rebuild (every save under `mkdocs serve`) pays only for what changed.
With a cache (scripts/site/shell/publish.py, `mkdocs serve`), a file of 1 MB or more is compressed
harder, once: Pyodide's WebAssembly 3.10 -> 2.86 MB as brotli, for about a minute of the
first build on a new machine (quality 10 with brotli's largest window; 11 saved 0.1 MB more
for five minutes). Without one (the tests' many small sites), the quick settings.

The pages themselves (`.html`, `.xml`, `.json`: new at every build, and one per note) are
never cached and always quick: brotli quality 8 takes 2.7 ms for an 80 KiB page and is
within 1 % of quality 9 (10 ms), where 11 takes 61 ms (13 minutes for 11,000 pages).
The files are shared out over a pool of processes, one per core.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import brotli

# Formats that compress; images, fonts, archives and audio/video already are.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".map", ".py"})
SMALLEST = 1024  # bytes: below this a compressed copy saves too little to be worth a file
KEEP_BELOW = 0.95  # a copy is kept only when it is under this fraction of the original
# Part of each cached copy's name: a change to how copies are made starts a new cache.
RECIPE = "gzip9-br11-under-1MB-else-10w24"
LARGE = 1_000_000
PAGES = frozenset({".html", ".xml", ".json"})  # written anew by every build: quick, never cached
PAGE_QUALITY = 8
KEPT_JSON = "/assets/calculators/pair-answers/"
"""Except these: 322 files of build answers, each the same until the engine changes
(scripts/calculators/pair_answers.py): cached and compressed harder, as the other assets."""


@dataclass(frozen=True)
class Compressed:
    path: Path
    size: int
    gzip_size: int | None  # None: no copy kept
    brotli_size: int | None


def _gzip(data: bytes) -> bytes:
    # mtime=0: the same site gives the same bytes, so hosts and caches see no change.
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(data: bytes) -> bytes:
    # Quality 11 takes minutes on Pyodide's 13 MB wasm for 2 % more; 9 is seconds.
    packed: bytes = brotli.compress(data, quality=11 if len(data) < LARGE else 9)
    return packed


def _brotli_page(data: bytes) -> bytes:
    packed: bytes = brotli.compress(data, quality=PAGE_QUALITY)
    return packed


def _brotli_once(data: bytes) -> bytes:
    """For a cache: a large file harder (quality 10, a 16 MB window), kept until it changes."""
    packed: bytes = brotli.compress(data, quality=11) if len(data) < LARGE else brotli.compress(data, quality=10, lgwin=24)
    return packed


def precompress(folder: Path, cache: Path | None = None, workers: int | None = None) -> list[Compressed]:
    """Write the copies beside each compressible file of `folder` that is large enough and
    shrinks enough; copies made by an earlier run are written again (or taken from `cache`).
    `workers` processes share the files (one per core by default; 1: in this process)."""
    paths = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE)
    workers = min(workers or os.cpu_count() or 1, max(1, len(paths) // 64))
    if workers == 1:
        made = [compress_file(path, cache) for path in paths]
    else:
        # The largest files first, each on its own (Pyodide's WebAssembly alone takes about
        # 17 s of a first build's 35): begun last, it would leave the other processes idle
        # at the end. The rest in batches, as they come.
        size = {p: p.stat().st_size for p in paths}
        large = sorted((p for p in paths if size[p] >= LARGE), key=lambda p: -size[p])
        rest = [p for p in paths if size[p] < LARGE]
        with ProcessPoolExecutor(workers) as pool:
            first = [pool.submit(compress_file, path, cache) for path in large]
            done = dict(zip(rest, pool.map(compress_file, rest, [cache] * len(rest), chunksize=32)))
            done.update(zip(large, (future.result() for future in first)))
        made = [done[path] for path in paths]
    return [copy for copy in made if copy is not None]


def compress_file(path: Path, cache: Path | None) -> Compressed | None:
    """The copies of one file (None when it is too small to be worth them)."""
    data = path.read_bytes()
    if len(data) < SMALLEST:
        return None
    if path.suffix in PAGES and KEPT_JSON not in path.as_posix():
        cache, brotli_of = None, _brotli_page
    else:
        brotli_of = _brotli_once if cache else _brotli
    key = hashlib.sha256(data).hexdigest() if cache else ""
    return Compressed(path, len(data),
                      _keep(path, ".gz", _made(data, _gzip, cache, key, ".gz"), len(data)),
                      _keep(path, ".br", _made(data, brotli_of, cache, key, ".br"), len(data)))


def _made(data: bytes, compress: Callable[[bytes], bytes], cache: Path | None, key: str, suffix: str) -> bytes:
    if cache is None:
        return compress(data)
    kept = cache / f"{key}-{RECIPE}{suffix}"
    if kept.is_file():
        return kept.read_bytes()
    packed = compress(data)
    cache.mkdir(parents=True, exist_ok=True)
    partial = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    partial.write_bytes(packed)
    partial.replace(kept)  # whole or not at all, if two builds race
    return packed


def _keep(path: Path, suffix: str, packed: bytes, size: int) -> int | None:
    copy = path.with_name(path.name + suffix)
    if len(packed) >= size * KEEP_BELOW:
        copy.unlink(missing_ok=True)
        return None
    if not (copy.is_file() and copy.stat().st_size == len(packed) and copy.read_bytes() == packed):
        copy.write_bytes(packed)
    return len(packed)

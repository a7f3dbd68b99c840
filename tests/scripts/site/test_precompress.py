"""Precompressed copies (scripts/site/precompress.py): the copies decompress to the file,
small or incompressible files get none, and the process pool writes what one process does."""

from __future__ import annotations

import gzip
import random
import shutil
from pathlib import Path

import brotli
import pytest

from scripts.site.precompress import SMALLEST, precompress


def a_site(folder: Path, pages: int) -> Path:
    rng = random.Random(7)
    for number in range(pages):
        page = folder / f"note-{number:03d}" / "index.html"
        page.parent.mkdir(parents=True)
        words = " ".join(rng.choice(["roll", "dice", "hit", "block", "surge"]) for _ in range(400 + number))
        page.write_text(f"<html><body><h1>Note {number}</h1><p>{words}</p></body></html>", encoding="utf-8")
    (folder / "tiny.html").write_text("<p>small</p>", encoding="utf-8")
    (folder / "noise.js").write_bytes(rng.randbytes(4 * SMALLEST))  # does not shrink
    (folder / "app.js").write_text("const rule = 'hit';\n" * 400, encoding="utf-8")
    return folder


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_copies_decompress_to_the_file_and_small_or_noisy_files_get_none(tmp_path: Path) -> None:
    site = a_site(tmp_path / "site", 3)
    copies = {c.path.relative_to(site).as_posix(): c for c in precompress(site, workers=1)}
    assert set(copies) == {"app.js", "noise.js", "note-000/index.html", "note-001/index.html", "note-002/index.html"}
    assert copies["noise.js"].gzip_size is None and copies["noise.js"].brotli_size is None
    assert not (site / "noise.js.br").exists() and not (site / "tiny.html.gz").exists()
    for name in ("app.js", "note-001/index.html"):
        original = (site / name).read_bytes()
        assert brotli.decompress((site / f"{name}.br").read_bytes()) == original
        assert gzip.decompress((site / f"{name}.gz").read_bytes()) == original
        assert copies[name].brotli_size == len((site / f"{name}.br").read_bytes())


def test_the_pool_writes_what_one_process_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool takes the large files first, each on its own, and the rest in batches: the
    same copies, listed in the files' order."""
    monkeypatch.setattr("scripts.site.precompress.LARGE", 50_000)  # large, and still quick to compress
    serial = a_site(tmp_path / "serial", 150)
    (serial / "big.js").write_bytes(b"".join(b"roll(%d);\n" % n for n in range(8000)))
    (serial / "bigger.js").write_bytes(b"".join(b"reroll(%d);\n" % n for n in range(9000)))
    pooled = tmp_path / "pooled"
    shutil.copytree(serial, pooled)
    one = precompress(serial, workers=1)
    two = precompress(pooled, workers=2)
    assert files_of(serial) == files_of(pooled)
    assert [(c.path.relative_to(serial), c.size, c.gzip_size, c.brotli_size) for c in one] == \
        [(c.path.relative_to(pooled), c.size, c.gzip_size, c.brotli_size) for c in two]
    assert [c.path.name for c in two if c.size >= 50_000] == ["big.js", "bigger.js"]


def test_pages_are_never_cached_and_other_files_are(tmp_path: Path) -> None:
    site = a_site(tmp_path / "site", 2)
    precompress(site, cache=tmp_path / "cache", workers=1)
    # app.js's two copies; noise.js's are made (and cached) but not kept beside it.
    assert len(list((tmp_path / "cache").iterdir())) == 4
    assert (site / "note-001" / "index.html.br").is_file()

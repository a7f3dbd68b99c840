"""Build the site for publishing: `SITE_URL=https://example.org/rules/ bash scripts/publish.sh`.

The address comes from the environment, because canonical links, the sitemap and the
theme's instant navigation are written for it; a build for publishing without one is
refused rather than left pointing at 127.0.0.1. The build is strict (a worked example that
disagrees with the engine, or a warning, stops it). Then every large text or WebAssembly
file gets precompressed copies beside it (`.gz`, and `.br` with brotli), which a static
host can send as they are (README, "Publish").
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import brotli

ROOT = Path(__file__).resolve().parent.parent
# Formats that compress; images, fonts, archives and audio/video already are.
COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".map", ".py"})
SMALLEST = 1024  # bytes: below this a compressed copy saves too little to be worth a file
KEEP_BELOW = 0.95  # a copy is kept only when it is under this fraction of the original


class PublishError(Exception):
    """What stops a publishing build, in words for the person running it."""


def site_url_from(env: Mapping[str, str]) -> str:
    """The address the site will be served from, from SITE_URL, ending in `/`."""
    given = env.get("SITE_URL", "").strip()
    if not given:
        raise PublishError(
            "SITE_URL is not set: give the address the site will be served from, for example\n"
            "  SITE_URL=https://example.org/rules/ bash scripts/publish.sh\n"
            "(canonical links, the sitemap and instant navigation are written for it)"
        )
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise PublishError(f"SITE_URL must be an http:// or https:// address, got {given!r}")
    return given if given.endswith("/") else given + "/"


@dataclass(frozen=True)
class Compressed:
    path: Path
    size: int
    gzip_size: int | None  # None: no copy kept
    brotli_size: int | None


def precompress(folder: Path) -> list[Compressed]:
    """Write `name.gz` and `name.br` beside each compressible file of `folder` that is large
    enough and shrinks enough; copies made by an earlier run are written again."""
    done: list[Compressed] = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE):
        data = path.read_bytes()
        if len(data) < SMALLEST:
            continue
        # mtime=0: the same site gives the same bytes, so hosts and caches see no change.
        packed_gzip = gzip.compress(data, compresslevel=9, mtime=0)
        # Quality 11 takes minutes on Pyodide's 13 MB wasm for 2 % more; 9 is seconds.
        packed_brotli = brotli.compress(data, quality=11 if len(data) < 1_000_000 else 9)
        done.append(Compressed(path, len(data), _keep(path, ".gz", packed_gzip, len(data)),
                               _keep(path, ".br", packed_brotli, len(data))))
    return done


def _keep(path: Path, suffix: str, packed: bytes, size: int) -> int | None:
    copy = path.with_name(path.name + suffix)
    if len(packed) >= size * KEEP_BELOW:
        copy.unlink(missing_ok=True)
        return None
    copy.write_bytes(packed)
    return len(packed)


def build(config: Path, out: Path, site_url: str) -> None:
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    mkdocs_build(load_config(config_file=str(config), site_dir=str(out), site_url=site_url, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "mkdocs.yml")
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    try:
        site_url = site_url_from(os.environ)
    except PublishError as error:
        print(f"publish: {error}", file=sys.stderr)
        return 2
    build(args.config, args.out, site_url)
    copies = precompress(args.out)
    raw = sum(c.size for c in copies)
    sent = sum(min(c.size, c.brotli_size or c.size, c.gzip_size or c.size) for c in copies)
    print(f"publish: {args.out} is ready for {site_url}; {len(copies)} files precompressed, "
          f"{raw / 2**20:.1f} MiB -> {sent / 2**20:.1f} MiB as sent with brotli or gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())

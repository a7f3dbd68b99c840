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
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from scripts.precompress import precompress

ROOT = Path(__file__).resolve().parent.parent


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
    copies = precompress(args.out, cache=ROOT / ".cache" / "precompressed")
    raw = sum(c.size for c in copies)
    sent = sum(min(c.size, c.brotli_size or c.size, c.gzip_size or c.size) for c in copies)
    print(f"publish: {args.out} is ready for {site_url}; {len(copies)} files precompressed, "
          f"{raw / 2**20:.1f} MiB -> {sent / 2**20:.1f} MiB as sent with brotli or gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())

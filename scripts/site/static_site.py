"""The built site served as a static host serves it, for the browser tests and for the
assets of `mkdocs serve` (scripts/site/shell/calculators_hook.py): WhiteNoise sends a file's
precompressed copy (`name.br`, `name.gz`, written by scripts/site/shell/publish.py) when the browser
accepts that encoding, with `Vary: Accept-Encoding`; files whose names carry their version
are sent as immutable; a missing file gets the site's 404 page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from whitenoise import WhiteNoise

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

# Names that change whenever their content does: Pyodide under its version, the engine's
# wheel under its hash, and the theme's bundles with a hash in the file name.
VERSIONED = re.compile(r"/assets/(pyodide/[^/]+/|(wheels|snapshots|stdlib)/[0-9a-f]{8,}/)|\.[0-9a-f]{8}\.min\.(js|css)$")
# Everything else may change with the next build: the browser asks again each time (a 304
# when nothing changed).
REVALIDATE = 0
MEDIA_TYPES = {".whl": "application/zip"}


def versioned(path: str, url: str) -> bool:
    return bool(VERSIONED.search(url))


def not_found(root: Path) -> WSGIApp:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        page = root / "404.html"
        body = page.read_bytes() if page.is_file() else b"not found"
        start_response("404 Not Found", [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))])
        return [body]

    return app


def static_site(root: Path, prefix: str = "/", *, autorefresh: bool = False, fallback: WSGIApp | None = None) -> WSGIApp:
    """A WSGI application serving the files of `root` under the path `prefix`. With
    `autorefresh` the folder is read at each request (it is still being built or rebuilt);
    without, once. Requests for no file go to `fallback` (the site's 404 page if none)."""
    site: WSGIApp = WhiteNoise(
        fallback or not_found(root),
        root=str(root),
        prefix=prefix,
        autorefresh=autorefresh,
        max_age=REVALIDATE,
        index_file=True,
        immutable_file_test=versioned,
        mimetypes=MEDIA_TYPES,
        allow_all_origins=False,
    )
    if prefix == "/":
        return site
    home = prefix.rstrip("/")

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        # The site's address without its final slash, as a reader may type it.
        if environ.get("PATH_INFO") == home:
            start_response("301 Moved Permanently", [("Location", prefix), ("Content-Length", "0")])
            return [b""]
        return site(environ, start_response)

    return app

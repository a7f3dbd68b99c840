"""scripts/site/static_site.py, the server of the browser tests and of `mkdocs serve`'s assets:
the precompressed copy the browser accepts, the right media types, immutable caching only
for files whose names carry their version, the site's own 404 page, any path prefix."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any
from wsgiref.util import setup_testing_defaults

import brotli
import pytest

from scripts.site.precompress import precompress
from scripts.site.static_site import static_site


def get(app: Any, path: str, accept: str = "") -> tuple[str, dict[str, str], bytes]:
    environ: dict[str, Any] = {"PATH_INFO": path, "REQUEST_METHOD": "GET"}
    if accept:
        environ["HTTP_ACCEPT_ENCODING"] = accept
    setup_testing_defaults(environ)
    started: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        started["status"], started["headers"] = status, {k.lower(): v for k, v in headers}

    body = b"".join(app(environ, start_response))
    return started["status"], started["headers"], body


@pytest.fixture
def site(tmp_path: Path) -> Path:
    text = ("<p>" + "Each hit result is a wound. " * 300 + "</p>").encode()
    (tmp_path / "index.html").write_bytes(text)
    (tmp_path / "404.html").write_bytes(b"<h1>No such page</h1>")
    runtime = tmp_path / "assets" / "pyodide" / "0.99.1"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.asm.wasm").write_bytes(b"\0asm\x01\0\0\0" + bytes(range(32)) * 3000)
    wheels = tmp_path / "assets" / "wheels" / "0123456789abcdef"
    wheels.mkdir(parents=True)
    (wheels / "engine-1.0-py3-none-any.whl").write_bytes(b"PK\x03\x04" + b"\0" * 100)
    snapshots = tmp_path / "assets" / "snapshots" / "fedcba9876543210"
    snapshots.mkdir(parents=True)
    (snapshots / "engine.snapshot.gz").write_bytes(gzip.compress(b"\0" * 50_000))
    (tmp_path / "assets" / "site.js").write_bytes(b"console.log(1);" * 200)
    precompress(tmp_path)
    return tmp_path


def test_the_copy_the_browser_accepts_is_sent_and_decodes_to_the_file(site: Path) -> None:
    app = static_site(site)
    original = (site / "index.html").read_bytes()
    status, headers, body = get(app, "/", "gzip, deflate, br")
    assert status.startswith("200") and headers["content-encoding"] == "br"
    assert brotli.decompress(body) == original
    assert "accept-encoding" in headers["vary"].lower()
    status, headers, body = get(app, "/", "gzip")
    assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == original
    status, headers, body = get(app, "/")
    assert "content-encoding" not in headers and body == original


def test_media_types_a_browser_needs(site: Path) -> None:
    app = static_site(site)
    assert get(app, "/assets/pyodide/0.99.1/pyodide.asm.wasm", "br")[1]["content-type"] == "application/wasm"
    assert get(app, "/assets/site.js")[1]["content-type"].startswith("text/javascript")
    assert get(app, "/assets/wheels/0123456789abcdef/engine-1.0-py3-none-any.whl")[1]["content-type"] == "application/zip"


def test_only_versioned_names_are_cached_for_good(site: Path) -> None:
    app = static_site(site)
    for path in ("/assets/pyodide/0.99.1/pyodide.asm.wasm", "/assets/wheels/0123456789abcdef/engine-1.0-py3-none-any.whl",
                 "/assets/snapshots/fedcba9876543210/engine.snapshot.gz"):
        assert "immutable" in get(app, path)[1]["cache-control"]
    for path in ("/", "/assets/site.js"):
        control = get(app, path)[1].get("cache-control", "")
        assert "immutable" not in control and "max-age=0" in control


def test_the_snapshot_is_sent_as_it_is(site: Path) -> None:
    """It is gzip inside; the worker unpacks it. No second encoding, none taken off."""
    app = static_site(site)
    path = site / "assets" / "snapshots" / "fedcba9876543210" / "engine.snapshot.gz"
    status, headers, body = get(app, "/assets/snapshots/fedcba9876543210/engine.snapshot.gz", "gzip, deflate, br")
    assert status.startswith("200") and "content-encoding" not in headers
    assert body == path.read_bytes()


def test_under_a_prefix_and_a_missing_file_gets_the_site_404(site: Path) -> None:
    app = static_site(site, "/rules/")
    assert get(app, "/rules/")[0].startswith("200")
    status, headers, _ = get(app, "/rules")
    assert status.startswith("301") and headers["location"] == "/rules/"
    status, _, body = get(app, "/rules/no-such-page/")
    assert status.startswith("404") and b"No such page" in body
    assert get(app, "/")[0].startswith("404")  # outside the prefix

"""Publishing: the address comes from SITE_URL or the build is refused; large text and wasm
files get .gz and .br copies that decompress to the original, small or incompressible
files none."""

from __future__ import annotations

import gzip
import os
import random
import subprocess
from pathlib import Path

import brotli
import pytest

from scripts.site.precompress import precompress
from scripts.site.shell.publish import PublishError, site_url_from

ROOT = Path(__file__).resolve().parents[4]


@pytest.mark.parametrize(("given", "expected"), [
    ("https://example.org/rules/", "https://example.org/rules/"),
    ("https://example.org/rules", "https://example.org/rules/"),
    ("  http://10.0.0.5:9000/  ", "http://10.0.0.5:9000/"),
])
def test_the_address_comes_from_site_url(given: str, expected: str) -> None:
    assert site_url_from({"SITE_URL": given}) == expected


@pytest.mark.parametrize("env", [{}, {"SITE_URL": ""}, {"SITE_URL": "example.org/rules"}, {"SITE_URL": "ftp://x/"}])
def test_a_missing_or_unusable_address_is_refused_saying_how(env: dict[str, str]) -> None:
    with pytest.raises(PublishError, match="SITE_URL"):
        site_url_from(env)


def test_publish_sh_refuses_before_installing_anything_when_site_url_is_unset() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    run = subprocess.run(["bash", str(ROOT / "scripts" / "publish.sh")], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "SITE_URL is not set" in run.stderr and "SITE_URL=https://" in run.stderr


def test_compressed_copies_decompress_to_the_original(tmp_path: Path) -> None:
    page = ("<p>" + "The attacker rolls dice. " * 400 + "</p>").encode()
    wasm = b"\0asm" + bytes(range(16)) * 4000
    (tmp_path / "page.html").write_bytes(page)
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "engine.wasm").write_bytes(wasm)
    (tmp_path / "small.css").write_bytes(b"p{color:red}")
    (tmp_path / "icon.png").write_bytes(b"\x89PNG" + b"\0" * 5000)
    (tmp_path / "noise.js").write_bytes(os.urandom(4000))
    copies = {c.path.name: c for c in precompress(tmp_path)}
    for path, data in ((tmp_path / "page.html", page), (tmp_path / "assets" / "engine.wasm", wasm)):
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == data
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == data
        assert copies[path.name].brotli_size is not None and copies[path.name].brotli_size < len(data)
    assert not (tmp_path / "small.css.gz").exists()  # too small to be worth it
    assert not (tmp_path / "icon.png.gz").exists()  # images are compressed already
    assert not (tmp_path / "noise.js.gz").exists() and copies["noise.js"].gzip_size is None  # does not shrink


def test_precompressing_again_gives_the_same_bytes(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_bytes(b"<p>same words</p>" * 200)
    precompress(tmp_path)
    first = (tmp_path / "page.html.gz").read_bytes(), (tmp_path / "page.html.br").read_bytes()
    precompress(tmp_path)
    assert ((tmp_path / "page.html.gz").read_bytes(), (tmp_path / "page.html.br").read_bytes()) == first


def test_a_cached_copy_is_reused_and_a_changed_file_compressed_anew(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    page = site / "app.js"  # a page (.html) is never cached: new at every build
    page.write_bytes(b"roll('defender');\n" * 300)
    precompress(site, cache=cache)
    kept = sorted(p.name for p in cache.iterdir())
    assert len(kept) == 2 and all(name.endswith((".gz", ".br")) for name in kept)
    first = (site / "app.js.gz").read_bytes()
    # A cached copy is what the next build writes, untouched (here: made recognisable).
    gz = next(p for p in cache.iterdir() if p.name.endswith(".gz"))
    marked = gzip.compress(page.read_bytes(), compresslevel=1, mtime=0)
    gz.write_bytes(marked)
    precompress(site, cache=cache)
    assert (site / "app.js.gz").read_bytes() == marked != first
    page.write_bytes(b"roll('attacker');\n" * 300)
    precompress(site, cache=cache)
    assert gzip.decompress((site / "app.js.gz").read_bytes()) == page.read_bytes()
    assert len(list(cache.iterdir())) == 4


def test_with_a_cache_a_large_file_is_compressed_harder_once(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    # 1.2 MB that compresses as text does: words drawn from a vocabulary.
    draw = random.Random(7)
    vocabulary = ["".join(draw.choice("abcdefghij") for _ in range(draw.randint(2, 8))) for _ in range(3000)]
    data = " ".join(draw.choice(vocabulary) for _ in range(250_000)).encode()[:1_200_000]
    (site / "big.wasm").write_bytes(data)
    quick = {c.path.name: c for c in precompress(site)}["big.wasm"].brotli_size
    once = {c.path.name: c for c in precompress(site, cache=cache)}["big.wasm"].brotli_size
    assert quick is not None and once is not None and once <= quick
    assert brotli.decompress((site / "big.wasm.br").read_bytes()) == data


def test_only_the_published_notes_are_read_to_match_broken_links(tmp_path: Path) -> None:
    # A link no page carries cannot be excused by a note the site leaves out.
    from scripts.site.shell.publish import published_notes

    for path, text in {"Rule.md": "See [map](map.pdf).", "keywords/Aim.md": "Aim.", ".trash/Old.md": "[old](old.pdf)",
                       "Templates/Note.md": "[x](x.pdf)", "Mine/T.md": "[t](t.pdf)"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert sorted(published_notes(tmp_path)) == sorted(["See [map](map.pdf).", "Aim.", "[t](t.pdf)"])
    (tmp_path / ".obsidian").mkdir()
    (tmp_path / ".obsidian" / "templates.json").write_text('{"folder": "Mine"}', encoding="utf-8")
    assert sorted(published_notes(tmp_path)) == sorted(["See [map](map.pdf).", "Aim.", "[x](x.pdf)"])

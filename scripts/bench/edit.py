"""Edit-to-page latency under `mkdocs serve --dirty`, as scripts/serve.sh runs it.

`python scripts/bench/edit.py [--notes 1000]` serves a copy of the shipped vault (and a
generated vault when --notes is given), then saves a note with a new sentence and a new
link, and prints the seconds until the served page shows the sentence and the linked
page lists the edited note among its backlinks. The server listens on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rulesengine.urls import page_url  # noqa: E402
from scripts.bench.gen_vault import generate  # noqa: E402
from scripts.vault.generated import BACKLINKS_HEADING  # noqa: E402

FIRST_BUILD_LIMIT = 900.0  # seconds for `serve` to build the whole site once
EDIT_LIMIT = 120.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _page(base: str, note: str) -> str:
    try:
        with urllib.request.urlopen(base + page_url(note), timeout=5) as answer:
            return str(answer.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return ""


def _wait(condition: str, check: object, limit: float) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        if callable(check) and check():
            return time.perf_counter() - start
        time.sleep(0.05)
    raise SystemExit(f"gave up after {limit:.0f} s waiting for {condition}")


def edit_to_page(settings: Path, note: str, target: str, target_title: str) -> float:
    """Serve the project of `settings`; seconds from saving `note` (with a new sentence
    and a link to `target_title`) until both pages show the change."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}/"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "serve", "--dirty", "-f", str(settings),
               "--dev-addr", f"127.0.0.1:{port}"]
    server = subprocess.Popen(command, env=env, cwd=settings.parent,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait("the first build", lambda: bool(_page(base, note)), FIRST_BUILD_LIMIT)
        time.sleep(1.0)  # the watcher's first scan of the folder
        marker = f"Edited at {time.time_ns()}"
        docs = settings.parent / "docs"
        editor = Path(note).stem  # a page's title is its note's name, as in Obsidian
        with (docs / note).open("a", encoding="utf-8") as file:
            file.write(f"\n\n{marker}, see [[{target_title}]].\n")
        before = _backlinks(_page(base, target)).count(f">{editor}</a>")
        return _wait(
            "the edited page and its backlink",
            lambda: marker in _page(base, note) and _backlinks(_page(base, target)).count(f">{editor}</a>") > before,
            EDIT_LIMIT,
        )
    finally:
        server.terminate()
        server.wait(timeout=30)


def _backlinks(html: str) -> str:
    """The page's "Pages that link here" section, its last mention (the table of contents names it first)."""
    _, found, rest = html.rpartition(BACKLINKS_HEADING)
    return rest if found else ""


def shipped_copy(out: Path) -> Path:
    """The shipped vault and mkdocs.yml in `out`, its scripts named by absolute path."""
    shutil.copytree(ROOT / "docs", out / "docs")
    settings = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    settings = re.sub(r"^(\s+- )scripts/", rf"\g<1>{ROOT}/scripts/", settings, flags=re.MULTILINE)
    (out / "mkdocs.yml").write_text(settings, encoding="utf-8")
    return out / "mkdocs.yml"


def generated_latency(count: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp), count)
        docs = Path(tmp) / "vault" / "docs"
        note = min((docs / "alpha").glob("*.md"))
        text = note.read_text(encoding="utf-8")
        # A target the note does not mention yet, so its backlinks gain an entry.
        target = next(p for p in sorted((docs / "beta").glob("*.md")) if p.stem not in text)
        return edit_to_page(docs.parent / "mkdocs.yml", note.relative_to(docs).as_posix(),
                            target.relative_to(docs).as_posix(), target.stem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, nargs="*", default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        shipped = edit_to_page(shipped_copy(Path(tmp)), "legion/Attack.md", "legion/keywords/Guardian X.md", "Guardian X")
    print(f"shipped vault: {shipped:.2f} s from save to page", flush=True)
    for count in args.notes:
        print(f"{count} notes: {generated_latency(count):.2f} s from save to page", flush=True)


if __name__ == "__main__":
    main()

"""The tabletop-blocks fixture vault (tests/fixtures/vaults/tabletop-blocks: issue 45's
plugin blocks) compiled once, as the site's build compiles it, for the four plugins' tests."""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from scripts.vault import VaultConfig, compile_vault
from scripts.vault.compiler import CompiledVault

VAULT = Path(__file__).resolve().parents[4] / "tests" / "fixtures" / "vaults" / "tabletop-blocks"
MAP_SIZE = (600, 400)  # Maps/Coast.png, as its header says


@cache
def compiled() -> CompiledVault:
    notes = {str(path.relative_to(VAULT)): path.read_text(encoding="utf-8") for path in sorted(VAULT.rglob("*.md"))}
    return compile_vault(notes, VaultConfig(), assets=["Maps/Coast.png"], image_sizes={"Maps/Coast.png": MAP_SIZE})


def body(page: str) -> str:
    """The page's HTML between its title and the "Pages that link here" the site adds."""
    html = compiled().pages[page]
    return html[html.index("</h1>") : html.index('<h2 id="pages-that-link-here"')]


def problems(page: str) -> list[str]:
    return [f"{problem}|{problem.severity}" for problem in compiled().problems if problem.path == page]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def nothing_runs(html: str) -> bool:
    """No script element, no `on…` handler, no `javascript:` address."""
    for tag, attrs in tags(html):
        if tag == "script" or any(name.startswith("on") for name in attrs):
            return False
        if any((value or "").strip().lower().startswith("javascript:") for value in attrs.values()):
            return False
    return True

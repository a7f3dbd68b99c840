"""A tiny vault every syntax fixture is compiled in, as the page `Page.md`."""

from __future__ import annotations

from scripts.vault import CompiledVault, VaultConfig, compile_vault

NOTES: dict[str, str] = {
    "Attack.md": "# Declare Additional Defender\nEach weapon joins one pool.\n\n# Choose\nText.\n",
    "keywords/Guardian X.md": "Guardian text.\n",
    "Déjà vu (2nd ed.).md": "Again.\n",
    "swtcg/Glossary.md": "Glossary title\n\nEvade X: Prevent up to X damage.\n",
}
ASSETS = ("Pics/HitIcon.png", "Pics/CritIcon.png", "Pics/AttackSurgeIcon.png", "Pics/Screenshot.png",
          "Media/song.mp3", "Media/clip.mp4", "Media/rules.pdf")
# Pixel sizes as the hook reads them: the dice icons are 64 px squares.
SIZES = {"Pics/HitIcon.png": (64, 64), "Pics/CritIcon.png": (64, 64), "Pics/AttackSurgeIcon.png": (64, 64),
         "Pics/Screenshot.png": (1548, 890)}
CONFIG = VaultConfig(
    glossaries=("swtcg/Glossary.md",),
    image_alt={"HitIcon.png": "hit", "CritIcon.png": "critical"},
)


def compile_page(text: str, path: str = "Page.md") -> CompiledVault:
    return compile_vault({**NOTES, path: text}, CONFIG, assets=ASSETS, image_sizes=SIZES)


def page_body(text: str) -> str:
    """The HTML written for `text`, without its meta, the added title and the backlinks."""
    return html_body(compile_page(text).pages["Page.md"])


def html_body(written: str) -> str:
    """A compiled page's HTML without its front matter, the "Page" title the compiler adds
    and the backlinks section."""
    if written.startswith("---\n"):
        written = written.split("\n---\n", 1)[1]
    written = written.strip().removeprefix('<h1 id="page">Page</h1>\n')
    return written.split('<h2 id="pages-that-link-here">')[0].strip()

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
    """The Markdown written for `text`, without the added title and the backlinks."""
    written = compile_page(text).pages["Page.md"]
    body = written.removeprefix("# Page\n\n").split("## Pages that link here")[0]
    return body.strip()

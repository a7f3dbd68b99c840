"""A copy of the repository's mkdocs.yml for any vault folder, with `extra.vault` removed:
what a new user does to publish their own vault."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]
OBSIDIAN_VAULT = ROOT / "tests" / "fixtures" / "vaults" / "obsidian" / "docs"


def zero_config_copy(docs: Path, folder: Path) -> Path:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config.get("extra", {}).pop("vault", None)
    config["docs_dir"] = str(docs)
    config["hooks"] = [str(ROOT / hook) for hook in config.get("hooks", [])]
    config.pop("watch", None)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path

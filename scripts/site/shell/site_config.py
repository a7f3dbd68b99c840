"""The MkDocs configuration for a vault in any folder: `python -m scripts.site.shell.site_config VAULT`
prints the path of the config file to build or serve that vault with.

The shipped vault (docs/, or no folder given) uses the repository's mkdocs.yml as it is.
Any other folder gets a small config written under .cache/sites/ (never into the vault)
that INHERITs mkdocs.yml: the same theme, hooks and Markdown settings, with `docs_dir`
set to the vault, the site named after the vault's folder (as Obsidian names a vault), and without what `extra.vault` says about the shipped vault only (its
glossary notes, game folders and icon names, which would be warnings about notes a
foreign vault does not have). The vault's extensions (calculators) are kept.

MkDocs leaves out files and folders whose names start with a dot, so `.obsidian/` and
`.trash/` are never published, and the hook leaves out the templates folder too
(scripts/vault/left_out.py); the vault's own settings are read from `.obsidian/app.json`
by the hook (scripts/vault/obsidian_settings.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "docs"
BASE_CONFIG = ROOT / "mkdocs.yml"
CONFIGS = ROOT / ".cache" / "sites"
# extra.vault keys that name notes and files of the shipped vault.
SHIPPED_ONLY: dict[str, object] = {"glossaries": None, "games": None, "image_alt": None}  # null replaces (INHERIT merges mappings)


class VaultFolderError(Exception):
    """The folder given is not a vault folder; said in words for the person running it."""


def vault_folder(given: str | Path | None) -> Path:
    """The vault's folder, resolved; docs/ when none is given."""
    if given is None or str(given) == "":
        return SHIPPED
    folder = Path(given).expanduser().resolve()
    if not folder.is_dir():
        raise VaultFolderError(f"{given}: no such folder (give the folder Obsidian opens as the vault)")
    if folder == ROOT.resolve():
        raise VaultFolderError(f"{given} is this repository, not a vault: give its docs/ folder or another vault")
    return folder


def config_for(vault: Path, configs: Path = CONFIGS) -> Path:
    """The mkdocs config to use for the vault (written under `configs` unless it is docs/)."""
    if vault.resolve() == SHIPPED.resolve():
        return BASE_CONFIG
    digest = hashlib.sha256(str(vault).encode("utf-8")).hexdigest()[:10]
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", vault.name).strip("-") or "vault"
    folder = configs / f"{name}-{digest}"
    folder.mkdir(parents=True, exist_ok=True)
    base = _read_base()
    extra = base.get("extra")
    shipped = extra.get("vault") if isinstance(extra, dict) else None
    extra_vault: dict[str, object] = dict(shipped) if isinstance(shipped, dict) else {}
    extra_vault.update(SHIPPED_ONLY)
    hooks, watch = base.get("hooks"), base.get("watch")
    # JSON is YAML: every value below is written as a quoted string, whatever the path holds.
    lines = [
        f"INHERIT: {json.dumps(str(BASE_CONFIG))}",
        f"docs_dir: {json.dumps(str(vault))}",
        # The site is named as Obsidian names the vault: by its folder.
        f"site_name: {json.dumps(vault.name or 'Vault')}",
        'site_description: ""',
        f"site_dir: {json.dumps(str(folder / 'site'))}",
        # Paths in mkdocs.yml are relative to the repository; this file lives elsewhere.
        f"hooks: {json.dumps([str(ROOT / str(hook)) for hook in hooks] if isinstance(hooks, list) else [])}",
        f"watch: {json.dumps([str(ROOT / str(path)) for path in watch] if isinstance(watch, list) else [])}",
        f"extra: {json.dumps({'vault': extra_vault})}",
    ]
    path = folder / "mkdocs.yml"
    text = "# Written by scripts/site/shell/site_config.py for the vault in " + json.dumps(str(vault)) + "\n"
    text += "\n".join(lines) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        # Whole or not at all: two builds of one vault at once (serve and publish, parallel
        # tests) never read a half-written file.
        partial = path.with_name(f"mkdocs.yml.{os.getpid()}.part")
        partial.write_text(text, encoding="utf-8")
        partial.replace(path)
    return path


def _read_base() -> dict[str, object]:
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may hold MkDocs' own tags (!ENV, !!python/name:); only plain keys are read here.
    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    loaded = yaml.load(BASE_CONFIG.read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506 (a SafeLoader)
    return loaded if isinstance(loaded, dict) else {}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        print(config_for(vault_folder(args[0] if args else None)))
    except VaultFolderError as error:
        print(f"vault: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

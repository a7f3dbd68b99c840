"""mkdocs.yml `extra.vault` read by the hook: good settings pass through, bad ones are named."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from scripts.site.shell.hook import load_extensions, vault_config


def config_with(tmp_path: Path, extra: str) -> MkDocsConfig:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "mkdocs.yml").write_text(f"site_name: t\nmarkdown_extensions: [toc]\nextra:\n  vault:\n{extra}")
    return load_config(str(tmp_path / "mkdocs.yml"))


def test_settings_are_read(tmp_path: Path) -> None:
    config = config_with(tmp_path, "    glossaries: [a/G.md]\n    games: {a: Alpha}\n    image_alt: {Hit.png: hit}\n")
    settings = vault_config(config)
    assert settings.glossaries == ("a/G.md",)
    assert settings.games == {"a": "Alpha"} and settings.image_alt == {"Hit.png": "hit"}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("    glossaries: a/G.md\n", "extra.vault.glossaries must be a list of strings"),
        ("    games: [a]\n", "extra.vault.games must be a mapping"),
    ],
)
def test_bad_settings_are_named(tmp_path: Path, extra: str, message: str) -> None:
    with pytest.raises(PluginError, match=message):
        vault_config(config_with(tmp_path, extra))


def test_an_extension_that_cannot_be_loaded_is_named(tmp_path: Path) -> None:
    config = config_with(tmp_path, '    extensions: ["no.such.module:Factory"]\n')
    with pytest.raises(PluginError, match="vault extension 'no.such.module:Factory' cannot be loaded"):
        load_extensions(config)


def test_an_extension_that_asks_for_the_games_gets_them(tmp_path: Path) -> None:
    from scripts.calculators.units_extension import UnitsExtension

    spec = '    extensions: ["scripts.calculators.units_extension:UnitsExtension"]\n'
    config = config_with(tmp_path, f"    games: {{legion: Legion}}\n{spec}")
    (loaded,) = load_extensions(config)
    assert isinstance(loaded, UnitsExtension) and loaded.games == {"legion": "Legion"}
    (bare,) = load_extensions(config_with(tmp_path, spec))
    assert isinstance(bare, UnitsExtension) and bare.games == {}

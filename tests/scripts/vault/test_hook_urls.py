"""The hook puts every page at its slug URL and leaves other files where they are."""

from __future__ import annotations

import os

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from scripts.site.shell.hook import place_pages


def vault_file(path: str) -> File:
    return File(path, "/vault", "/site", use_directory_urls=True)


def test_pages_move_to_their_slugs_and_assets_stay() -> None:
    guardian, home, icon = vault_file("legion/keywords/Guardian X.md"), vault_file("index.md"), vault_file("Pics/Hit Icon.png")
    # MkDocs has read these before on_files runs; the cached values must follow the move.
    assert guardian.url == "legion/keywords/Guardian%20X/"
    assert guardian.abs_dest_path.endswith("Guardian X/index.html")
    place_pages(Files([guardian, home, icon]))
    assert guardian.dest_uri == "legion/keywords/guardian-x/index.html"
    assert guardian.url == "legion/keywords/guardian-x/"
    assert guardian.abs_dest_path == os.path.normpath("/site/legion/keywords/guardian-x/index.html")
    assert guardian.url_relative_to(home) == "legion/keywords/guardian-x/"
    assert (home.dest_uri, home.url) == ("index.html", "./")
    assert (icon.dest_uri, icon.url) == ("Pics/Hit Icon.png", "Pics/Hit%20Icon.png")


def test_two_pages_at_one_url_are_an_error_naming_both() -> None:
    with pytest.raises(PluginError, match=r"a b\.md and a_b\.md would both be written to a-b/index\.html"):
        place_pages(Files([vault_file("a b.md"), vault_file("a_b.md")]))

"""The one slug rule for page URLs (rulesengine.urls), shared by the site and the calculators."""

from __future__ import annotations

import pytest

from rulesengine.urls import base_for, page_file, page_url, slug


@pytest.mark.parametrize(
    "name,expected",
    [
        ("Guardian X", "guardian-x"),
        ("Attack", "attack"),
        ("Attack Resolution and Vehicle Damage", "attack-resolution-and-vehicle-damage"),
        ("How the calculators work", "how-the-calculators-work"),
        ("CW_DS_Droid_06n", "cw-ds-droid-06n"),  # underscores are separators like spaces
        ("critical-hit", "critical-hit"),  # a slug is its own slug
        ("  Step 1:  Roll!  ", "step-1-roll"),  # runs collapse, ends trimmed
        ("Rock & Roll / Rules (v2.1)", "rock-roll-rules-v2-1"),
        ("Déjà Vu", "deja-vu"),  # accents come off
        ("Ünïcödé Ñame", "unicode-name"),
        ("Straße", "straße"),  # a letter without an ASCII form stays, lower case
        ("Ｆｕｌｌｗｉｄｔｈ", "fullwidth"),  # compatibility forms fold
        ("ﬁrst", "first"),
        ("Ωmega", "ωmega"),
        ("한국어 규칙", "한국어-규칙"),  # Hangul comes back composed
        ("X²", "x2"),
        ("???", "???"),  # nothing to keep: the name stays as it is
        ("_", "_"),
    ],
)
def test_slug(name: str, expected: str) -> None:
    assert slug(name) == expected


@pytest.mark.parametrize(
    "src_path,url,html",
    [
        ("index.md", "", "index.html"),
        ("legion/index.md", "legion/", "legion/index.html"),
        ("legion/keywords/index.md", "legion/keywords/", "legion/keywords/index.html"),
        ("legion/Attack.md", "legion/attack/", "legion/attack/index.html"),
        ("legion/keywords/Guardian X.md", "legion/keywords/guardian-x/", "legion/keywords/guardian-x/index.html"),
        ("How the calculators work.md", "how-the-calculators-work/", "how-the-calculators-work/index.html"),
        ("swtcg/CW_DS_Droid_06n.md", "swtcg/cw-ds-droid-06n/", "swtcg/cw-ds-droid-06n/index.html"),
        ("swtcg/keywords/evade.md", "swtcg/keywords/evade/", "swtcg/keywords/evade/index.html"),
        # Folders follow the same rule as file names.
        ("My Game/Key Words/Déjà Vu.md", "my-game/key-words/deja-vu/", "my-game/key-words/deja-vu/index.html"),
        # Only index.md is its folder's page; "Index" is a page called index.
        ("legion/Index.md", "legion/index/", "legion/index/index.html"),
        # The href is quoted; the file on disk is not.
        ("Straße.md", "stra%C3%9Fe/", "straße/index.html"),
        ("???.md", "%3F%3F%3F/", "???/index.html"),
    ],
)
def test_page_url_and_file(src_path: str, url: str, html: str) -> None:
    assert page_url(src_path) == url
    assert page_file(src_path) == html


@pytest.mark.parametrize(
    "src_path,base",
    [
        ("index.md", ""),
        ("How the calculators work.md", "../"),
        ("legion/index.md", "../"),
        ("legion/Attack.md", "../../"),
        ("legion/keywords/Guardian X.md", "../../../"),
    ],
)
def test_base_leads_back_to_the_site_root(src_path: str, base: str) -> None:
    assert base_for(src_path) == base
    depth = len(page_file(src_path).split("/")) - 1
    assert base == "../" * depth

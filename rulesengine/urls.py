"""Where a vault page lives on the site: the one slug rule for page URLs.

The vault keeps Obsidian's file names ("legion/keywords/Guardian X.md"); readers get
clean addresses ("legion/keywords/guardian-x/"). The rule, applied to every folder name
and to the file name without `.md`:

1. Accents come off letters ("Déjà" -> "deja"); other scripts keep their letters.
2. Letters go lower case.
3. Every run of anything that is not a letter or digit (spaces, underscores, punctuation)
   becomes one hyphen, and hyphens at either end go.
4. A name with no letter or digit at all keeps its own characters, so it still has a URL.

`index.md` is its folder's page: "legion/index.md" -> "legion/". The MkDocs glue
(scripts/site/shell/hook.py) puts every page at this URL, and the calculators link to pages
through `page_url`, so the two can never disagree. Standard library only: this module
ships in the browser wheel.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from urllib.parse import quote

# Pages a build moved off a URL that another page has (scripts/vault/collisions.py):
# src path -> its own URL path. Set once per build, before any address is written; empty
# in the browser, where the calculators link to keyword pages by the rule alone.
_MOVED: dict[str, str] = {}


def move_pages(moved: Mapping[str, str]) -> None:
    """Give these pages these URL paths (replacing the last build's)."""
    _MOVED.clear()
    _MOVED.update(moved)


# A big vault asks for the same few thousand names' slugs hundreds of thousands of times
# (every link on every page); the rule is a pure function of the name.
@lru_cache(maxsize=1 << 16)
def slug(name: str) -> str:
    """One folder or file name as it appears in a URL: "CW_DS_Droid_06n" -> "cw-ds-droid-06n"."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char))
    # Put the letters back together: NFKD splits Hangul and the like into parts.
    bare = unicodedata.normalize("NFC", bare).lower()
    words = "".join(char if char.isalnum() else " " for char in bare).split()
    return "-".join(words) or name


def page_path(src_path: str) -> str:
    """The unquoted URL path of a vault page, relative to the site root: "" for the home
    page, else ending in "/": "legion/Attack.md" -> "legion/attack/"."""
    return _MOVED.get(src_path) or slug_path(src_path)


@lru_cache(maxsize=1 << 16)
def slug_path(src_path: str) -> str:
    """The URL path the slug rule gives a page, whether or not another page has it."""
    stem = src_path[:-3] if src_path.endswith(".md") else src_path
    *folders, name = stem.split("/")
    parts = [slug(folder) for folder in folders]
    if name != "index":
        parts.append(slug(name))
    return "".join(part + "/" for part in parts)


def page_url(src_path: str) -> str:
    """The site-relative address of a vault page, quoted for an href."""
    return quote(page_path(src_path))


def page_file(src_path: str) -> str:
    """The HTML file the site writes for a vault page: "legion/attack/index.html"."""
    return page_path(src_path) + "index.html"


def base_for(src_path: str) -> str:
    """The relative way from a page back to the site root, e.g. "../../" ."""
    return "../" * page_path(src_path).count("/")

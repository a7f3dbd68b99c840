"""Two pages whose names differ only in what the slug rule drops ("Guardian X.md" and
"Guardian_X.md", "Q&A.md" and "Q-A.md") would be written to the same URL and one would
silently replace the other. Obsidian keeps both, so the build does too: `separate` gives
every page but one of each such group a URL of its own (a number after its name), before
any address is written, and warns naming the pages, so the owner can rename one. A
collision only found later, between pages the site writes, is an error (`url_collisions`)."""

from __future__ import annotations

from collections.abc import Iterable

from rulesengine.urls import page_path, slug_path

from .problems import Problem


def url_collisions(paths: Iterable[str]) -> list[Problem]:
    """One error per page that shares its URL (rulesengine.urls.page_path) with another."""
    by_url: dict[str, list[str]] = {}
    for path in sorted(set(paths)):
        by_url.setdefault(page_path(path), []).append(path)
    problems: list[Problem] = []
    for url, same in sorted(by_url.items()):
        if len(same) < 2:
            continue
        for path in same:
            others = " and ".join(other for other in same if other != path)
            problems.append(Problem(path, 1, "error",
                                    f"the page URL /{url} is also the URL of {others}: rename one of them"))
    return problems


def separate(paths: Iterable[str]) -> tuple[dict[str, str], list[Problem]]:
    """For pages that share a URL under the slug rule: the URL path each page but one gets
    instead ("game/ATTACK_.md" -> "game/attack-2/"), and a warning for each page moved.

    The first in sorted order keeps the URL; the others follow it in that order, with -2,
    -3, ... after the last part of the URL, skipping any URL a page has."""
    by_url: dict[str, list[str]] = {}
    for path in sorted(set(paths)):
        by_url.setdefault(slug_path(path), []).append(path)
    taken = set(by_url)
    moved: dict[str, str] = {}
    problems: list[Problem] = []
    for url, same in sorted(by_url.items()):
        if len(same) < 2:
            continue
        keeper = same[0]
        base = url.rstrip("/") or "index"
        number = 1
        for path in same:
            if path == keeper:
                continue
            number += 1
            while f"{base}-{number}/" in taken:
                number += 1
            moved[path] = f"{base}-{number}/"
            taken.add(moved[path])
            problems.append(Problem(path, 1, "warning", f"the page URL /{url} is also the URL of {keeper}: this "
                                    f"note is published at /{moved[path]} (rename one of them to choose)"))
    return moved, problems

"""Two pages whose names differ only in what the slug rule drops ("Attack.md" and
"attack.md", "Guardian X.md" and "guardian_x.md") would be written to the same URL and one
would silently replace the other; each becomes a build error naming the other."""

from __future__ import annotations

from collections.abc import Iterable

from rulesengine.urls import page_path

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

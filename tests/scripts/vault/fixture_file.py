"""Read markdown-it style fixture files: title, `.`, input, `.`, expected, `.`."""

from __future__ import annotations

from pathlib import Path


def read_fixtures(path: Path) -> list[tuple[str, str, str]]:
    lines = path.read_text(encoding="utf-8").split("\n")
    cases: list[tuple[str, str, str]] = []
    index = 0
    while index < len(lines):
        if index + 1 < len(lines) and lines[index + 1] == "." and lines[index].strip():
            title = lines[index]
            parts: list[list[str]] = [[], []]
            cursor = index + 2
            for part in parts:
                while lines[cursor] != ".":
                    part.append(lines[cursor])
                    cursor += 1
                cursor += 1
            cases.append((title, "\n".join(parts[0]), "\n".join(parts[1])))
            index = cursor
        else:
            index += 1
    return cases

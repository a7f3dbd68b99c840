"""Splitting glossary notes into keyword definitions.

Two formats occur in the vault. The 002 format (The Cantina) is a title line and then one
paragraph per keyword, `Name X: definition`. The 004 format (a card note) puts the keyword
name alone on a line before each such paragraph. Both reduce to: a paragraph that opens
with a keyword head and a colon is a definition; a lone short line names the next one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesengine.urls import slug

from .problems import Problem
from .scan import scan_note

_BRACKETED = re.compile(r"\[[^\]]*\]")
_NUMBER_WORDS = {"X", "-X", "X/-X", "+X"}
_LONGEST_HEAD = 60


@dataclass(frozen=True)
class Definition:
    keyword: str  # canonical name, e.g. "Evade", "Critical Hit", "Pilot"
    head: str  # as written, e.g. "Evade X", "[sub-type] Pilot", "Reserves: [Ability]"
    text: str  # the whole paragraph
    path: str
    line: int  # 1-based


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int  # 1-based


def keyword_slug(keyword: str) -> str:
    """The page name of a keyword, by the site's slug rule: "Critical Hit" -> "critical-hit";
    "" if the keyword has no letter or digit."""
    return slug(keyword) if any(char.isalnum() for char in keyword) else ""


def canonical_keyword(head: str) -> str:
    """Drop what varies per card: "[sub-type] Pilot" -> "Pilot", "Hidden Cost X" -> "Hidden Cost"."""
    words = _BRACKETED.sub(" ", head).replace(":", " ").split()
    while words and words[-1] in _NUMBER_WORDS:
        words.pop()
    return " ".join(words)


def definition_head(paragraph: str) -> str | None:
    """The keyword head before the defining colon, or None if this is not a definition.

    A colon followed by a bracketed placeholder is part of the head:
    "Reserves: [Ability]: A layered ..." has the head "Reserves: [Ability]".
    """
    end = paragraph.find(":")
    while end != -1 and paragraph[end + 1 :].lstrip(" ").startswith("["):
        close = paragraph.find("]", end)
        end = -1 if close == -1 else paragraph.find(":", close)
    if end <= 0 or end > _LONGEST_HEAD or "\n" in paragraph[:end]:
        return None
    head = paragraph[:end].strip()
    return head if canonical_keyword(head) else None


def paragraphs(text: str, skip: frozenset[int] = frozenset()) -> list[Paragraph]:
    """Blank-line separated paragraphs; lines in `skip` (0-based: code, fences) end one."""
    found: list[Paragraph] = []
    current: list[str] = []
    first = 0
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip() and number - 1 not in skip:
            if not current:
                first = number
            current.append(line.rstrip())
        elif current:
            found.append(Paragraph("\n".join(current), first))
            current = []
    if current:
        found.append(Paragraph("\n".join(current), first))
    return found


def split_glossary(path: str, text: str) -> tuple[list[Definition], list[Problem]]:
    """Every keyword definition in a glossary note, in order."""
    definitions: list[Definition] = []
    problems: list[Problem] = []
    name_line: str | None = None
    # Fenced blocks (calculator examples, say) sit between definitions; they are not text.
    for index, paragraph in enumerate(paragraphs(text, scan_note(text).code_lines)):
        head = definition_head(paragraph.text)
        if index == 0 and "\n" not in paragraph.text:
            continue  # the note's title line: "Star Wars: Trading Card Game - ..." or a card name
        if head is not None:
            keyword = canonical_keyword(head)
            if name_line is not None and keyword_slug(name_line) != keyword_slug(keyword):
                problems.append(
                    Problem(path, paragraph.line, "info",
                            f"keyword line {name_line!r} names a definition of {keyword!r}")
                )
            definitions.append(Definition(keyword, head, paragraph.text, path, paragraph.line))
            name_line = None
        elif "\n" not in paragraph.text and len(paragraph.text) <= _LONGEST_HEAD:
            # A 004 keyword name line.
            name_line = paragraph.text.strip()
        else:
            problems.append(
                Problem(path, paragraph.line, "info", "paragraph is not a keyword definition")
            )
    return definitions, problems

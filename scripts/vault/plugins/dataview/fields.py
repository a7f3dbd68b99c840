"""Inline fields (`key:: value`, `[key:: value]`, `(key:: value)`), tasks and list items read
from a note's text, outside code, as Dataview reads them."""

from __future__ import annotations

import re
from datetime import datetime

from .values import Value, link_from

_LINE_FIELD = re.compile(r"^\s*(?:[-*+]\s+(?:\[.\]\s+)?|>\s*)*(?P<key>[^\[\]()`:\s][^:`]*?)::\s*(?P<value>.*)$")
_BRACKETED = re.compile(r"[\[(](?P<key>[^\[\]():`]+?)::\s*(?P<value>[^\])]*)[\])]")
_ITEM = re.compile(r"^(?P<indent>\s*)(?:>\s*)*(?:[-*+]|\d+[.)])\s+(?:\[(?P<status>.)\]\s+)?(?P<text>.*)$")
_FENCE = re.compile(r"^\s*(?:>\s*)*(```|~~~)")
_INLINE_CODE = re.compile(r"`[^`]*`")


def inline_value(text: str) -> Value:
    """A field's written value: number, boolean, date, link, links separated by commas, or text."""
    text = text.strip()
    if re.fullmatch(r"-?\d+(?:\.\d+)?", text):
        return float(text) if "." in text else int(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:T[\d:.]+)?", text):
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            return text
    links = re.fullmatch(r"\[\[[^\]]+\]\](?:\s*,\s*\[\[[^\]]+\]\])*", text)
    if links:
        found: list[Value] = [link_from(inner) for inner in re.findall(r"\[\[([^\]]+)\]\]", text)]
        return found[0] if len(found) == 1 else found
    return text


def _strip_markup(key: str) -> str:
    return key.strip().strip("*_").strip()


def code_free_lines(text: str) -> list[tuple[int, str]]:
    """The note's lines outside fenced code, inline code blanked (a field in code is no field)."""
    lines, fenced = [], ""
    for number, line in enumerate(text.split("\n")):
        opening = _FENCE.match(line) if ("`" in line or "~" in line) else None
        if opening:
            fenced = "" if fenced and opening.group(1) == fenced else (fenced or opening.group(1))
            continue
        if not fenced:
            lines.append((number, _INLINE_CODE.sub(lambda m: " " * len(m.group()), line) if "`" in line else line))
    return lines


def line_fields(line: str) -> list[tuple[str, Value]]:
    if "::" not in line:  # most lines: no field to look for
        return []
    found = [(_strip_markup(m.group("key")), inline_value(m.group("value"))) for m in _BRACKETED.finditer(line)]
    if not found:
        whole = _LINE_FIELD.match(line)
        if whole and whole.group("key").strip():
            found.append((_strip_markup(whole.group("key")), inline_value(whole.group("value"))))
    return found


Lines = list[tuple[int, str]]


def inline_fields(text: str, lines: Lines | None = None) -> list[tuple[str, Value, int]]:
    """`lines`: the text's `code_free_lines`, when the caller has them already."""
    return [(key, value, number) for number, line in (code_free_lines(text) if lines is None else lines)
            for key, value in line_fields(line)]


def list_items(text: str, lines: Lines | None = None) -> list[dict[str, Value]]:
    """Every list item, tasks with their status (Dataview's `file.lists`; `file.tasks` are those
    with a checkbox). `lines`: the text's `code_free_lines`, when the caller has them already."""
    items: list[dict[str, Value]] = []
    for number, line in code_free_lines(text) if lines is None else lines:
        found = _ITEM.match(line)
        if found is None:
            continue
        status = found.group("status")
        item: dict[str, Value] = {"text": found.group("text").strip(), "line": number, "task": status is not None,
                                  "status": status or "", "completed": status in ("x", "X"),
                                  "fullyCompleted": status in ("x", "X"), "checked": status not in (None, " ")}
        for key, value in line_fields(found.group("text")):
            item[key] = value
        items.append(item)
    return items

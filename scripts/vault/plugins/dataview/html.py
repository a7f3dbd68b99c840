"""Results drawn as Dataview draws them: a list, a table with its headers (the first names
the count), grouped sections, tasks as read-only checkboxes (a calendar: month_grid.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime, timedelta
from html import escape

from ..context import Out
from .text import date_text, duration_text, plain
from .values import Link


def value_html(value: object, out: Out) -> str:
    if value is None:
        return '<span class="dataview-null">-</span>'
    if isinstance(value, Link):
        return out.link(value.path + value.subpath, value.display or (value.name if not value.subpath else None),
                        "embed" if value.embed else "link")
    if isinstance(value, str):
        if _PLAIN.fullmatch(value) and "www." not in value.lower():
            return escape(value, quote=False).strip()  # words no Markdown rule reads (a folder, a name)
        return out.markdown(value, True)  # a string is Markdown: its links are links
    if isinstance(value, datetime):
        return f'<span class="dataview-date">{escape(date_text(value))}</span>'
    if isinstance(value, timedelta):
        return escape(duration_text(value))
    if isinstance(value, list):
        if not value:
            return ""
        return '<ul class="dataview-list">' + "".join(f"<li>{value_html(item, out)}</li>" for item in value) + "</ul>"
    if isinstance(value, Mapping):
        return '<ul class="dataview-object">' + "".join(
            f"<li><strong>{escape(str(key))}</strong>: {value_html(item, out)}</li>" for key, item in value.items()
            if not str(key).startswith("__")) + "</ul>"
    return escape(plain(value))


_PLAIN = re.compile(r"[A-Za-z0-9 ,.'/-]*")


def list_html(items: list[tuple[object, object, list[object] | None]], out: Out) -> str:
    lines = []
    for ident, value, children in items:
        parts = [value_html(ident, out)] if ident is not None else []
        if value is not None or ident is None:
            parts.append(value_html(value, out))
        inner = ": ".join(part for part in parts if part)
        if children is not None:
            inner += '<ul class="dataview-list">' + "".join(
                f"<li>{value_html(child, out)}</li>" for child in children) + "</ul>"
        lines.append(f"<li>{inner}</li>")
    return '<ul class="dataview list-view-ul">' + "".join(lines) + "</ul>"


def table_html(headers: list[str], rows: list[list[object]], out: Out) -> str:
    head = "".join(f'<th scope="col">{escape(header)}</th>' for header in headers)
    body = "".join("<tr>" + "".join(f"<td>{value_html(cell, out)}</td>" for cell in row) + "</tr>" for row in rows)
    # The table itself has no class, so the theme draws it as every table of the vault's
    # Markdown (borders, padding, header row); the wrapper names it as Dataview's.
    return (f'<div class="dataview dataview-table-wrap"><table>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def tasks_html(groups: list[tuple[Link, list[Mapping[str, object]]]], out: Out) -> str:
    parts = []
    for link, tasks in groups:
        items = "".join(
            f'<li class="task-list-item"><input class="task-list-item-checkbox" disabled="" type="checkbox"'
            f'{" checked" if task.get("checked") else ""} aria-label="{escape(str(task.get("text", "")))}"> '
            f'{out.markdown(str(task.get("text", "")), True)}</li>' for task in tasks)
        parts.append(f'<p class="dataview-group">{value_html(link, out)}</p>'
                     f'<ul class="contains-task-list dataview">{items}</ul>')
    return '<div class="dataview task-view">' + "".join(parts) + "</div>"


def error_html(message: str) -> str:
    return f'<div class="dataview dataview-error" role="note">Dataview: {escape(message)}</div>'


def empty_html(kind: str) -> str:
    return f'<div class="dataview dataview-empty" role="note">Dataview: No results to show for {kind} query.</div>'


def not_run_html(what: str) -> str:
    return (f'<span class="dataview dataview-js" role="note">{escape(what)}: JavaScript queries do not run '
            "on this site.</span>")

"""A CALENDAR query drawn as Dataview draws it: a month grid per month that has notes, a
dot on each day for each note of that day. Without script and at a phone's width, the grid
is a table (a row per week, Sunday first as Dataview's English calendar); each dot is a link
named by its note (for screen readers; drawn as a dot), and under the grid the month's days
with notes are listed by name, so the notes can be read and chosen on a small screen."""

from __future__ import annotations

import calendar
from datetime import datetime
from html import escape

from ..context import Out
from .values import Link

_WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


def months_of(items: list[tuple[object, object, list[object] | None]]) -> dict[tuple[int, int], dict[int, list[Link]]]:
    """(year, month) -> day -> the notes of that day, from the query's (date, note) rows."""
    months: dict[tuple[int, int], dict[int, list[Link]]] = {}
    for when, note, _children in items:
        if isinstance(when, datetime) and isinstance(note, Link):
            months.setdefault((when.year, when.month), {}).setdefault(when.day, []).append(note)
    return dict(sorted(months.items()))


def calendar_html(items: list[tuple[object, object, list[object] | None]], out: Out) -> str:
    parts = [_month_html(year, month, days, out) for (year, month), days in months_of(items).items()]
    return '<div class="dataview dataview-calendar">' + "".join(parts) + "</div>"


def _month_html(year: int, month: int, days: dict[int, list[Link]], out: Out) -> str:
    name = f"{calendar.month_name[month]} {year}"
    head = "".join(f'<th scope="col"><abbr title="{day}">{day[:2]}</abbr></th>' for day in _WEEKDAYS)
    weeks = calendar.Calendar(firstweekday=calendar.SUNDAY).monthdayscalendar(year, month)
    rows = "".join("<tr>" + "".join(_day_html(day, days.get(day, []), out) for day in week) + "</tr>"
                   for week in weeks)
    listed = "".join(
        f"<li>{escape(_WEEKDAYS[(datetime(year, month, day).weekday() + 1) % 7])} {day}: "
        + ", ".join(_link(note, out) for note in notes) + "</li>" for day, notes in sorted(days.items()))
    return (f'<div class="dataview-month"><table class="dataview-month-grid"><caption>{escape(name)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
            f'<ul class="dataview-month-notes" aria-label="{escape(name)}">{listed}</ul></div>')


def _day_html(day: int, notes: list[Link], out: Out) -> str:
    if day == 0:
        return '<td class="dataview-day-none"></td>'
    if not notes:
        return f'<td><span class="dataview-day-number">{day}</span></td>'
    dots = "".join(_link(note, out) for note in notes)
    return (f'<td class="dataview-day-notes"><span class="dataview-day-number">{day}</span>'
            f'<span class="dataview-dots">{dots}</span></td>')


def _link(note: Link, out: Out) -> str:
    return out.link(note.path + note.subpath, note.display or note.name)

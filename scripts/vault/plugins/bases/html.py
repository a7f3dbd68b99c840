"""A base's views in HTML that needs no script: a table (grouped rows in their own bodies,
summaries in its foot), cards (a cover image where the view names one), or a list. Several
views are tabs: a radio button and its label per view, the checked one's panel shown by
CSS (scripts/theme/assets/vault.css, "Bases"), so arrow keys switch views and a screen
reader hears a group of choices. Every word from the vault is escaped; links are written
by the page (`Out.link`), so they resolve as every other link."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ...escaping import escape_html
from ..context import Out
from .query import Row, RowGroup, ViewResult
from .values import (DateValue, Duration, FileValue, Html, Icon, Image, Link, Value, date_text, duration_text,
                     number_text, to_text)


def value_html(value: Value, out: Out, label: str = "") -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        checked = " checked" if value else ""
        return f'<input type="checkbox" disabled{checked} aria-label="{escape_html(label or "checked")}">'
    if isinstance(value, (int, float)):
        return escape_html(number_text(value))
    if isinstance(value, list):
        return ", ".join(shown for shown in (value_html(item, out, label) for item in value) if shown)
    if isinstance(value, DateValue):
        return escape_html(date_text(value))
    if isinstance(value, Duration):
        return escape_html(duration_text(value))
    if isinstance(value, Link):
        if value.target.startswith(("http://", "https://")):
            text = to_text(value.display) if value.display is not None else value.target  # type: ignore[arg-type]
            return f'<a href="{escape_html(value.target)}">{escape_html(text)}</a>'
        display = to_text(value.display) if value.display is not None else None  # type: ignore[arg-type]
        return out.link(value.target, display)
    if isinstance(value, FileValue):
        return out.link(value.path.removesuffix(".md"), value.path.rsplit("/", 1)[-1].removesuffix(".md"))
    if isinstance(value, Image):
        return _image(value, out)
    if isinstance(value, Icon):
        return f'<span class="vault-base-icon">{escape_html(value.name)}</span>'
    if isinstance(value, Html):
        return out.markdown(value.text, True)
    return escape_html(to_text(value))


def _image(value: Image, out: Out) -> str:
    source = value.source
    if isinstance(source, Link) and not source.target.startswith(("http://", "https://")):
        return out.link(source.target, None, "embed")
    if isinstance(source, FileValue):
        return out.link(source.path, None, "embed")
    text = to_text(source).strip()  # type: ignore[arg-type]
    if text.startswith(("http://", "https://")):
        # A picture on another site is a link to it: no request leaves the site's origin.
        return f'<a href="{escape_html(text)}">{escape_html(text)}</a>'
    if not text or text.startswith("#"):  # a hex colour as a cover is not drawn
        return ""
    return out.link(text, None, "embed")  # a path in the vault, written without brackets


def _cell(result: ViewResult, row: Row, column: int, out: Out) -> str:
    if result.columns[column] == "file.name":  # the note's name is its link, as in Obsidian
        return out.link(row.path.removesuffix(".md"), row.path.rsplit("/", 1)[-1].removesuffix(".md"))
    return value_html(row.cells[column], out, result.headers[column])


def _group_label(group: RowGroup, out: Out) -> str:
    return value_html(group.label, out) or "<em>No value</em>"


def _summary_html(value: Value, out: Out) -> str:
    """A summary as read at a glance: a number to two decimals at most (its exact value in
    the tooltip), anything else as a cell shows it."""
    if isinstance(value, float) and not isinstance(value, bool) and round(value, 2) != value:
        return f'<span title="{escape_html(number_text(value))}">{escape_html(number_text(round(value, 2)))}</span>'
    return value_html(value, out)


def _summary_row(result: ViewResult, group: RowGroup, out: Out) -> str:
    if not any(summary is not None for summary in group.summaries) and not dict(result.view.summaries):
        return ""
    names = dict(result.view.summaries)
    cells = []
    for column, summary in zip(result.columns, group.summaries):
        name = names.get(column)
        shown = f'<span class="vault-base-summary-name">{escape_html(name)}</span> {_summary_html(summary, out)}' \
            if name else ""
        cells.append(f"<td>{shown}</td>")
    return f'<tr class="vault-base-summary">{"".join(cells)}</tr>'


def _table(result: ViewResult, out: Out) -> str:
    head = "".join(f'<th scope="col">{escape_html(header)}</th>' for header in result.headers)
    count = sum(len(group.rows) for group in result.groups)
    parts = [f'<table><caption>{escape_html(result.view.name)} ({count} {"result" if count == 1 else "results"})'
             f"</caption><thead><tr>{head}</tr></thead>"]
    for group in result.groups:
        body = []
        if result.grouped:
            body.append(f'<tr class="vault-base-group"><th colspan="{len(result.columns)}" scope="rowgroup">'
                        f"{_group_label(group, out)} <span class=\"vault-base-count\">{len(group.rows)}</span></th></tr>")
        for row in group.rows:
            body.append("<tr>" + "".join(f"<td>{_cell(result, row, n, out)}</td>" for n in range(len(result.columns)))
                        + "</tr>")
        summary = _summary_row(result, group, out)
        if result.grouped:
            body.append(summary)
        parts.append(f"<tbody>{''.join(body)}</tbody>")
        if not result.grouped and summary:
            # A body of its own, not <tfoot>: the page's sanitiser keeps a note's table parts only.
            parts.append(f'<tbody class="vault-base-summaries">{summary}</tbody>')
    parts.append("</table>")
    return "".join(parts)


def _properties(result: ViewResult, row: Row, out: Out, skip: str = "file.name") -> list[tuple[str, str]]:
    shown = []
    for n, column in enumerate(result.columns):
        if column != skip and column != result.view.image:
            html = _cell(result, row, n, out)
            if html:
                shown.append((result.headers[n], html))
    return shown


def _cards(result: ViewResult, group: RowGroup, out: Out) -> str:
    cards = []
    for row in group.rows:
        cover = value_html(row.image if isinstance(row.image, Image) else Image(row.image), out) \
            if row.image is not None else ""
        title = out.link(row.path.removesuffix(".md"), row.path.rsplit("/", 1)[-1].removesuffix(".md"))
        facts = "".join(f"<dt>{escape_html(name)}</dt><dd>{html}</dd>" for name, html in _properties(result, row, out))
        cards.append(f'<li class="vault-base-card">'
                     + (f'<div class="vault-base-cover">{cover}</div>' if cover else "")
                     + f'<p class="vault-base-card-title">{title}</p>'
                     + (f"<dl>{facts}</dl>" if facts else "") + "</li>")
    return f'<ul class="vault-base-cards">{"".join(cards)}</ul>'


def _list(result: ViewResult, group: RowGroup, out: Out) -> str:
    items = []
    for row in group.rows:
        first = out.link(row.path.removesuffix(".md"), row.path.rsplit("/", 1)[-1].removesuffix(".md"))
        rest = " · ".join(html for _name, html in _properties(result, row, out))
        items.append(f"<li>{first}" + (f' <span class="vault-base-props">{rest}</span>' if rest else "") + "</li>")
    return f'<ul class="vault-base-list">{"".join(items)}</ul>'


def view_html(result: ViewResult, out: Out) -> str:
    if not any(group.rows for group in result.groups):
        return '<p class="vault-base-empty">No results.</p>'
    if result.view.kind == "table":
        return _table(result, out)
    draw = _cards if result.view.kind == "cards" else _list
    if not result.grouped:
        return draw(result, result.groups[0], out)
    return "".join(f'<p class="vault-base-group">{_group_label(group, out)} '
                   f'<span class="vault-base-count">{len(group.rows)}</span></p>{draw(result, group, out)}'
                   for group in result.groups)


def base_html(results: Sequence[ViewResult], problems: Sequence[str], key: str, out: Out) -> str:
    """The whole base: its problems in a line each, then its views (tabs when several)."""
    notes = "".join(f'<p class="vault-base-problem">Bases: {escape_html(problem)}</p>' for problem in problems)
    if not results:
        return f'<div class="vault-base">{notes}</div>'
    if len(results) == 1:
        only = results[0]
        return f'<div class="vault-base">{notes}<section class="vault-base-view vault-base-{only.view.kind}" ' \
               f'aria-label="{escape_html(only.view.name)}">{view_html(only, out)}</section></div>'
    group = "base-" + hashlib.sha1(key.encode()).hexdigest()[:10]
    tabs = []
    for n, result in enumerate(results):
        tab, checked = f"{group}-{n + 1}", " checked" if n == 0 else ""
        tabs.append(f'<input type="radio" class="vault-base-tab" name="{group}" id="{tab}"{checked}>'
                    f'<label for="{tab}">{escape_html(result.view.name)}</label>'
                    f'<section class="vault-base-view vault-base-{result.view.kind}" aria-label="'
                    f'{escape_html(result.view.name)}">{view_html(result, out)}</section>')
    return f'<div class="vault-base">{notes}<div class="vault-base-tabs" role="group" aria-label="Views">' \
           f'{"".join(tabs)}</div></div>'

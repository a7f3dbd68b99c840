"""Meta Bind's room: each field shows its bound property's current value, read-only.

An input field shows the value as Obsidian's properties show it (a toggle as a disabled
checkbox, a slider or progress bar as a meter and its number, a select as its option's
label, a list as a list, an image suggester as the image); a view field computes `{a} + {b}`
arithmetic exactly, or shows a `text`, `link` or `image` view; a view it cannot compute
(mathjs functions and units) shows its text under a one-line note. Buttons and JavaScript
views run nothing here: a button is drawn disabled with its label; a hidden one is nothing.
A value that lives only in Obsidian's memory (`memory^`, `globalMemory^`) shows as a dash.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ...escaping import escape_html
from ..context import Here, Out, Written, WrittenLink
from ..statblock.yaml_block import StatBlockError, load_block, text
from .syntax import Field, Target, claims, read_field, read_target
from .values import EMPTY, MISSING, arithmetic, lookup, number_text, plain, references, shown, substituted

_BLOCKS = ("meta-bind", "meta-bind-button", "meta-bind-js-view", "meta-bind-embed")
_LISTS = {"multiSelect", "multi_select", "list", "listSuggester", "inlineList", "inlineListSuggester"}
_IMAGES = {"imageSuggester", "imageListSuggester"}
_METERS = {"slider", "progressBar"}
_KNOWN = {"toggle", "text", "textArea", "text_area", "number", "date", "time", "dateTime", "datePicker", "date_picker",
          "select", "inlineSelect", "suggester", "editor", *_LISTS, *_IMAGES, *_METERS}
_LINKISH = re.compile(r"^\s*(?:\[\[.*\]\]|\[.*\]\(.*\))\s*$")


@dataclass(frozen=True)
class Shown:
    """A field worked out: what to draw (`kind`) and with what."""

    kind: str  # "input", "math", "text", "markdown", "link", "image", "hidden", "note", "message", "button", "nothing"
    field: Field | None
    value: object = MISSING
    values: Mapping[str, object] | None = None  # a view's references -> values
    label: str = ""
    block: bool = False
    problem: str = ""


class MetaBind:
    markdown_inside = False
    names_headings = False
    name = "Meta Bind"

    def claims_fence(self, language: str) -> bool:
        return language in _BLOCKS

    def claims_code(self, code: str) -> bool:
        return claims(code)

    def parse(self, written: Written) -> Shown:
        language = written.info.split(maxsplit=1)[0] if written.kind == "fence" else ""
        if language == "meta-bind-button":
            return _button_block(written.source)
        if language == "meta-bind-js-view":
            return Shown("message", None, label="A JavaScript view of Meta Bind: not run on this site.", block=True)
        if language == "meta-bind-embed":
            return Shown("markdown", None, written.source.strip(), block=True)
        field = read_field(written.source)
        if field is None:
            problem = "Meta Bind field not read: not a field Meta Bind documents"
            return Shown("note", None, label=written.source.strip(), block=bool(language), problem=problem)
        return Shown("field", field, block=bool(language))

    def evaluate(self, parsed: object, here: Here) -> Shown:
        assert isinstance(parsed, Shown)
        field = parsed.field
        if field is None or parsed.kind != "field":
            return parsed
        if field.kind == "BUTTON":
            labels = [label for label in (_button_label(here, name) for name in field.buttons) if label is not None]
            return Shown("button", field, labels, block=parsed.block) if labels else Shown("nothing", field)
        if field.kind == "INPUT":
            value = _value(field.target, here) if field.target else MISSING
            known = field.type in _KNOWN
            problem = "" if known else f"Meta Bind input type {field.type!r} not known: shown as its text"
            return Shown("input" if known else "note", field, value, label=field.written if not known else "",
                         block=parsed.block, problem=problem)
        values = {ref: _value(_reference(ref), here) for ref in references(field.expression)}
        if field.argument("hidden") is not None or field.type == "text" and "hidden" in _flags(field):
            return Shown("hidden", field)
        return Shown(_view_kind(field), field, values=values, block=parsed.block)

    def render(self, evaluated: object, out: Out) -> str:
        assert isinstance(evaluated, Shown)
        if evaluated.problem:
            out.problem(0, "info", evaluated.problem)
        html = _html(evaluated, out)
        if evaluated.block:
            return f'<div class="metabind-block">{html}</div>' if html else ""
        return html

    def written_links(self, written: Written) -> Iterator[WrittenLink]:
        return iter(())

    def result_links(self, evaluated: object) -> Iterator[str]:
        return iter(())


def _flags(field: Field) -> set[str]:
    return {argument.name for argument in field.arguments} | {v for a in field.arguments for v in a.values}


def _view_kind(field: Field) -> str:
    if field.type == "text":
        return "markdown" if "renderMarkdown" in _flags(field) else "text"
    if field.type in ("link", "image"):
        return field.type
    return "math"


def _reference(ref: str) -> Target | None:
    return read_target(ref)


def _value(target: Target | None, here: Here) -> object:
    if target is None or target.storage != "frontmatter":
        return MISSING
    front_matter: Mapping[str, object] = here.page.front_matter
    if target.note:
        resolution = here.resolve(target.note)
        record = here.vault.get(resolution.path or "") if resolution.kind == "page" else None
        if record is None:
            return MISSING
        front_matter = record.front_matter
    return lookup(front_matter, target.path)


def _button_block(source: str) -> Shown:
    try:
        data = load_block(source)
    except StatBlockError as error:
        return Shown("nothing", None, problem=f"Meta Bind button not read: {error}")
    if data.get("hidden") is True:
        return Shown("nothing", None)
    return Shown("button", None, [text(data.get("label")) or "Button"], block=True)


def _button_label(here: Here, name: str) -> str | None:
    """The label of the ```meta-bind-button block with this `id` in the note."""
    for token in here.page.tokens:
        if token.type == "fence" and token.info.strip().split(" ")[0] == "meta-bind-button":
            try:
                data = load_block(token.content)
            except StatBlockError:
                continue
            if text(data.get("id")) == name:
                return text(data.get("label")) or "Button"
    return None


def _html(shown_: Shown, out: Out) -> str:
    field = shown_.field
    if shown_.kind in ("nothing", "hidden"):
        return ""
    if shown_.kind == "button":
        labels = shown_.value if isinstance(shown_.value, list) else []
        return "".join(f'<button type="button" class="metabind-button" disabled>{escape_html(label)}</button>'
                       for label in labels)
    if shown_.kind == "message":
        return f'<span class="metabind-note">{escape_html(shown_.label)}</span>'
    if shown_.kind == "note" or field is None:
        if shown_.kind == "markdown":  # meta-bind-embed: the note it names, linked
            return out.markdown(str(shown_.value), True) if _LINKISH.match(str(shown_.value)) else ""
        return (f'<span class="metabind-note" title="Shown as written: this site does not compute it">'
                f"<code>{escape_html(shown_.label)}</code></span>")
    if shown_.kind == "input":
        return _input(field, shown_.value, out, shown_.block)
    values = shown_.values or {}
    if shown_.kind in ("text", "markdown"):
        written = substituted(field.expression, lambda ref: values.get(ref, MISSING))
        html = out.markdown(written, True) if shown_.kind == "markdown" else escape_html(written)
        return f'<span class="metabind-view">{html}</span>' if written.strip() else EMPTY
    if shown_.kind in ("link", "image"):
        value = next(iter(values.values()), MISSING)
        items = value if isinstance(value, list) else [value]
        kind = "embed" if shown_.kind == "image" else "link"
        drawn = [_linked(item, out, kind) for item in items if item not in (MISSING, None, "")]
        return '<span class="metabind-view">' + ", ".join(drawn) + "</span>" if drawn else EMPTY
    reference = re.fullmatch(r"\s*\{([^{}]+)\}\s*", field.expression)
    if reference is not None:
        name = reference.group(1)
        return f'<span class="metabind-view">{shown(values.get(name, MISSING), out.markdown, name)}</span>'
    result = arithmetic(field.expression, lambda ref: values.get(ref, MISSING))
    if result is None:
        return (f'<span class="metabind-note" title="Shown as written: this site does not compute it">'
                f"<code>{escape_html(field.written)}</code></span>")
    return f'<span class="metabind-view">{number_text(result)}</span>'


def _linked(item: object, out: Out, kind: str) -> str:
    written = plain(item).strip()
    if _LINKISH.match(written):
        return out.markdown(("!" if kind == "embed" and not written.startswith("!") else "") + written, True)
    if re.match(r"^https?://", written):
        address = escape_html(written)
        return f'<a href="{address}">{address}</a>' if kind == "link" else address
    return out.link(written, None, "embed" if kind == "embed" else "link")


def _input(field: Field, value: object, out: Out, block: bool) -> str:
    label = field.target.written if field.target else field.type
    if field.type == "toggle":
        on = field.argument("onValue")
        checked = value == (on[0] if on else True) or (on is not None and plain(value) == on[0])
        return shown(bool(checked) if value is not MISSING else False, out.markdown, label)
    if field.type in _IMAGES:
        items = value if isinstance(value, list) else [value]
        drawn = [_linked(item, out, "embed") for item in items if item not in (MISSING, None, "")]
        return " ".join(drawn) if drawn else EMPTY
    if field.type in _METERS and isinstance(value, (int, float)) and not isinstance(value, bool):
        low = _number(field.argument("minValue"), 0)
        high = _number(field.argument("maxValue"), 100)
        meter = (f'<meter class="metabind-meter" min="{low}" max="{high}" value="{value}" '
                 f'aria-label="{escape_html(label)}"></meter> ')
        return f'<span class="metabind-input">{meter}{escape_html(plain(value))}</span>'
    if field.type in ("select", "inlineSelect"):
        for option in (a.values for a in field.arguments if a.name == "option"):
            if option and plain(value) == option[0] and len(option) > 1:
                return f'<span class="metabind-input">{escape_html(option[1])}</span>'
    if field.type == "editor" and isinstance(value, str):
        return f'<span class="metabind-input">{out.markdown(value, True)}</span>'
    listed = field.type in _LISTS and not isinstance(value, list) and value not in (MISSING, None)
    html = shown([value] if listed else value, out.markdown, label, block)
    return html if html == EMPTY else f'<span class="metabind-input">{html}</span>' if not block or "<ul" not in html \
        else html


def _number(values: tuple[str, ...] | None, default: float) -> str:
    try:
        return plain(float(values[0])) if values else plain(default)
    except ValueError:
        return plain(default)

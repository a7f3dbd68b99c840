"""Answers computed at build time for the first changes a reader is likely to make, so a
calculator answers them at once while Python is still loading in the browser.

For each calculator on a page, the build reads the form as the page's script will read it
(`form_inputs` mirrors `inputsOf` in assets/calculators/form.mjs), and computes, with the
browser's own entry point (`rulesengine.calculators.api.calculate`, the function the
worker calls), the answer for every request one change away from the form as shown:

- each open field (the ones above the folded groups: the keyword's own inputs first,
  then the calculator's usual ones, `SHOWN_FIRST` of them): a stepper one up and one
  down within its bounds, a checkbox toggled, every other choice of a select or a row of
  radio buttons;
- each item of an open list made of rows (a guardian): the same for the fields a row
  shows open (rows.mjs shows `ROW_SHOWN` of them), the item rewritten as the rows write
  it (`join_item` mirrors `joinItem`);
- and the form as shown itself (a reader who changes a field and changes it back).

Those are what a reader reaches without opening anything; a folded group, a second
change, or typing in a box goes to Python as before. The page looks an answer up by its
whole request (calculator, every input, the way back to the root), so an answer is used
only for exactly the request it was computed for: byte for byte what Python would answer.
When this module reads a form differently from the page, the only cost is a miss.

The answers of one calculator on one page go to one JSON file
(`assets/calculators/answers/<page>-<calculator>.json`, named in the calculator's
`data-answers` with `?v=<hash of its content>`). Each answer is kept in `.cache/answers/`
under the hash of the engine's source and the request, so a rebuild computes only what
changed. CALCULATOR_ANSWERS=off builds without them (the tests' many small sites).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

from scripts.calculators import wheel

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "rulesengine"
CACHE = REPO / ".cache" / "answers"
FOLDER = "assets/calculators/answers/"
ROW_SHOWN = 4  # rows.mjs SHOWN: the fields open in a row
SEPARATOR = "; "  # rows.mjs: items joined by SEPARATOR and a space
ATTRIBUTE = "data-answers"
# At most this many answers per calculator (the shipped vault's largest has 28): a form
# written by hand in a note, with thousands of choices, costs the build no more.
MAX_ANSWERS = 120


def enabled() -> bool:
    return os.environ.get("CALCULATOR_ANSWERS", "").lower() not in ("off", "0", "no")


@dataclass
class Control:
    """One named form control as the page's script sees it."""

    name: str
    type: str  # "number", "checkbox", "radio", "text", "select", "select-multiple"
    value: str
    checked: bool = False
    choices: tuple[str, ...] = ()  # a select's option values
    minimum: int | None = None
    maximum: int | None = None
    rulesets: tuple[str, ...] | None = None  # the field is only for these rulesets
    folded: bool = False  # inside a folded group
    parts: dict[str, object] | None = None  # a list made of rows: rows.mjs's description
    selected: tuple[str, ...] = ()  # a multiple select's chosen values


class _FormReader(HTMLParser):
    """The named controls of the first form in a calculator's HTML, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.controls: list[Control] = []
        self._fields: list[tuple[str, tuple[str, ...] | None]] = []  # open .calculator-field elements
        self._defaults: list[list[object]] = []  # per open field with data-default: [its default] until a control takes it
        self.defaults: dict[str, object] = {}  # a control's name -> its field's data-default (units.mjs defaultsOf)
        self._folded = 0
        self._select: Control | None = None
        self._first_option: str | None = None
        self._option_value: str | None = None
        self._option_text = ""
        self._in_form = False
        self._done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._done:
            return
        a = {k: (v if v is not None else "") for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "form":
            self._in_form = True
        if not self._in_form:
            return
        if tag == "details" and "calculator-more" in classes:
            self._folded += 1
        if "calculator-field" in classes:
            rulesets = tuple(a["data-rulesets"].split(" ")) if "data-rulesets" in a else None
            self._fields.append((tag, rulesets))
            self._defaults.append([json.loads(a["data-default"])] if "data-default" in a else [])
        rulesets = next((r for _, r in reversed(self._fields) if r is not None), None)
        if tag in ("input", "select", "textarea") and a.get("name"):
            for pending in self._defaults:  # each field's first named control (querySelector("[name]"))
                if pending:
                    self.defaults[a["name"]] = pending.pop()
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("submit", "button", "reset"):
                return
            parts = json.loads(a["data-parts"]) if "data-parts" in a else None
            self.controls.append(Control(
                a["name"], kind, a.get("value", "on" if kind in ("checkbox", "radio") else ""), "checked" in a,
                minimum=_int(a.get("min")), maximum=_int(a.get("max")), rulesets=rulesets,
                folded=self._folded > 0, parts=parts,
            ))
        elif tag == "select" and a.get("name"):
            self._select = Control(a["name"], "select-multiple" if "multiple" in a else "select", "",
                                   rulesets=rulesets, folded=self._folded > 0)
            self._first_option = None
        elif tag == "option" and self._select is not None:
            self._option_value = a.get("value")
            self._option_text = ""
            if "selected" in a:
                self._select.selected += (a.get("value", ""),)  # value filled at </option> if absent
                self._select.value = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._select is not None and self._option_value is None:
            self._option_text += data

    def handle_endtag(self, tag: str) -> None:
        if self._done or not self._in_form:
            return
        if tag == "form":
            self._done = True
        elif tag == "details" and self._folded:
            self._folded -= 1
        elif tag == "option" and self._select is not None:
            value = self._option_value if self._option_value is not None else self._option_text.strip()
            self._select.choices += (value,)
            self._option_value = None
        elif tag == "select" and self._select is not None:
            select = self._select
            if select.type == "select" and not select.selected and select.choices:
                select.value = select.choices[0]  # a select without `selected` shows its first option
            self.controls.append(select)
            self._select = None
        if self._fields and self._fields[-1][0] == tag:
            self._fields.pop()
            self._defaults.pop()


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text not in (None, "") else None
    except ValueError:
        return None


def read_form(html: str) -> list[Control]:
    reader = _FormReader()
    reader.feed(html)
    reader.close()
    return reader.controls


def field_defaults(html: str) -> dict[str, object]:
    """Each field's `data-default`, by the name of the field's first named control."""
    reader = _FormReader()
    reader.feed(html)
    reader.close()
    return reader.defaults


def form_inputs(controls: Sequence[Control]) -> dict[str, object]:
    """The inputs the page's script sends for these controls (form.mjs `inputsOf`); a field
    only for other rulesets than the one chosen is disabled there, and not sent."""
    ruleset = next((c.value for c in controls if c.name == "ruleset" and c.type == "select"), None)
    live = [c for c in controls if not (ruleset is not None and c.rulesets is not None and ruleset not in c.rulesets)]
    count: dict[str, int] = {}
    for c in live:
        count[c.name] = count.get(c.name, 0) + 1
    inputs: dict[str, object] = {}
    for c in live:
        if c.type == "checkbox":
            if count[c.name] == 1:
                inputs[c.name] = c.checked
            else:
                chosen = inputs.setdefault(c.name, [])
                assert isinstance(chosen, list)
                if c.checked:
                    chosen.append(c.value)
        elif c.type == "radio":
            if c.checked:
                inputs[c.name] = c.value
        elif c.type == "number":
            if c.value != "":
                number = float(c.value)
                inputs[c.name] = int(number) if number.is_integer() else number
        elif c.type == "select-multiple":
            inputs[c.name] = list(c.selected)
        elif count[c.name] > 1:
            values = inputs.setdefault(c.name, [])
            assert isinstance(values, list)
            if c.value != "":
                values.append(c.value)
        else:
            inputs[c.name] = c.value
    return inputs


def request_key(inputs: Mapping[str, object]) -> str:
    """The answers' key: the inputs as JSON with sorted names (answers.mjs writes the same)."""
    return json.dumps(inputs, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ---- a list made of rows (rows.mjs parseItem / joinItem, "commas" and "words") ----

def _kebab(name: str) -> str:
    return name.replace("_", "-")


def _snake(name: str) -> str:
    return name.strip().lower().replace("-", "_")


def _leading(desc: Mapping[str, object]) -> list[dict[str, object]]:
    out = []
    for part in _parts(desc):
        if part["kind"] == "bool":
            break
        out.append(part)
    return out


def _parts(desc: Mapping[str, object]) -> list[dict[str, object]]:
    parts = desc.get("parts") or []
    assert isinstance(parts, list)
    return parts


def _js_string(value: object) -> str:
    """String(value) as JavaScript writes it."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


def parse_item(desc: Mapping[str, object], text: str) -> dict[str, object]:
    item: dict[str, object] = {str(p["name"]): ([] if p.get("parts") else p.get("default")) for p in _parts(desc)}
    if desc.get("joined") == "commas":
        ordered = _leading(desc)
        place = 0
        for word in [w.strip() for w in text.split(",") if w.strip()]:
            if "=" in word:
                key, _, value = word.partition("=")
                part = next((p for p in _parts(desc) if p["name"] == _snake(key)), None)
                if part:
                    item[str(part["name"])] = _number(value) if part["kind"] == "int" else value
                continue
            named = next((p for p in _parts(desc) if p["kind"] == "bool" and _kebab(str(p["name"])) == word.lower()), None)
            if named:
                item[str(named["name"])] = True
            elif place < len(ordered):
                part = ordered[place]
                place += 1
                item[str(part["name"])] = _number(word) if part["kind"] == "int" else word.lower()
        return item
    splitter = re.compile(",") if desc.get("joined") == "pairs" else re.compile(r"\s+")
    for word in [w.strip() for w in splitter.split(text) if w.strip()]:
        key, has, value = word.partition("=")
        key = _snake(key)
        value = value if has else "true"
        part = next((p for p in _parts(desc) if p["name"] == key), None)
        if not part:
            continue
        if part.get("parts"):
            inner = item[key]
            assert isinstance(inner, list)
            inner.append(parse_item(part, value))
        else:
            item[key] = _number(value) if part["kind"] == "int" else (value in ("true",)) if part["kind"] == "bool" else value
    return item


def _number(text: str) -> object:
    """Number(text) for the counts a row holds (a whole number, else the text is kept: the
    engine refuses it, and this module only ever writes whole numbers)."""
    try:
        return int(text)
    except ValueError:
        return text


def join_item(desc: Mapping[str, object], item: Mapping[str, object]) -> str:
    if desc.get("joined") == "commas":
        ordered = _leading(desc)
        words = [_js_string(item.get(str(p["name"])) if item.get(str(p["name"])) is not None else p.get("default")) for p in ordered]
        for part in _parts(desc)[len(ordered):]:
            value = item.get(str(part["name"]))
            if part["kind"] == "bool":
                if value is True or value == "true":
                    words.append(_kebab(str(part["name"])))
            elif value not in (None, "") and _js_string(value) != _js_string(part.get("default")):
                words.append(f"{_kebab(str(part['name']))}={_js_string(value)}")
        return ",".join(words)
    words = []
    for part in _parts(desc):
        value = item.get(str(part["name"]))
        if part.get("parts"):
            assert isinstance(value, list)
            words += [f"{_kebab(str(part['name']))}={join_item(part, inner)}" for inner in value]
        elif part["kind"] == "bool":
            if value is True or value == "true":
                words.append(_kebab(str(part["name"])))
        elif value not in (None, "") and _js_string(value) != _js_string(part.get("default")):
            words.append(f"{_kebab(str(part['name']))}={_js_string(value)}")
    parts = _parts(desc)
    first = parts[0] if parts else None
    if desc.get("repeatable") and first and not first.get("parts") and first["kind"] != "bool":
        name = _kebab(str(first["name"]))
        if not any(w == name or w.startswith(f"{name}=") for w in words):
            value = item.get(str(first["name"]))
            words.insert(0, f"{name}={_js_string(value if value is not None else first.get('default'))}")
    return ("," if desc.get("joined") == "pairs" else " ").join(words)


def _item_changes(desc: Mapping[str, object], item: Mapping[str, object]) -> Iterator[dict[str, object]]:
    """One item with one of the fields a row shows open changed."""
    for part in [p for p in _parts(desc) if not p.get("parts")][:ROW_SHOWN]:
        name = str(part["name"])
        value = item.get(name)
        if part["kind"] == "int" and isinstance(value, int):
            for step in (1, -1):
                moved = value + step
                low, high = part.get("min"), part.get("max")
                if (isinstance(low, int) and moved < low) or (isinstance(high, int) and moved > high):
                    continue
                yield {**item, name: moved}
        elif part["kind"] == "bool":
            yield {**item, name: not (value is True or value == "true")}
        elif part["kind"] == "choice":
            choices = part.get("choices") or []
            assert isinstance(choices, list)
            for choice in choices:
                if choice != value:
                    yield {**item, name: choice}


# ---- the neighbourhood ----

def first_changes(controls: Sequence[Control]) -> Iterator[list[Control]]:
    """The form with one open field changed, for each change a reader makes first."""
    for i, c in enumerate(controls):
        if c.folded:
            continue
        if c.type == "number":
            try:
                value = int(c.value)
            except ValueError:
                continue
            for step in (1, -1):
                moved = value + step
                if (c.minimum is not None and moved < c.minimum) or (c.maximum is not None and moved > c.maximum):
                    continue
                yield _with(controls, i, replace(c, value=str(moved)))
        elif c.type == "checkbox":
            yield _with(controls, i, replace(c, checked=not c.checked))
        elif c.type == "radio" and not c.checked:
            yield [replace(o, checked=(j == i)) if o.name == c.name and o.type == "radio" else o for j, o in enumerate(controls)]
        elif c.type == "select":
            for choice in c.choices:
                if choice != c.value:
                    yield _with(controls, i, replace(c, value=choice, selected=(choice,)))
        elif c.type == "text" and c.parts is not None:
            items = [parse_item(c.parts, t.strip()) for t in c.value.split(";") if t.strip()]
            if not c.parts.get("repeatable"):
                items = items[:1]
            for k, item in enumerate(items):
                for changed in _item_changes(c.parts, item):
                    text = SEPARATOR.join(w for w in (join_item(c.parts, x) for x in [*items[:k], changed, *items[k + 1:]]) if w)
                    yield _with(controls, i, replace(c, value=text))


def _with(controls: Sequence[Control], i: int, changed: Control) -> list[Control]:
    return [changed if j == i else c for j, c in enumerate(controls)]


# ---- computing, with a cache ----

@cache
def engine_hash() -> str:
    """The engine's source and package data, as the wheel carries them: an answer is as old as this."""
    digest = hashlib.sha256()
    for path in wheel.source_files(REPO):
        digest.update(str(path.relative_to(ENGINE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass
class Answers:
    """One calculator's answers on one page."""

    calculator: str
    base: str
    answers: dict[str, object] = field(default_factory=dict)  # request_key -> the response

    def text(self) -> str:
        # Each response keeps the order of the entry point's own JSON: the page gets the
        # same object, key for key, as from Python.
        return json.dumps({"calculator": self.calculator, "base": self.base, "answers": self.answers},
                          separators=(",", ":"), ensure_ascii=False)


def answer(request: Mapping[str, object], cache_dir: Path = CACHE) -> dict[str, object]:
    """The entry point's response to `request`, as the worker gets it (parsed JSON)."""
    from rulesengine.calculators.api import calculate

    text = json.dumps(request, separators=(",", ":"), ensure_ascii=False)
    key = hashlib.sha256((engine_hash() + "\0" + text).encode()).hexdigest()
    kept = cache_dir / key[:2] / f"{key}.json"
    try:
        return dict(json.loads(kept.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        pass
    computed = calculate(text)
    kept.parent.mkdir(parents=True, exist_ok=True)
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(computed, encoding="utf-8")
    temporary.replace(kept)
    return dict(json.loads(computed))


def answers_for(calculator_html: str, base: str, cache_dir: Path = CACHE) -> Answers | None:
    """The answers for the first calculator in `calculator_html` (render_calculator's)."""
    found = re.search(r'data-calculator="([^"]+)"', calculator_html)
    if not found:
        return None
    name = found.group(1)
    controls = read_form(calculator_html)
    if not controls:
        return None
    out = Answers(name, base)
    seen: set[str] = set()
    for state in [list(controls), *first_changes(controls)]:
        if len(seen) >= MAX_ANSWERS:
            break
        inputs = form_inputs(state)
        key = request_key(inputs)
        if key in seen:
            continue
        seen.add(key)
        response = answer({"calculator": name, "inputs": inputs, "base": base}, cache_dir)
        out.answers[key] = response
    return out


def file_name(page_src: str, calculator: str, place: int = 0) -> str:
    """The answers' file of the page's `place`-th calculator (0, 1, ...)."""
    stem = re.sub(r"[^a-z0-9]+", "-", page_src.lower().removesuffix(".md")).strip("-")[-60:]
    digest = hashlib.sha256(page_src.encode()).hexdigest()[:8]
    return f"{stem}-{digest}-{place}-{calculator}.json"


CALCULATOR_START = re.compile(r'<div class="calculator" data-calculator="([^"]+)"[^>]*>')


def attach(page_html: str, page_src: str, site_dir: Path, cache_dir: Path = CACHE) -> str:
    """The built page with each calculator's answers written under `site_dir` and named in
    its `data-answers`; the page as it is when answers are off."""
    if not enabled():
        return page_html
    out = []
    at = 0
    for place, found in enumerate(CALCULATOR_START.finditer(page_html)):
        end = page_html.find("</form>", found.end())
        base_found = re.search(r' data-base="([^"]*)"', found.group(0))
        if end < 0 or base_found is None:
            continue
        base = unescape(base_found.group(1))
        answers = answers_for(page_html[found.start():end + len("</form>")], base, cache_dir)
        if answers is None or not answers.answers:
            continue
        text = answers.text()
        name = file_name(page_src, answers.calculator, place)
        target = site_dir / FOLDER / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
        version = hashlib.sha256(text.encode()).hexdigest()[:12]
        address = escape(f"{base}{FOLDER}{name}?v={version}", quote=True)
        opening = found.group(0).replace(' data-calculator="', f' {ATTRIBUTE}="{address}" data-calculator="', 1)
        out += [page_html[at:found.start()], opening]
        at = found.end()
    out.append(page_html[at:])
    return "".join(out)

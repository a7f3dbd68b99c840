"""The calculator's form, generated from the engine's `Option` descriptions.

Every input is an ordinary named form control (the option's name), numbers are
`<input type="number">` with `min`/`max`/`step`, and the allowed range is also written out
beside the control, so a reader without JavaScript still sees what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from rulesengine.options import GROUPS, Option

SHOWN_FIRST = 6
"""At most this many inputs are open above the folded groups."""
REPEAT_SEPARATOR = ";"
"""A repeatable input (e.g. several guardians) is one text box; its values are separated
by this character, and the JSON entry point splits them again."""


def render_form(options: Sequence[Option], values: Mapping[str, object], shown_first: Sequence[str], note: str = "") -> str:
    """The first `SHOWN_FIRST` inputs named in `shown_first` (the keyword's own inputs,
    then the calculator's usual ones) are open; the others sit in folded groups, one per
    `Option.group`, in the order of `GROUPS`."""
    by_name = {o.name: o for o in options}
    first = [by_name[n] for n in dict.fromkeys(shown_first) if n in by_name][:SHOWN_FIRST]
    rest = [o for o in options if o not in first]
    parts = ['<form class="calculator-form" autocomplete="off">']
    if note:
        parts.append(f'<p class="calculator-nojs" data-nojs>{escape(note)}</p>')
    parts += [render_field(o, values.get(o.name, o.default)) for o in first]
    for group, heading in GROUPS.items():
        members = [o for o in rest if o.group == group]
        if members:
            parts.append(f'<details class="calculator-more" data-group="{group}"><summary>{escape(heading)}</summary>')
            parts += [render_field(o, values.get(o.name, o.default)) for o in members]
            parts.append("</details>")
    parts.append("</form>")
    return "".join(parts)


def render_field(option: Option, value: object) -> str:
    """One labelled control and its allowed range."""
    control = _control(option, value)
    allowed = _allowed(option)
    hint = f'<small class="calculator-allowed">{escape(allowed)}</small>' if allowed else ""
    title = f' title="{escape(option.help)}"' if option.help else ""
    return (
        f'<label class="calculator-field" data-kind="{option.kind}" data-group="{option.group}"{title}>'
        f'<span class="calculator-label">{escape(option.label)}</span>{control}{hint}</label>'
    )


def _control(option: Option, value: object) -> str:
    name = escape(option.name)
    if option.kind == "int":
        bounds = "".join(
            f' {attr}="{bound}"' for attr, bound in (("min", option.minimum), ("max", option.maximum)) if bound is not None
        )
        return f'<input type="number" name="{name}" value="{escape(_text(value))}"{bounds} step="1" required>'
    if option.kind == "bool":
        checked = " checked" if value is True else ""
        return f'<input type="checkbox" name="{name}" value="true"{checked}>'
    if option.kind == "choice":
        # A choice that may stay unset (a trace face) offers "not given" first.
        unset = "" if option.default is not None else f'<option value=""{" selected" if value is None else ""}>(not given)</option>'
        items = unset + "".join(
            f'<option value="{escape(c)}"{" selected" if c == value else ""}>{escape(c)}</option>' for c in option.choices
        )
        return f'<select name="{name}">{items}</select>'
    if option.choices:
        # A list of faces, one per die: the page's script draws a select per die beside it
        # (data-faces), one row per unit for a repeatable list (data-units names the unit).
        units = f' data-units="{escape(_unit(option))}"' if option.repeatable else ""
        # data-dice-from: the counts whose dice the list follows, in order (Option.dice_from).
        order = f' data-dice-from="{escape(" ".join(option.dice_from))}"' if option.dice_from else ""
        faces = escape(" ".join(option.choices))
        return f'<input type="text" name="{name}" value="{escape(_text(value))}" data-faces="{faces}"{units}{order}>'
    placeholder = f' placeholder="{escape(option.help)}"' if option.help else ""
    return f'<input type="text" name="{name}" value="{escape(_text(value))}"{placeholder}>'


def _unit(option: Option) -> str:
    """What one item of a repeatable face list belongs to: the label's first word
    ("Guardian faces" -> "guardian")."""
    return option.label.split()[0].lower()


def _allowed(option: Option) -> str:
    if option.kind == "int":
        # "-5–5" reads badly; a range that goes below zero is written out in words.
        joiner = " to " if option.minimum is not None and option.minimum < 0 else "–"
        return f"{_bound(option.minimum)}{joiner}{_bound(option.maximum)}"
    if option.kind == "choice":
        return " / ".join(option.choices)
    if option.kind == "text" and option.choices:
        each = f"{' / '.join(option.choices)}, one per die, separated by commas"
        return f"{each}, {_unit(option)}s by {REPEAT_SEPARATOR}" if option.repeatable else each
    if option.kind == "text" and option.repeatable:
        return f"several: separate with {REPEAT_SEPARATOR}"
    return ""


def _bound(bound: int | None) -> str:
    return "…" if bound is None else str(bound).replace("-", "−")


def _text(value: object) -> str:
    """A value as a text box shows it: repeated values joined, nothing for None."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return f"{REPEAT_SEPARATOR} ".join(_text(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

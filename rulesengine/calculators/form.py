"""The calculator's form, generated from the engine's `Option` descriptions.

Every input is an ordinary named form control (the option's name), numbers are
`<input type="number">` with `min`/`max`/`step`, and the allowed range is also written out
beside the control, so a reader without JavaScript still sees what is allowed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape

from rulesengine.calculators.words import PLAIN, choice_words
from rulesengine.options import GROUPS, Option

UNITS = "units"
"""The group of the unit inputs (Legion): shown above every other input."""
SHOWN_FIRST = 6
"""At most this many inputs are open above the folded groups."""
REPEAT_SEPARATOR = ";"
"""A repeatable input (e.g. several guardians) is one text box; its values are separated
by this character, and the JSON entry point splits them again."""


def render_form(options: Sequence[Option], values: Mapping[str, object], shown_first: Sequence[str], note: str = "") -> str:
    """The first `SHOWN_FIRST` inputs named in `shown_first` (the keyword's own inputs,
    then the calculator's usual ones) are open; the others sit in folded groups, one per
    `Option.group`, in the order of `GROUPS`; the units group (Legion's unit pickers),
    if any, comes before all of them."""
    by_name = {o.name: o for o in options}
    first = [by_name[n] for n in dict.fromkeys(shown_first) if n in by_name and by_name[n].group != UNITS][:SHOWN_FIRST]
    rest = [o for o in options if o not in first]
    parts = ['<form class="calculator-form" autocomplete="off">']
    if note:
        parts.append(f'<p class="calculator-nojs" data-nojs>{escape(note)}</p>')
    # The units come first, folded like any group: the page's script opens them as pickers
    # where the site has the units' data (assets/calculators/units.mjs).
    groups = [UNITS, *(g for g in GROUPS if g != UNITS)]
    for group in groups:
        members = [o for o in rest if o.group == group]
        if members:
            extra = " calculator-units" if group == UNITS else ""
            parts.append(f'<details class="calculator-more{extra}" data-group="{group}"><summary>{escape(GROUPS[group])}</summary>')
            parts += [render_field(o, values.get(o.name, o.default), options) for o in members]
            parts.append("</details>")
        if group == UNITS:
            parts += [render_field(o, values.get(o.name, o.default), options) for o in first]
    parts.append("</form>")
    return "".join(parts)


DICE = ("red", "black", "white")
"""Dice colours: a choice among them is a row of coloured buttons (radio buttons), and a
count of one colour's dice shows that colour beside its stepper."""


def render_field(option: Option, value: object, options: Sequence[Option] = ()) -> str:
    """One labelled control and its allowed range. `options` (the engine's whole list)
    gives an input made of parts the fields it borrows (`Option.parts_from`)."""
    allowed = _allowed(option)
    hint = f'<small class="calculator-allowed">{escape(allowed)}</small>' if allowed else ""
    title = f' title="{escape(option.help)}"' if option.help else ""
    default = escape(json.dumps(option.default), quote=True)
    attrs = f'data-kind="{option.kind}" data-group="{option.group}" data-default="{default}"{_rulesets(option)}{title}'
    label = f'<span class="calculator-label">{escape(option.label)}</span>'
    if option.parts or option.parts_from:
        # A row of controls per item (drawn by the page's script from data-parts); the text
        # box stays the value sent, and the view without JavaScript.
        return (
            f'<fieldset class="calculator-field calculator-rows-field" {attrs}><legend class="calculator-label">'
            f'{escape(option.label)}</legend>{_composite(option, value, options)}{hint}</fieldset>'
        )
    if _is_dice_choice(option):
        return (
            f'<fieldset class="calculator-field calculator-dice-field" {attrs}><legend class="calculator-label">'
            f'{escape(option.label)}</legend>{_dice_picker(option, value)}</fieldset>'
        )
    if option.kind == "choice" and _has_words(option):
        said = _choice_sentence(option, value)
        return (
            f'<label class="calculator-field" {attrs}>{label}{_control(option, value)}'
            f'<small class="calculator-choice-words" data-choice-words>{escape(said)}</small></label>'
        )
    return f'<label class="calculator-field" {attrs}>{label}{_control(option, value)}{hint}</label>'


def _rulesets(option: Option) -> str:
    return f' data-rulesets="{escape(" ".join(option.rulesets))}"' if option.rulesets else ""


def _is_dice_choice(option: Option) -> bool:
    return option.kind == "choice" and option.default is not None and set(option.choices) <= set(DICE)


def _dice_picker(option: Option, value: object) -> str:
    """Radio buttons, one per colour, each showing its die."""
    items = []
    for colour in option.choices:
        checked = " checked" if colour == value else ""
        items.append(
            f'<label class="calculator-die" data-die="{escape(colour)}"><input type="radio" name="{escape(option.name)}"'
            f' value="{escape(colour)}"{checked}><span class="calculator-die-face" aria-hidden="true"></span>'
            f"<span>{escape(colour)}</span></label>"
        )
    return f'<span class="calculator-dice">{"".join(items)}</span>'


def _has_words(option: Option) -> bool:
    """A choice the players make or a rule's reading: shown by a plain name with its sentence."""
    return option.kind == "choice" and (option.name in PLAIN or option.name.endswith(("_policy", "_reading")))


def _choice_sentence(option: Option, value: object) -> str:
    return choice_words(option.name, str(value), option.help)[1] if value is not None else ""


def part_description(option: Option, options: Sequence[Option]) -> dict[str, object]:
    """What the page's script needs to draw one field of a row (and the rows of a field
    that has parts itself, such as a further defender's guardians)."""
    out: dict[str, object] = {
        "name": option.name, "label": option.label, "kind": option.kind, "default": option.default,
        "min": option.minimum, "max": option.maximum, "choices": list(option.choices),
        "repeatable": option.repeatable, "dice": _is_dice_choice(option) or option.name in DICE,
    }
    if option.numbered:
        out["numbered"] = True
    if option.parts or option.parts_from:
        out.update(joined=option.joined, unit=option.unit, first=option.first,
                   parts=[part_description(p, options) for p in option.fields(options)])
    return out


def _composite(option: Option, value: object, options: Sequence[Option]) -> str:
    described = part_description(option, options)
    data = escape(json.dumps(described, separators=(",", ":")), quote=True)
    return (
        f'<input type="text" name="{escape(option.name)}" value="{escape(_text(value))}" data-parts="{data}"'
        f' aria-label="{escape(option.label)}">'
    )


def _control(option: Option, value: object) -> str:
    name = escape(option.name)
    if option.kind == "int":
        bounds = "".join(
            f' {attr}="{bound}"' for attr, bound in (("min", option.minimum), ("max", option.maximum)) if bound is not None
        )
        # A stepper: the number box (arrow keys step it) between a − and a + button for
        # pointer and touch; the buttons are out of the tab order and of the label's name,
        # the box itself being a spin button.
        die = f' data-die="{escape(option.name)}"' if option.name in DICE else ""
        return (
            f'<span class="calculator-stepper"{die}>'
            f'<button type="button" class="calculator-step" data-step="-1" tabindex="-1" aria-hidden="true">−</button>'
            f'<input type="number" name="{name}" value="{escape(_text(value))}"{bounds} step="1" required>'
            f'<button type="button" class="calculator-step" data-step="1" tabindex="-1" aria-hidden="true">+</button></span>'
        )
    if option.kind == "bool":
        checked = " checked" if value is True else ""
        return f'<input type="checkbox" name="{name}" value="true"{checked}>'
    if option.kind == "choice":
        # A choice that may stay unset (a trace face) offers "not given" first.
        unset = "" if option.default is not None else f'<option value=""{" selected" if value is None else ""}>(not given)</option>'
        items = unset + "".join(
            f'<option value="{escape(c)}"{" selected" if c == value else ""}{_said(option, c)}>{escape(_choice_name(option, c))}</option>'
            for c in option.choices
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


def _choice_name(option: Option, choice: str) -> str:
    return choice_words(option.name, choice, option.help)[0] if _has_words(option) else choice


def _said(option: Option, choice: str) -> str:
    """The sentence a choice's select shows under it once picked (the page's script)."""
    if not _has_words(option):
        return ""
    return f' data-words="{escape(choice_words(option.name, choice, option.help)[1])}"'


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
    if option.parts or option.parts_from:
        return f"as on the command line: {option.help}" if option.help else ""
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

"""The result region of a calculator: what the engine's JSON result says, as HTML.

The engines answer in JSON (probabilities as `str(Fraction)`); this module reads that
JSON, not engine objects, so any result shape renders: a distribution over counts becomes
a table (the chance of exactly and of at least each count) and a bar chart; a scalar
becomes a line; the ruleset and policies used and the trace steps (`steps.py`) follow.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from html import escape

from rulesengine.calculators.chart import bar_chart
from rulesengine.calculators.numbers import decimal, fraction_of, negligible, percent, plain
from rulesengine.calculators.steps import render_steps
from rulesengine.calculators.words import choice_words, named_choices, policy_option
from rulesengine.options import Option

APART = ("ruleset", "rulebook", "policies", "policy_text", "readings", "steps")
"""Result keys shown after the outcomes, in their own way (the rulebook with the ruleset: its name and dates)."""


def render_result(
    result: Mapping[str, object], *, game: str, labels: Mapping[str, str], base: str, quiet: Sequence[str] = (),
    options: Sequence[Option] = (),
) -> str:
    """`quiet` names parts of the result (path prefixes) shown only when something in them
    is not zero: Deflect's damage when nothing was deflected is noise. `options` (the
    calculator's inputs) name a value the result repeats from them in the rules' words (a
    guardian's `2,red,none` reads "Guardian 2, red defense die, no defense surge")."""
    shown = [(path, value) for path, value in leaves(result) if label_for(path, labels)]
    silent = {prefix for prefix in quiet if all(_is_zero(v) for p, v in shown if _under(p, prefix))}
    shown = [(p, v) for p, v in shown if not any(_under(p, prefix) for prefix in silent)]
    shown = [(p, v) for p, v in shown if not _says_nothing_new(p, result)]
    # Probabilities first; plain facts about the attack (dice rolled, who was attacked) after.
    shown.sort(key=lambda item: not _is_probabilistic(item[1]))
    first = answer(result, labels)
    parts = [first]
    if 'data-answer-certain' in first:
        # A certain answer (a trace) says all its line would: the line is not repeated.
        said = re.search(r'data-path="([^"]*)"', first)
        shown = [(p, v) for p, v in shown if not said or p != said.group(1)]
    parts += [_outcome(path, value, labels, options) for path, value in shown]
    parts.append(_used(result, options))
    steps = result.get("steps")
    if isinstance(steps, list) and steps:
        parts.append(render_steps(steps, game=game, base=base))
    return "".join(p for p in parts if p)


def summary(result: Mapping[str, object], labels: Mapping[str, str]) -> str:
    """One short sentence for the live region: the first outcome the result shows, as its
    expected value and the chance of at least one (or its certain value, in a trace); with
    a defending unit (Legion), the minis defeated after it."""
    said = _first_outcome(result, labels)
    defender = result.get("defender")
    if not isinstance(defender, Mapping):
        defenders = result.get("defenders")
        defender = defenders[0] if isinstance(defenders, list) and defenders and isinstance(defenders[0], Mapping) else None
    expected = fraction_of(defender.get("expected_minis_defeated")) if defender is not None else None
    return said if expected is None else f"{said} Minis defeated: {decimal(expected)} expected."


def _first_outcome(result: Mapping[str, object], labels: Mapping[str, str]) -> str:
    for path, value in leaves(result):
        label = label_for(path, labels)
        if not label or not isinstance(value, Mapping):
            continue
        certain = _certain(value)
        if certain is not None:
            return f"{label}: {certain}."
        rows = {k: fraction_of(p) or Fraction(0) for k, p in value.items()}
        if all(re.fullmatch(r"-?\d+", str(k)) for k in rows):
            mean = sum((int(str(k)) * p for k, p in rows.items()), Fraction(0))
            asked = asked_for(result)
            at_least = sum((p for k, p in rows.items() if int(str(k)) >= asked), Fraction(0))
            return f"{label}: {decimal(mean)} expected, {percent(at_least)} chance of at least {asked}."
    for path, value in leaves(result):
        label = label_for(path, labels)
        if label and not isinstance(value, Mapping):
            p = chance(path, value)
            return f"{label}: {plain(value) if p is None else percent(p)}."
    return "Result updated."


def asked_for(result: Mapping[str, object]) -> int:
    """The count whose chance the reader asked about: an aim policy's target ("optimal
    (chance of at least 3 wounds)"), else 1."""
    policies = result.get("policies")
    if isinstance(policies, Mapping):
        for text in policies.values():
            found = re.search(r"chance of at least (\d+)", str(text))
            if found:
                return int(found.group(1))
    return 1


def answer(result: Mapping[str, object], labels: Mapping[str, str]) -> str:
    """The answer first: the first distribution over counts as its expected value and the
    chance of at least the count asked about (or its certain value), above every table."""
    for path, value in leaves(result):
        label = label_for(path, labels)
        if not label or not isinstance(value, Mapping) or not value:
            continue
        if not all(re.fullmatch(r"-?\d+", str(k)) for k in value):
            continue
        certain = _certain(value)
        if certain is not None:
            return (f'<p class="calculator-answer calculator-answer-certain" data-answer data-answer-certain data-path="{escape(path)}">'
                    f'<span class="calculator-answer-label">{escape(label)}</span>: '
                    f'<strong class="calculator-answer-value">{escape(certain)}</strong> (certain)</p>')
        rows = [(int(str(k)), fraction_of(p) or Fraction(0)) for k, p in value.items()]
        mean = sum((k * p for k, p in rows), Fraction(0))
        asked = asked_for(result)
        at_least = sum((p for k, p in rows if k >= asked), Fraction(0))
        # One paragraph of spans (the result region holds no <div>: the page's parsers
        # find its end by the first closing one).
        return (
            f'<p class="calculator-answer" data-answer><span class="calculator-answer-label">{escape(label)}</span> '
            f'<span><strong class="calculator-answer-value" data-expected>{decimal(mean)}</strong> expected</span> '
            f'<span><strong class="calculator-answer-value" data-chance>{percent(at_least)}</strong> chance of at least '
            f"{asked}</span></p>"
        )
    return ""


def leaves(value: object, path: str = "") -> Iterator[tuple[str, object]]:
    """(path, value) for every distribution and scalar in a result, in the result's order."""
    if isinstance(value, Mapping) and value.get("used") is False:
        return  # a part of the result the inputs switched off (e.g. no Overkill)
    if isinstance(value, Mapping) and (not path or not is_distribution(value)):
        for key, item in value.items():
            if not path and key in APART:
                continue
            yield from leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def _says_nothing_new(path: str, result: Mapping[str, object]) -> bool:
    """An expected value beside a certain outcome (trace mode) only repeats it."""
    head, _, last = path.rpartition(".")
    if not last.startswith("expected_"):
        return False
    sibling = f"{head}.{last[len('expected_'):]}" if head else last[len("expected_"):]
    value = dict(leaves(result)).get(sibling)
    return isinstance(value, Mapping) and _certain(value) is not None


def _under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith((prefix + ".", prefix + "["))


def _is_zero(value: object) -> bool:
    if isinstance(value, Mapping):
        return _certain(value) == "0"
    if isinstance(value, str):
        return fraction_of(value) == 0 or value in ("", "none")
    return value is None or value is False or value == 0


def _certain(dist: Mapping[object, object]) -> str | None:
    """The outcome of a distribution that has only one (trace mode), else None."""
    if len(dist) == 1:
        (outcome, p), = dist.items()
        return str(outcome) if fraction_of(p) == 1 else None
    return None


def _is_probabilistic(value: object) -> bool:
    return isinstance(value, Mapping) or (isinstance(value, str) and fraction_of(value) is not None)


def is_distribution(value: Mapping[object, object]) -> bool:
    """A mapping outcome -> probability whose probabilities sum to 1."""
    probabilities = [p for p in map(fraction_of, value.values()) if p is not None]
    if not value or len(probabilities) != len(value):
        return False
    return sum(probabilities, Fraction(0)) == 1


def label_for(path: str, labels: Mapping[str, str]) -> str:
    pattern = re.sub(r"\[\d+\]", "[*]", path)
    template = labels.get(path, labels.get(pattern))
    if template is None:
        return re.sub(r"[._\[\]]+", " ", path).strip().capitalize()
    index = re.search(r"\[(\d+)\]", path)
    return template.replace("{n}", str(int(index.group(1)) + 1) if index else "")


def _outcome(path: str, value: object, labels: Mapping[str, str], options: Sequence[Option] = ()) -> str:
    label = label_for(path, labels)
    named = _in_rules_words(path, value, options)
    if named is not None:
        return f'<p class="calculator-value" data-path="{escape(path)}">{escape(label)}: <strong>{escape(named)}</strong></p>'
    if isinstance(value, Mapping):
        certain = _certain(value)
        if certain is not None:
            return (
                f'<p class="calculator-value" data-path="{escape(path)}">{escape(label)}: '
                f'<strong>{escape(certain)}</strong> <span class="calculator-certain">(certain)</span></p>'
            )
        return _distribution(path, label, value)
    return _scalar(path, label, value)


def _in_rules_words(path: str, value: object, options: Sequence[Option]) -> str | None:
    """A value the result repeats from an input made of parts (`Option.parts`, written
    "commas"), in the words of its fields; None for any other value."""
    if not isinstance(value, str):
        return None
    key = re.sub(r"\[\d+\]", "", path.rsplit(".", 1)[-1])
    option = next((o for o in options if o.name == key and o.joined == "commas" and o.parts), None)
    if option is None:
        return None
    items = [v.strip() for v in value.split(",") if v.strip()]
    # Fields before the first switch are written by place; then a switch by its name and a
    # count as NAME=N (rows.mjs writes them so).
    ordered = list(itertools.takewhile(lambda p: p.kind != "bool", option.parts))
    named = {p.name.replace("_", "-"): p for p in option.parts[len(ordered):]}
    words = []
    place = 0
    for item in items:
        word, equals, count = item.partition("=")
        part = named.get(word.lower())
        if part is not None:
            words.append(part.label if part.kind == "bool" else f"{part.label.lower()}: {count}")
        elif not equals and place < len(ordered):
            words.append(part_words(ordered[place], item))
            place += 1
        else:
            words.append(item)
    return ", ".join(words)


def part_words(part: Option, value: str) -> str:
    """One field's value as the rules say it: "Guardian 2" (a keyword's X), "red defense
    die", "defense surge chart: block"."""
    if part.kind == "int" and part.label.endswith(" X"):
        return f"{part.label[:-2]} {value}"
    if part.kind == "choice" and set(part.choices) <= {"red", "black", "white"}:
        return f"{value} {part.label.lower()}"
    if part.kind == "bool":
        return part.label if value in ("true", "True") else ""
    return f"{part.label.lower()}: {value}"


def chance(path: str, value: object) -> Fraction | None:
    """A scalar the result states as a probability: a fraction from 0 to 1 whose name does
    not say it is an expected value (`expected_wounds: 1` is a mean, not a certainty)."""
    p = fraction_of(value) if isinstance(value, str) else None
    if p is None or path.rsplit(".", 1)[-1].startswith("expected") or not 0 <= p <= 1:
        return None
    return p


def _scalar(path: str, label: str, value: object) -> str:
    p = fraction_of(value) if isinstance(value, str) else None
    if p is None:
        shown = escape(plain(value))
    elif chance(path, value) is None:
        shown = f'<span class="decimal">{decimal(p)}</span> {exact(p)}'
    else:
        shown = f'<span class="percent">{percent(p)}</span> {exact(p)}'
    return f'<p class="calculator-value" data-path="{escape(path)}">{escape(label)}: <strong>{shown}</strong></p>'


def _distribution(path: str, label: str, dist: Mapping[object, object]) -> str:
    rows = [(str(k), fraction_of(p) or Fraction(0)) for k, p in dist.items()]
    counts = all(re.fullmatch(r"-?\d+", k) for k, _ in rows)
    if counts:
        rows.sort(key=lambda row: int(row[0]))
    what = path.rsplit(".", 1)[-1].replace("_", " ")
    # In words, not P(= k): "Wounds | Exactly | At least" (the chance of exactly that many,
    # and of at least that many).
    head = (
        f'<tr><th scope="col">{escape(what[:1].upper() + what[1:])}</th>'
        + ('<th scope="col">Exactly</th><th scope="col">At least</th>' if counts else '<th scope="col">Chance</th>')
        + "</tr>"
    )
    values = [(k, p, sum((q for _, q in rows[i:]), Fraction(0)) if counts else None) for i, (k, p) in enumerate(rows)]
    short = all(len(str(p)) <= SHORT and (q is None or len(str(q)) <= SHORT) for _, p, q in values)
    body = []
    for k, p, at_least in values:
        cells = f"<td>{escape(k)}</td><td>{_cell(p, short)}</td>"
        if at_least is not None:
            cells += f"<td>{_cell(at_least, short)}</td>"
        body.append(f"<tr>{cells}</tr>")
    low, high = _tails(rows) if counts else (0, len(rows))
    folded = body[:low] + body[high:]
    table = f'<table class="calculator-table"><thead>{head}</thead><tbody>{"".join(body[low:high])}</tbody></table>'
    tail = ""
    if folded:
        # The unlikely outcomes at either end, each under 0.01%: open on demand.
        tail = (
            f'<details class="calculator-tail"><summary>{len(folded)} more outcomes, each under 0.01%</summary>'
            f'<table class="calculator-table"><thead>{head}</thead><tbody>{"".join(folded)}</tbody></table></details>'
        )
    return (
        f'<figure class="calculator-distribution" data-path="{escape(path)}">'
        f"<figcaption>{escape(label)}</figcaption>{table}{tail}{'' if short else _fractions(head, values)}"
        f"{bar_chart(rows[low:high], label)}</figure>"
    )


def _cell(p: Fraction, short: bool) -> str:
    """A table's cell: the percentage, and the exact value beside it when every value of the
    table is short. Otherwise the cells show percentages alone and the exact values are
    listed once under the table (`_fractions`): a folded fraction in every cell made a
    phone's table a column of "exact fraction (9 digits over 10)"."""
    return _probability(p) if short else f'<span class="percent">{percent(p)}</span>'


def _fractions(head: str, values: Sequence[tuple[str, Fraction, Fraction | None]]) -> str:
    """Every exact value of a distribution, in one table folded under it, each fraction
    whole and selectable as one piece."""
    rows = "".join(
        f"<tr><td>{escape(k)}</td><td>{_whole(p)}</td>" + (f"<td>{_whole(q)}</td>" if q is not None else "") + "</tr>"
        for k, p, q in values
    )
    return (
        '<details class="calculator-fractions"><summary>Exact fractions</summary>'
        f'<table class="calculator-table"><thead>{head}</thead><tbody>{rows}</tbody></table></details>'
    )


def _whole(p: Fraction) -> str:
    # A narrow column breaks it after the slash first: numerator above, denominator below.
    return f'<code class="fraction" data-fraction>{escape(str(p)).replace("/", "/<wbr>")}</code>'


TAIL = 3
"""A distribution folds its unlikely ends only when at least this many outcomes would fold."""


def _tails(rows: Sequence[tuple[str, Fraction]]) -> tuple[int, int]:
    """The shown rows `rows[low:high]`: without the outcomes at either end whose chance
    shows as "< 0.01%", when there are at least `TAIL` of them."""
    low = 0
    while low < len(rows) and negligible(rows[low][1]):
        low += 1
    high = len(rows)
    while high > low and negligible(rows[high - 1][1]):
        high -= 1
    if low == len(rows):
        return 0, len(rows)
    if low + len(rows) - high < TAIL:
        return 0, len(rows)
    return low, high


def _probability(p: Fraction) -> str:
    return f'<span class="percent">{percent(p)}</span> {exact(p)}'


SHORT = 13
"""An exact fraction longer than this many characters is folded: its digits can run to
99, which would widen any column; the reader opens it on demand."""


def exact(p: Fraction) -> str:
    """The exact value after its rounded one: as it is when short, else folded under a
    summary that says how many digits it has (never a cut form such as "4010…/4010…",
    which reads as 1), the whole fraction inside, selectable as one piece and with a copy
    button the page's script shows."""
    text = str(p)
    if len(text) <= SHORT:
        # A narrow column breaks it after the slash, not before its closing parenthesis.
        return f'<span class="exact">(<span class="fraction">{escape(text).replace("/", "/<wbr>")}</span>)</span>'
    top, _, bottom = text.partition("/")
    size = f"{len(top)} digits over {len(bottom)}" if bottom else f"{len(top)} digits"
    return (
        f'<details class="exact"><summary>exact fraction ({size})</summary>'
        f'<code class="fraction" data-fraction>{escape(text)}</code>'
        '<button type="button" class="calculator-copy-fraction" data-copy-fraction hidden>Copy</button></details>'
    )


def _used(result: Mapping[str, object], options: Sequence[Option] = ()) -> str:
    """The ruleset and the choices the engine made for the players, by their plain names
    (the engine's name in the title, for the command line)."""
    helps = {o.name: o.help for o in options}
    choices = {o.name: o.choices for o in options if o.kind == "choice"}
    items = []
    if "ruleset" in result:
        ruleset = plain(result["ruleset"])
        name, sentence = choice_words("ruleset", ruleset, helps.get("ruleset", ""))
        # The engine's name (what the command line takes) stays in the title.
        items.append(f'<dt>Ruleset</dt><dd title="{escape(ruleset)}">{escape(name)}</dd>')
    policies = result.get("policies")
    texts = result.get("policy_text")
    texts = texts if isinstance(texts, Mapping) else {}
    if isinstance(policies, Mapping):
        for name, policy in policies.items():
            title = str(name).replace("_", " ")
            title = title.removesuffix(" policy")
            engine = _policy_text(policy)
            value = engine.split(" (", 1)[0]
            plain_name, sentence = choice_words(policy_option(str(name)), value, helps.get(policy_option(str(name)), ""))
            # The engine's own statement of the choice, when it gives one, after the plain name.
            option = policy_option(str(name))
            # The engine's reason after it ("the default: optimal would cost ..."), its
            # choices named as the select names them.
            said = named_choices(option, engine[len(value):], choices.get(option, ()), helps.get(option, ""))
            shown = plain_name + said + (f". {texts[name]}" if name in texts else "")
            if sentence and name not in texts:
                shown += f". {sentence}"
            items.append(f'<dt>{escape(title.capitalize())}</dt><dd title="{escape(engine)}">{escape(shown)}</dd>')
    readings = result.get("readings")
    if isinstance(readings, Mapping):
        for name, reading in readings.items():
            title = f"{str(name).replace('_', ' ')} reading"
            value = plain(reading)
            said, sentence = choice_words(f"{name}_reading", value, helps.get(f"{name}_reading", ""))
            shown = f"{said}. {sentence}" if sentence else said
            items.append(f'<dt>{escape(title.capitalize())}</dt><dd title="{escape(value)}">{escape(shown)}</dd>')
    if not items:
        return ""
    return f'<dl class="calculator-used">{"".join(items)}</dl>'


def _policy_text(policy: object) -> str:
    if isinstance(policy, Mapping):
        return ": ".join(str(v) for v in policy.values() if v not in (None, ""))
    return plain(policy)

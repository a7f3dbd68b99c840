"""The result region of a calculator: what the engine's JSON result says, as HTML.

The engines answer in JSON (probabilities as `str(Fraction)`); this module reads that
JSON, not engine objects, so any result shape renders: a distribution over counts becomes
the table P(= k), P(>= k) and a bar chart; a scalar becomes a line; the ruleset and
policies used and the trace steps (`steps.py`) follow.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from html import escape

from rulesengine.calculators.chart import bar_chart
from rulesengine.calculators.numbers import decimal, fraction_of, percent, plain
from rulesengine.calculators.steps import render_steps

APART = ("ruleset", "policies", "policy_text", "readings", "steps")
"""Result keys shown after the outcomes, in their own way."""


def render_result(
    result: Mapping[str, object], *, game: str, labels: Mapping[str, str], base: str, quiet: Sequence[str] = ()
) -> str:
    """`quiet` names parts of the result (path prefixes) shown only when something in them
    is not zero: Deflect's damage when nothing was deflected is noise."""
    shown = [(path, value) for path, value in leaves(result) if label_for(path, labels)]
    silent = {prefix for prefix in quiet if all(_is_zero(v) for p, v in shown if _under(p, prefix))}
    shown = [(p, v) for p, v in shown if not any(_under(p, prefix) for prefix in silent)]
    shown = [(p, v) for p, v in shown if not _says_nothing_new(p, result)]
    # Probabilities first; plain facts about the attack (dice rolled, who was attacked) after.
    shown.sort(key=lambda item: not _is_probabilistic(item[1]))
    parts = [_outcome(path, value, labels) for path, value in shown]
    parts.append(_used(result))
    steps = result.get("steps")
    if isinstance(steps, list) and steps:
        parts.append(render_steps(steps, game=game, base=base))
    return "".join(p for p in parts if p)


def summary(result: Mapping[str, object], labels: Mapping[str, str]) -> str:
    """One short sentence for the live region: the first outcome the result shows, as its
    expected value and the chance of at least one (or its certain value, in a trace)."""
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
            at_least_one = sum((p for k, p in rows.items() if int(str(k)) >= 1), Fraction(0))
            return f"{label}: {decimal(mean)} expected, {percent(at_least_one)} chance of at least 1."
    for path, value in leaves(result):
        label = label_for(path, labels)
        if label and not isinstance(value, Mapping):
            p = chance(path, value)
            return f"{label}: {plain(value) if p is None else percent(p)}."
    return "Result updated."


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


def _outcome(path: str, value: object, labels: Mapping[str, str]) -> str:
    label = label_for(path, labels)
    if isinstance(value, Mapping):
        certain = _certain(value)
        if certain is not None:
            return (
                f'<p class="calculator-value" data-path="{escape(path)}">{escape(label)}: '
                f'<strong>{escape(certain)}</strong> <span class="calculator-certain">(certain)</span></p>'
            )
        return _distribution(path, label, value)
    return _scalar(path, label, value)


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
    what = escape(path.rsplit(".", 1)[-1].replace("_", " "))
    head = (
        f'<tr><th scope="col">{what} k</th><th scope="col">P(= k)</th>'
        + ('<th scope="col">P(≥ k)</th>' if counts else "")
        + "</tr>"
    )
    body = []
    for i, (k, p) in enumerate(rows):
        cells = f"<td>{escape(k)}</td><td>{_probability(p)}</td>"
        if counts:
            cells += f"<td>{_probability(sum((q for _, q in rows[i:]), Fraction(0)))}</td>"
        body.append(f"<tr>{cells}</tr>")
    return (
        f'<figure class="calculator-distribution" data-path="{escape(path)}">'
        f"<figcaption>{escape(label)}</figcaption>"
        f'<table class="calculator-table"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table>'
        f"{bar_chart(rows, label)}</figure>"
    )


def _probability(p: Fraction) -> str:
    return f'<span class="percent">{percent(p)}</span> {exact(p)}'


SHORT = 13
"""An exact fraction longer than this many characters is folded: its digits can run to
99, which would widen any column; the reader opens it on demand."""


def exact(p: Fraction) -> str:
    """The exact value after its rounded one: as it is when short, else folded under a
    shortened form (first digits, an ellipsis, how many digits) and wrapped anywhere."""
    text = str(p)
    if len(text) <= SHORT:
        # A narrow column breaks it after the slash, not before its closing parenthesis.
        return f'<span class="exact">(<span class="fraction">{escape(text).replace("/", "/<wbr>")}</span>)</span>'
    top, _, bottom = text.partition("/")
    short = _short(top) + ("/" + _short(bottom) if bottom else "")
    return (
        f'<details class="exact"><summary>exact {escape(short)}</summary>'
        f'<span class="fraction">{escape(text)}</span></details>'
    )


def _short(digits: str) -> str:
    return digits if len(digits) <= 5 else digits[:4] + "…"


def _used(result: Mapping[str, object]) -> str:
    """The ruleset and the named policies the engine applied for the players' choices."""
    items = []
    if "ruleset" in result:
        items.append(f"<dt>Ruleset</dt><dd>{escape(plain(result['ruleset']))}</dd>")
    policies = result.get("policies")
    texts = result.get("policy_text")
    texts = texts if isinstance(texts, Mapping) else {}
    if isinstance(policies, Mapping):
        for name, policy in policies.items():
            shown = _policy_text(policy) + (f": {texts[name]}" if name in texts else "")
            title = str(name).replace("_", " ")
            title = title if title.endswith("policy") else f"{title} policy"
            items.append(f"<dt>{escape(title.capitalize())}</dt><dd>{escape(shown)}</dd>")
    readings = result.get("readings")
    if isinstance(readings, Mapping):
        for name, reading in readings.items():
            title = f"{str(name).replace('_', ' ')} reading"
            items.append(f"<dt>{escape(title.capitalize())}</dt><dd>{escape(plain(reading))}</dd>")
    return f'<dl class="calculator-used">{"".join(items)}</dl>' if items else ""


def _policy_text(policy: object) -> str:
    if isinstance(policy, Mapping):
        return ": ".join(str(v) for v in policy.values() if v not in (None, ""))
    return plain(policy)

"""What the page's JavaScript renderer of a result (assets/calculators/result-html.mjs) needs
of a calculator to write the result region exactly as Python does (render.result_html):
its labels and quiet parts, its inputs' words (name, kind, label, help, choices, parts),
the plain words of its choices (words.PLAIN), and where each rule a trace step applies is
written (links.py's tables, as addresses from the site root).

One JSON object per calculator; build answers stored as figures only (pair_answers.py) carry
it beside them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from rulesengine.calculators import links
from rulesengine.calculators.registry import Calculator, calculator
from rulesengine.calculators.words import PLAIN
from rulesengine.options import Option
from rulesengine.urls import page_url


def _option(option: Option) -> dict[str, object]:
    out: dict[str, object] = {"name": option.name, "kind": option.kind, "label": option.label}
    if option.help:
        out["help"] = option.help
    if option.choices:
        out["choices"] = list(option.choices)
    if option.joined:
        out["joined"] = option.joined
    if option.parts:
        out["parts"] = [_option(p) for p in option.parts]
    return out


def link_tables() -> dict[str, object]:
    """links.rule_target's tables, each target an address from the site root (page_url and
    its fragment): the renderer puts the page's base before it, as rule_href does."""
    attack = page_url(links.ATTACK_NOTE)
    pages: dict[str, str] = {}
    for key, heading in links.ATTACK_HEADINGS.items():
        pages.setdefault(key, attack + "#" + heading)
    for key, (note, fragment) in links.LEGION_NOTES.items():
        pages.setdefault(key, page_url(note) + fragment)
    for key, name in links.LEGION_KEYWORD_NOTES.items():
        pages.setdefault(key, page_url(f"legion/keywords/{name}.md"))
    swtcg: dict[str, str] = {}
    for key, (note, words) in links.SWTCG_WINDOWS.items():
        swtcg.setdefault(key, page_url(note) + links.text_fragment(words))
    for key in sorted(links.SWTCG_KEYWORD_PAGES):
        swtcg.setdefault(key, page_url(f"swtcg/keywords/{key}.md"))
    return {
        "legion": {
            "attack": attack,
            "titles": {n: links.text_fragment(title) for n, title in links.ATTACK_STEP_TITLES.items()},
            "substeps": {step: links.text_fragment(words, suffix=suffix) for step, (words, suffix) in links.ATTACK_SUBSTEPS.items()},
            "guardian": {step: page_url(links.GUARDIAN_NOTE) + links.text_fragment(words) for step, words in links.GUARDIAN_STEPS.items()},
            "pages": pages,
        },
        "swtcg": {"pages": swtcg},
    }


def meta(calc: Calculator) -> dict[str, object]:
    # Every option's words: a result's policy or reading may name an option of another engine.
    plain: Mapping[str, object] = {k: {v: list(w) for v, w in table.items()} for k, table in PLAIN.items()}
    return {
        "calculator": calc.name,
        "game": calc.game,
        "labels": dict(calc.labels),
        "quiet": list(calc.quiet),
        "options": [_option(o) for o in calc.options],
        "plain": plain,
        "links": {calc.game: link_tables()[calc.game]} if calc.game in ("legion", "swtcg") else {},
    }


@cache
def meta_text(name: str) -> str:
    return json.dumps(meta(calculator(name)), separators=(",", ":"), ensure_ascii=False)

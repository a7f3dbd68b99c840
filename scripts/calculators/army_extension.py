"""The "Your army" page's vault extension: a ```legion-army fenced block becomes the form
where a reader pastes a list exported by Legion HQ or Tabletop Admiral, picks the target
and its cover, and gets the table (assets/calculators/army.mjs computes it in the
calculators' Python worker: `rulesengine.legion.army_page`).

The block's body may name the target and cover the form starts with, one `key: value` a
line (`target: Rebel Troopers`, `cover: light`); a bad name or key stops the build at its
line, as a calculator block does. Without JavaScript the page says what the form does and
that it needs JavaScript: nothing can be computed before a list is pasted, so there is no
result to pre-render.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import cast

from rulesengine.errors import InputError
from rulesengine.legion.army import COVER, RANGES, target
from rulesengine.legion.units import catalogue_json
from scripts.vault.extension import ExtensionProblem, PageContext, SourceLocation

FENCE_NAME = "legion-army"
KEYS = ("target", "cover")
DEFAULT_TARGET = "Stormtroopers"


def _settings(source: str, where: SourceLocation) -> dict[str, str]:
    found: dict[str, str] = {}
    for n, line in enumerate(source.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or key.strip() not in KEYS:
            raise ExtensionProblem(f"{FENCE_NAME} block, line {n}: `key: value` with a key among {', '.join(KEYS)} (got {line.strip()!r})")
        found[key.strip()] = value.strip()
    return found


def _target_options(chosen: str) -> str:
    groups = []
    for faction in cast(Sequence[Mapping[str, object]], catalogue_json()["factions"]):
        options = "".join(f'<option value="{escape(str(u["name"]))}"{" selected" if u["name"] == chosen else ""}>'
                          f'{escape(str(u["name"]), quote=False)}</option>'
                          for u in cast(Sequence[Mapping[str, object]], faction["units"]))
        groups.append(f'<optgroup label="{escape(str(faction["name"]))}">{options}</optgroup>')
    return "".join(groups)


def army_html(target_name: str, cover: str) -> str:
    covers = "".join(f'<option value="{c}"{" selected" if c == cover else ""}>{c}</option>' for c in COVER.choices)
    ranges = f"range {RANGES[0]} to {RANGES[-2]} and in melee"
    return (
        f'<div class="army" data-army="legion" data-target="{escape(target_name)}" data-cover="{escape(cover)}">'
        '<div class="admonition note army-needs-js" data-army-static>'
        '<p class="admonition-title">Needs JavaScript</p>'
        "<p>Paste a list exported by Legion HQ or Tabletop Admiral (the Tabletop Simulator export) and pick a target: "
        f"the page shows, for each unit of the list with its upgrades, the default attack pool at {ranges}, with its exact "
        "expected wounds, the chance of at least one wound and the minis defeated. It computes them in your browser with "
        "the calculators' Python engine, which needs JavaScript; with JavaScript off, the command line does the same: "
        "<code>python -m rulesengine legion-army LIST.json --defender-unit NAME</code>.</p></div>"
        '<form class="army-form" autocomplete="off" hidden data-army-form>'
        '<div class="army-field"><label for="army-list">Your list (Tabletop Simulator export)</label>'
        '<textarea id="army-list" name="list" rows="8" spellcheck="false" aria-describedby="army-list-help army-list-problems" '
        'placeholder="{&quot;listname&quot;: ..., &quot;units&quot;: [...]}"></textarea>'
        '<p class="army-help" id="army-list-help">In Legion HQ: Export, then Tabletop Simulator; paste the text here.</p>'
        '<div class="army-problems" id="army-list-problems" data-army-problems="list" role="alert" hidden></div></div>'
        '<div class="army-choices">'
        '<div class="army-field"><label for="army-target">Target</label>'
        f'<select id="army-target" name="defender_unit" aria-describedby="army-target-problems">{_target_options(target_name)}</select>'
        '<div class="army-problems" id="army-target-problems" data-army-problems="defender_unit" role="alert" hidden></div></div>'
        '<div class="army-field"><label for="army-cover">Cover</label>'
        f'<select id="army-cover" name="cover">{covers}</select></div>'
        '</div>'
        '<p class="army-actions"><button type="submit" class="army-button army-compute">Compute the table</button> '
        '<button type="button" class="army-button" data-army-share>Copy the share link</button></p>'
        '<p class="army-status" data-army-status role="status" aria-live="polite"></p>'
        '<progress class="army-progress" data-army-progress max="1" value="0" hidden>0 of 0 units</progress>'
        '</form>'
        '<div class="army-result" data-army-result hidden></div>'
        "</div>"
    )


@dataclass
class ArmyExtension:
    fence_names: tuple[str, ...] = (FENCE_NAME,)

    def render_fence(self, info: str, source: str, where: SourceLocation, page: PageContext) -> str:
        settings = _settings(source, where)
        try:
            unit = target(settings.get("target", DEFAULT_TARGET), settings.get("cover") or None)
        except InputError as e:
            raise ExtensionProblem(f"{FENCE_NAME} block: {e}") from None
        return f"\n{army_html(unit.unit.name, unit.cover)}\n"

    def page_addition(self, page: PageContext) -> str:
        return ""

    def generated_pages(self, pages: Sequence[PageContext]) -> Mapping[str, str]:
        return {}

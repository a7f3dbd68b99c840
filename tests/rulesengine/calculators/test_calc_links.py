"""Every trace step's link lands on the paragraph of the rule it applies, in the site as
built: the page exists, and the text fragment's words (with their prefix and suffix) are
found the way a browser finds them, first in the page's rendered text, within one block,
in the note's own prose (not the header, navigation or a calculator) and in the right
paragraph (4a on step 4's "a. Roll Dice", 7a on step 7's)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from rulesengine.calculators.links import ATTACK_STEP_TITLES, ATTACK_SUBSTEPS, page_url, rule_href, rule_target, text_fragment
from rulesengine.calculators.steps import render_steps
from rulesengine.legion.api import run as legion_run
from rulesengine.legion.api import run_vehicle_damage
from rulesengine.swtcg.api import run as swtcg_run

ROOT = Path(__file__).resolve().parents[3]

LEGION_TRACES = [
    dict(red=3, attack_faces="hit,surge,crit", surge="hit", critical=1, cover="light", dodge=1, pierce=1,
         impact=1, armor_x=1, defense="red", defense_faces="block", defense_surge="block", suppression=1),
    dict(red=3, attack_faces="hit,hit,hit", pierce=3, guardian=["2,red,none"], guardian_faces=["block,block"],
         defense="red", defense_faces="block"),
    dict(red=2, black=1, attack_faces="hit,hit,surge", guardian=["1,white,block", "1,red,none"],
         guardian_faces=["surge", "blank"], defense="white", ruleset="2.6", impervious=True),
    dict(red=1, attack_faces="hit", melee=True, defense="red", defense_faces="surge"),
]
SWTCG_TRACES = [
    dict(power=5, accuracy=1, armor=True, critical_hit=1, parry=1, evade=1, deflect=1, shields=1, faces="6,1,5,4"),
    dict(power=4, overkill=True, health=2, second_health=3, faces="6,6,6,6"),
    dict(power=2, intercept_by="health=5,parry=1", faces="1,6"),
    dict(power=2, intercept_by="health=5", precision=True, faces="1,6"),
    dict(power=1, bombard=2, faces="6,6"),
    dict(power=1, inspiration=1, pilot_power=1, switch="ground=+1", faces="6,6,6,6"),
    dict(power=2, unpreventable=True, evade=2, faces="6,6"),
    dict(power=2, faces="1,2"),
]
NO_PAGE = {"roll", "reroll", "assign-hits", "place-damage", "power", "unpreventable"}
"""SWTCG steps whose rule is the sequence itself, not a keyword or paragraph with a page."""

# Where each Legion step must land: words of the paragraph (block) the browser marks.
LEGION_PARAGRAPH = {
    "guardian": "defending against a ranged attack",
    "pierce": "treat canceled block",
    "vehicle-damage": "After a vehicle model has received",
}


def emitted_steps() -> list[tuple[str, str, str]]:
    """(game, step id, rule) of every step the representative traces emit."""
    out: list[tuple[str, str, str]] = []
    results = [("legion", legion_run(v)) for v in LEGION_TRACES]
    results += [("legion", run_vehicle_damage({"ruleset": "notes", "face": face})) for face in ("block", "blank", "surge")]
    results += [("swtcg", swtcg_run(v)) for v in SWTCG_TRACES]
    for game, result in results:
        for step in result["steps"]:
            key = (game, str(step["step"]), str(step["rule"]))
            if key not in out:
                out.append(key)
    return out


STEPS = emitted_steps()


def test_the_traces_cover_every_step_the_engines_name():
    legion = {step for game, step, _ in STEPS if game == "legion"}
    assert legion == {"4a", "4b", "4c", "5", "6", "guardian", "pierce", "7a", "7c", "8", "9", "10", "vehicle-damage"}
    swtcg = {rule for game, _, rule in STEPS if game == "swtcg"}
    assert {"shields", "accuracy", "armor", "critical-hit", "parry", "evade", "deflect", "overkill", "intercept",
            "precision", "bombard", "inspiration", "pilot", "switch", "pending-damage", "damage-prevention"} <= swtcg


@pytest.fixture
def site(site: Any) -> Path:
    """The shipped site's files, as `mkdocs build --strict` builds them: the build each
    worker makes once (tests/conftest.py)."""
    return Path(site.root)


# --- the page as a browser's text search sees it -------------------------------------

BLOCKS = {
    "address", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "dt", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "label", "li", "main", "nav", "ol", "option",
    "p", "pre", "section", "select", "summary", "table", "td", "th", "tr", "ul",
}
UNSEEN = {"head", "script", "style", "template", "svg", "noscript", "title"}
VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "area", "base", "col", "embed", "param", "track"}


@dataclass
class Run:
    """Text between two block boundaries; `prose` if it is the note's own words."""

    prose: bool
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", "".join(self.parts)).strip()


class RenderedText(HTMLParser):
    """Runs of rendered text: markup stripped, images give no text, <br> is a space."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[Run] = []
        self._open: list[tuple[str, bool]] = []  # (tag, is it page furniture?)
        self._unseen = 0
        self.feed(html)

    def _furniture(self) -> bool:
        return any(f for _, f in self._open)

    def _boundary(self) -> None:
        self.runs.append(Run(prose=not self._furniture()))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in UNSEEN:
            self._unseen += 1
        if tag == "br":
            self.handle_data(" ")
        if tag in VOID:
            if tag in BLOCKS:
                self._boundary()
            return
        classes = (a.get("class") or "").split()
        furniture = tag in ("header", "nav", "footer") or "md-sidebar" in classes or "data-calculator" in a
        self._open.append((tag, furniture))
        if tag in BLOCKS:
            self._boundary()

    def handle_endtag(self, tag: str) -> None:
        if tag in UNSEEN:
            self._unseen -= 1
        if tag in VOID:
            return
        while self._open:
            name, _ = self._open.pop()
            if name == tag:
                break
        if tag in BLOCKS:
            self._boundary()

    def handle_data(self, data: str) -> None:
        if self._unseen:
            return
        if not self.runs:
            self._boundary()
        self.runs[-1].parts.append(data)


@dataclass(frozen=True)
class Landing:
    run: Run
    before: str  # the run's text before the match


def parse_fragment(fragment: str) -> tuple[str, str, str]:
    """(prefix, text, suffix) of `:~:text=[prefix-,]text[,-suffix]`."""
    assert fragment.startswith(":~:text="), fragment
    prefix = suffix = ""
    words = []
    for part in fragment[len(":~:text="):].split(","):
        if part.endswith("-"):
            prefix = unquote(part[:-1])
        elif part.startswith("-"):
            suffix = unquote(part[1:])
        else:
            words.append(unquote(part))
    assert len(words) == 1, f"one text, no textEnd: {fragment}"
    return prefix, words[0], suffix


def land(html: str, fragment: str) -> Landing | None:
    """Where a browser's text fragment lands: the first run (in document order) that holds
    prefix, text and suffix with only spaces between, case-insensitively, on word edges."""
    prefix, words, suffix = parse_fragment(fragment)

    def loose(s: str) -> str:
        return r"\s+".join(re.escape(w) for w in s.split())

    pattern = (rf"(?<!\w){loose(prefix)}\s*" if prefix else r"(?<!\w)") + loose(words)
    pattern += rf"\s*{loose(suffix)}" if suffix else r"(?!\w)"
    for run in RenderedText(html).runs:
        found = re.search(pattern, run.text, re.IGNORECASE)
        if found:
            return Landing(run, run.text[: found.start()].rstrip())
    return None


# --- the links ------------------------------------------------------------------------


@pytest.mark.parametrize("game,step,rule", STEPS, ids=[f"{g}-{s}-{r}" for g, s, r in STEPS])
def test_each_step_lands_on_its_paragraph(site, game, step, rule):
    target = rule_target(game, rule, step)
    if target is None:
        assert game == "swtcg" and rule in NO_PAGE, (step, rule)
        return
    path, fragment = target
    page = site / unquote(page_url(path)) / "index.html"
    assert page.is_file(), (step, rule, path)
    html = page.read_text()
    if fragment.startswith("#:~:text="):
        landing = land(html, fragment[1:])
        assert landing is not None, f"{fragment} is not in {path}'s rendered text"
        assert landing.run.prose, f"{fragment} first lands in the page furniture or a calculator: {landing.run.text[:80]}"
        if game == "legion" and rule.startswith("attack-step-"):
            title = ATTACK_STEP_TITLES[rule[len("attack-step-"):]]
            assert landing.run.text.startswith(title), (step, landing.run.text[:80])
            if step[1:]:  # a sub-step: its letter stands right before the title
                assert landing.before.endswith(f"{step[1:]}."), (step, landing.before[-40:])
        elif step in LEGION_PARAGRAPH:
            assert LEGION_PARAGRAPH[step] in landing.run.text, (step, landing.run.text[:80])
    elif fragment:
        assert f'id="{fragment[1:]}"' in html, (step, rule, fragment)
    else:
        assert game == "swtcg" or rule not in ("guardian-x", "vehicle-damage"), "these steps have a paragraph to land on"


def test_every_legion_step_has_its_own_paragraph():
    legion = [(step, rule) for game, step, rule in STEPS if game == "legion"]
    hrefs = [rule_href("legion", rule, "", step) for step, rule in legion]
    assert all(h and "#" in h for h in hrefs), hrefs
    assert len(set(hrefs)) == len(hrefs), "no two steps share a link"


def test_swtcg_keyword_steps_link_to_their_keyword_pages():
    assert rule_href("swtcg", "parry", "../") == "../swtcg/keywords/parry/"
    assert rule_href("swtcg", "critical-hit", "") == "swtcg/keywords/critical-hit/"
    # The glossary still calls Precision by its old name.
    assert rule_href("swtcg", "precision", "") == "swtcg/keywords/elude/"
    for game, step, rule in STEPS:
        if game == "swtcg" and rule not in NO_PAGE and not rule.endswith("-damage") and rule not in ("attack", "damage-prevention"):
            assert rule_href(game, rule, "", step) == f"swtcg/keywords/{'elude' if rule == 'precision' else rule}/"


def test_the_step_id_picks_the_substep():
    assert rule_href("legion", "attack-step-4", "", "4a") == "legion/attack/#:~:text=Roll%20Dice,-%3A%20The%20attacker%20rolls"
    assert rule_href("legion", "attack-step-7", "", "7a") == "legion/attack/#:~:text=Roll%20Dice,-%3A%20For%20each%20hit"
    # Without a step id, or with one from another step, the step's own title.
    assert rule_href("legion", "attack-step-7", "") == "legion/attack/#:~:text=Roll%20Defense%20Dice"
    assert rule_href("legion", "attack-step-7", "", "4a") == "legion/attack/#:~:text=Roll%20Defense%20Dice"
    assert rule_href("legion", "guardian-x", "") == "legion/keywords/guardian-x/"


def test_the_rendered_trace_passes_the_step_id():
    steps: list[object] = [
        {"step": "4a", "title": "Roll Dice", "rule": "attack-step-4", "text": "", "state": {}},
        {"step": "7a", "title": "Roll Defense Dice", "rule": "attack-step-7", "text": "", "state": {}},
        {"step": "pierce", "title": "Pierce X against a guardian", "rule": "guardian-x", "text": "", "state": {}},
    ]
    html = render_steps(steps, game="legion", base="../")
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert hrefs == [
        "../legion/attack/#:~:text=Roll%20Dice,-%3A%20The%20attacker%20rolls",
        "../legion/attack/#:~:text=Roll%20Dice,-%3A%20For%20each%20hit",
        "../legion/keywords/guardian-x/#:~:text=The%20pierce%20x%20keyword%20can%20be%20used%20to%20cancel%20block",
    ]


def test_text_fragments_escape_their_own_syntax():
    assert text_fragment("a-b, c & d", prefix="x-y", suffix="z,") == "#:~:text=x%2Dy-,a%2Db%2C%20c%20%26%20d,-z%2C"
    assert parse_fragment(text_fragment("a-b, c", prefix="p", suffix="s")[1:]) == ("p", "a-b, c", "s")


def test_the_landing_model_finds_words_across_inline_markup_only():
    html = "<body><p>a. <strong><em>Roll Dice</em></strong>: The attacker</p><p>b. Roll</p><p>Dice here</p></body>"
    found = land(html, text_fragment("Roll Dice", suffix=": The attacker")[1:])
    assert found is not None and found.before == "a."
    assert land(html, text_fragment("Roll Dice here")[1:]) is None, "a match may not cross a block"
    assert land("<body><header><p>Roll Dice</p></header></body>", text_fragment("Roll Dice")[1:]).run.prose is False
    assert land("<body><p>Reroll Dice</p></body>", text_fragment("Roll Dice")[1:]) is None, "matches start on a word"


@pytest.mark.parametrize("step", sorted(ATTACK_SUBSTEPS))
def test_every_substep_in_the_table_lands_on_its_own_letter(site, step):
    """Also the sub-steps no trace emits yet (7b)."""
    path, fragment = rule_target("legion", f"attack-step-{step[0]}", step) or ("", "")
    landing = land((site / unquote(page_url(path)) / "index.html").read_text(), fragment[1:])
    assert landing is not None and landing.run.prose
    assert landing.run.text.startswith(ATTACK_STEP_TITLES[step[0]]) and landing.before.endswith(f"{step[1]}.")

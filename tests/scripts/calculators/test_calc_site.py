"""The shipped vault built with the calculator extension: every example block in the
owner's notes passes, implemented keyword pages carry a calculator, step links land on
real pages, and parity: every pre-rendered result equals what the engine computes now
(the same call the browser makes)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from urllib.parse import unquote

from rulesengine.calculators.api import calculate
from scripts.site.page_safety import safe_body

ROOT = Path(__file__).resolve().parents[3]
EXTENSION = "scripts.calculators.extension:CalculatorExtension"


def test_the_site_config_lists_the_extension():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    assert EXTENSION in config["extra"]["vault"]["extensions"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped vault built with the vault hook and this extension only (the browser
    assets are another test's business), with --strict."""
    tmp = tmp_path_factory.mktemp("calc-site")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    config["docs_dir"] = str(ROOT / "docs")
    config["hooks"] = [str(ROOT / "scripts" / "site" / "shell" / "hook.py")]
    config.pop("watch", None)
    config["extra"]["vault"]["extensions"] = [EXTENSION]
    (tmp / "mkdocs.yml").write_text(yaml.safe_dump(config))
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(tmp / "mkdocs.yml"), "-d", str(tmp / "site")],
        capture_output=True, text=True, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"}, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return tmp / "site"


class _Calculators(HTMLParser):
    """Each calculator root's attributes and the raw HTML of its result region."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.html = html
        self.found: list[tuple[dict[str, str | None], str]] = []
        self._root: dict[str, str | None] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-calculator" in a:
            self._root = a
        elif "data-result" in a and self._root is not None:
            start = self._offset() + len(self.get_starttag_text() or "")
            end = self.html.index("</div>", start)  # a result region holds no <div>
            self.found.append((self._root, self.html[start:end]))
            self._root = None

    def _offset(self) -> int:
        line, column = self.getpos()
        lines = self.html.split("\n")
        return sum(len(x) + 1 for x in lines[: line - 1]) + column


def calculators_in(site: Path) -> list[tuple[str, dict[str, str | None], str]]:
    out = []
    for page in sorted(site.rglob("*.html")):
        for attrs, result in _Calculators(page.read_text()).found:
            out.append((str(page.relative_to(site)), attrs, result))
    return out


def test_parity_every_pre_rendered_result_is_what_the_engine_computes_now(site):
    found = calculators_in(site)
    assert len(found) >= 30
    for page, attrs, result in found:
        assert attrs["data-state"] == "static"
        request = {"calculator": attrs["data-calculator"], "inputs": json.loads(attrs["data-preset"] or "{}"), "base": attrs["data-base"]}
        answer = json.loads(calculate(json.dumps(request)))
        assert answer["ok"], (page, answer)
        # The page's body went through the sanitiser (scripts/site/page_safety.py), which writes
        # the same markup in its own spelling (an apostrophe as ', not &#x27;).
        assert result == safe_body(answer["html"]), page
        assert "<div" not in answer["html"]


@pytest.mark.parametrize(
    "page,calculators,examples",
    [
        ("legion/keywords/guardian-x/index.html", ["legion-attack"], 9),  # 4, the 2.6 guardian fields, and 2026's token
        ("legion/keywords/pierce-x/index.html", ["legion-attack"], 1),
        ("legion/attack/index.html", ["legion-attack"], 1),  # the several-pools worked example
        ("legion/attack-resolution-and-vehicle-damage/index.html", ["legion-vehicle-damage", "legion-attack"], 3),
        ("swtcg/the-cantina/index.html", ["swtcg-attack"], 10),
        ("swtcg/keywords/evade/index.html", ["swtcg-attack"], 0),
        ("swtcg/keywords/hidden-cost/index.html", ["swtcg-hidden-cost"], 0),
        ("swtcg/keywords/enhance/index.html", [], 0),
    ],
)
def test_pages_carry_one_calculator_of_each_kind_and_a_list_of_examples(site, page, calculators, examples):
    html = (site / page).read_text()
    assert re.findall(r'data-calculator="([^"]+)"', html) == calculators
    assert len(re.findall(r"data-example(?:=\"\")? ", html)) == examples
    # The list follows the calculator; each example is checked and loads into it.
    if examples:
        assert html.index("data-calculator=") < html.index("Worked examples")
        assert html.count('class="calculator-example-load"') == examples


def test_the_guardian_example_is_pre_rendered_in_trace_mode(site):
    html = (site / "legion/keywords/guardian-x/index.html").read_text()
    first = html[html.index('data-calculator="legion-attack"'):]
    first = first[: first.index("</ol>")]
    assert "Pierce cancels 2 blocks of guardian 1, which suffers 2 wounds; 1 Pierce left." in first
    assert 'href="../../../legion/attack/#:~:text=Apply%20Dodge%20and%20Cover"' in first


def test_every_step_link_lands_on_a_page_and_anchor_that_exist(site):
    checked = 0
    for page, _, result in calculators_in(site):
        for href in re.findall(r'href="([^"]+)"', result):
            path, _, fragment = href.partition("#")
            target = (site / page).parent / unquote(path) / "index.html"
            assert target.resolve().is_file(), (page, href)
            if fragment and not fragment.startswith(":~:text="):
                assert f'id="{fragment}"' in target.read_text(), (page, href)
            checked += 1
    assert checked > 10


def test_calculators_stay_out_of_the_search_index(site):
    index = (site / "search" / "search_index.json").read_text()
    assert "P(= k)" not in index and "More inputs" not in index
    assert "Prevent up to X damage" in index


def test_the_coverage_page_lists_every_block_passing(site):
    html = (site / "coverage/index.html").read_text()
    assert html.count("passes") >= 17 and "<strong>fails</strong>" not in html
    for keyword in ("Guardian X", "Armor", "Critical Hit", "Hidden Cost", "Enhance"):
        assert keyword in html


TRACES = [
    ("swtcg-attack", dict(power=5, accuracy=1, armor=True, critical_hit=1, parry=1, evade=1, deflect=1, shields=1, faces="6,1,5,4")),
    ("swtcg-attack", dict(power=5, health=2, overkill=True, second_health=3, second_evade=1, faces="6,6,6,6,6")),
    ("swtcg-attack", dict(power=2, intercept_by="health=5,parry=1", faces="1,6")),
    ("swtcg-attack", dict(power=2, intercept_by="health=5", precision=True, faces="1,6")),
    ("swtcg-attack", dict(power=1, bombard=2, faces="6,6")),
    ("swtcg-attack", dict(power=1, inspiration=1, pilot_power=1, switch="ground=+1", faces="6,6,6,6")),
    ("legion-attack", dict(red=3, attack_faces="hit,surge,crit", surge="hit", critical=1, cover="light", dodge=1, pierce=1,
                           impact=1, armor_x=1, defense="red", defense_faces="block", defense_surge="block", suppression=1)),
    ("legion-attack", dict(red=2, attack_faces="hit,hit", guardian=["1,red,block"], guardian_faces=["surge"], defense_faces="blank")),
    ("legion-vehicle-damage", dict(ruleset="notes", face="block")),
]
NO_PAGE = {"roll", "reroll", "assign-hits", "place-damage", "power", "unpreventable"}
"""Trace steps whose rule is the sequence itself, not a keyword or paragraph with a page."""


def test_every_rule_a_trace_names_has_a_page_or_is_known_to_have_none(site):
    from rulesengine.calculators.links import page_url, rule_target
    from rulesengine.calculators.registry import calculator

    for name, inputs in TRACES:
        calc = calculator(name)
        for step in calc.run(inputs)["steps"]:
            target = rule_target(calc.game, step["rule"])
            if target is None:
                assert step["rule"] in NO_PAGE, (name, step)
                continue
            page = site / unquote(page_url(target[0])) / "index.html"
            assert page.is_file(), (name, step["rule"], target)


def test_every_page_the_link_table_names_is_built(site):
    from rulesengine.calculators import links

    targets = [links.ATTACK_NOTE]
    targets += [path for path, _ in links.LEGION_NOTES.values()]
    targets += [f"legion/keywords/{note}.md" for note in links.LEGION_KEYWORD_NOTES.values()]
    targets += [path for path, _ in links.SWTCG_WINDOWS.values()]
    targets += [f"swtcg/keywords/{slug}.md" for slug in links.SWTCG_KEYWORD_PAGES]
    for target in targets:
        assert (site / unquote(links.page_url(target)) / "index.html").is_file(), target
    attack = (site / "legion" / "attack" / "index.html").read_text()
    for anchor in links.ATTACK_HEADINGS.values():
        assert f'id="{anchor}"' in attack

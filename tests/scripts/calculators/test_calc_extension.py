"""The vault extension: blocks run through the engine, failing expectations stop the
build with path:line, keyword pages get the registry's calculator, the coverage page."""

from __future__ import annotations

import json

import pytest

from rulesengine.calculators.api import calculate
from scripts.calculators.extension import CalculatorExtension
from scripts.vault.extension import ExtensionProblem, PageContext, SourceLocation
from tests.rulesengine.calculators.dom import parse

CANTINA = PageContext("swtcg/The Cantina.md", "The Cantina", "swtcg", None)
EVADE = PageContext("swtcg/keywords/evade.md", "Evade", "swtcg", "Evade")
ENHANCE = PageContext("swtcg/keywords/enhance.md", "Enhance", "swtcg", "Enhance")
GUARDIAN = PageContext("legion/keywords/Guardian X.md", "Guardian X", "legion", "Guardian X")
HOME = PageContext("index.md", "Home", None, None)

PARRY = """calculator: swtcg-attack
keyword: Parry
power: 4
parry: 1
faces: 1,1,5,6
expect damage: {damage}
"""


def render(ext: CalculatorExtension, source: str, page: PageContext = CANTINA, line: int = 20) -> str:
    return ext.render_fence("calculator", source, SourceLocation(page.src_path, line), page)


def test_a_passing_block_renders_a_calculator_preset_to_its_inputs():
    html = render(CalculatorExtension(), PARRY.format(damage=1))
    root = parse(html).find("div", data_calculator="swtcg-attack")
    assert json.loads(root.attrs["data-preset"]) == {"power": 4, "parry": 1, "faces": "1,1,5,6"}
    assert root.attrs["data-base"] == "../../"
    assert root.find("input", name="parry").attrs["value"] == "1"


def test_a_failing_expectation_names_its_line_and_both_values():
    with pytest.raises(ExtensionProblem) as raised:
        render(CalculatorExtension(), PARRY.format(damage=2), line=20)
    assert str(raised.value) == "calculator block: line 26: expect damage: 2, but the engine gives 1"


@pytest.mark.parametrize(
    "source,words",
    [
        ("calculator: swtcg-atack\n", "unknown calculator 'swtcg-atack'; choose one of: legion-attack"),
        ("calculator: swtcg-attack\npowr: 3\n", "line 22: calculator swtcg-attack has no input 'powr'"),
        ("calculator: swtcg-attack\npower: 99\n", "line 22: --power: a whole number from 0 to 30 (got 99)"),
        ("calculator: swtcg-attack\nexpect nothing.here: 1\n", "line 22: expect nothing.here: the result has no 'nothing'"),
        ("calculator: swtcg-attack\npower: 2\nexpect damage: 1\n", "line 23: expect damage: 1, but the engine gives a distribution"),
        ("calculator: swtcg-attack\nfaces: 6\n", "line 22: --faces: 3 comma-separated faces"),
    ],
)
def test_a_block_that_cannot_run_stops_the_build_with_its_line(source, words):
    with pytest.raises(ExtensionProblem) as raised:
        render(CalculatorExtension(), source, line=20)
    assert words in str(raised.value)


def test_expectations_on_probabilities_are_exact():
    ext = CalculatorExtension()
    # 2 dice hitting on 4+: P(2 damage) = 1/4, and 0.25 is the same number.
    for written in ("1/4", "0.25", "2/8"):
        render(ext, f"calculator: swtcg-attack\npower: 2\nhealth: 9\nexpect damage[2]: {written}\nexpect damage[7]: 0\n")
    render(ext, "calculator: swtcg-attack\npower: 2\nhealth: 9\nexpect damage[>=1]: 3/4\nexpect damage[>=0]: 1\nexpect damage[>=3]: 0\n")
    with pytest.raises(ExtensionProblem):
        render(ext, "calculator: swtcg-attack\npower: 2\nhealth: 9\nexpect damage[2]: 1/3\n")


def test_the_hits_on_probe_reads_the_roll():
    render(CalculatorExtension(), "calculator: swtcg-attack\naccuracy: 1\narmor: true\nexpect hits-on: 4,5,6\n")
    with pytest.raises(ExtensionProblem) as raised:
        render(CalculatorExtension(), "calculator: swtcg-attack\narmor: true\nexpect hits-on: 4,5,6\n")
    assert "the engine gives 5,6" in str(raised.value)


def test_keyword_pages_without_a_block_get_the_registrys_calculator():
    ext = CalculatorExtension()
    root = parse(ext.page_addition(EVADE)).find("div", data_calculator="swtcg-attack")
    assert json.loads(root.attrs["data-preset"])["evade"] > 0
    assert ext.page_addition(HOME) == ""
    guardian = parse(ext.page_addition(GUARDIAN)).find("div", data_calculator="legion-attack")
    assert guardian.find("input", name="guardian").attrs["value"]


def test_a_keyword_with_no_number_says_why_on_its_page():
    from rulesengine.swtcg.api import NO_NUMBER

    addition = CalculatorExtension().page_addition(ENHANCE)
    assert "data-calculator" not in addition
    assert 'No calculator</p>' in addition and NO_NUMBER["Enhance"] in addition


def test_a_page_with_a_block_gets_no_second_calculator():
    ext = CalculatorExtension()
    render(ext, PARRY.format(damage=1), page=EVADE)
    assert ext.page_addition(EVADE) == ""


def test_pre_rendered_results_equal_what_the_browser_gets():
    ext = CalculatorExtension()
    for html in (render(ext, PARRY.format(damage=1)), ext.page_addition(EVADE), ext.page_addition(GUARDIAN)):
        root = parse(html).find("div", class_=None, data_state="static")
        request = {"calculator": root.attrs["data-calculator"], "inputs": json.loads(root.attrs["data-preset"]), "base": root.attrs["data-base"]}
        answer = json.loads(calculate(json.dumps(request)))
        assert answer["ok"]
        assert f'data-result>{answer["html"]}</div></div>' in html


def test_the_coverage_page_lists_keywords_blocks_and_their_results():
    ext = CalculatorExtension()
    render(ext, PARRY.format(damage=1), line=20)
    with pytest.raises(ExtensionProblem):
        render(ext, PARRY.format(damage=3), line=40)
    pages = [CANTINA, EVADE, ENHANCE, GUARDIAN, HOME, PageContext("swtcg/keywords/parry.md", "Parry", "swtcg", "Parry")]
    coverage = ext.generated_pages(pages)["coverage.md"]
    lines = coverage.splitlines()
    row = next(line for line in lines if line.startswith("| [Parry]"))
    assert "implemented" in row and "`swtcg-attack`" in row
    assert "[line 20](swtcg/The%20Cantina.md) of The Cantina.md: passes" in row
    assert "[line 40](swtcg/The%20Cantina.md) of The Cantina.md: **fails**" in row
    enhance = next(line for line in lines if line.startswith("| [Enhance]"))
    assert "no number: Enhance" in enhance
    assert any(line.startswith("| [Guardian X](legion/keywords/Guardian%20X.md) | implemented | `legion-attack`") for line in lines)
    assert any("swtcg/The Cantina.md:40" in line and "expect damage: 3, but the engine gives 1" in line for line in lines)


def test_the_coverage_page_says_when_a_keyword_changes_no_die():
    ext = CalculatorExtension()
    render(ext, PARRY.format(damage=1), line=20)
    pages = [PageContext("legion/keywords/Cumbersome.md", "Cumbersome", "legion", "Cumbersome"), GUARDIAN]
    lines = ext.generated_pages(pages)["coverage.md"].splitlines()
    assert any(line.startswith("| [Cumbersome](legion/keywords/Cumbersome.md) | implemented (changes no die) | `legion-attack`")
               for line in lines)
    assert any(line.startswith("| [Guardian X](legion/keywords/Guardian%20X.md) | implemented | `legion-attack`") for line in lines)


def test_a_transcluded_block_is_listed_once_where_it_is_written():
    ext = CalculatorExtension()
    source = PARRY.format(damage=1)
    here = SourceLocation(CANTINA.src_path, 20)
    ext.render_fence("calculator", source, here, CANTINA)
    html = ext.render_fence("calculator", source, here, EVADE)  # ![[The Cantina]] inside the Evade page
    assert 'data-base="../../../"' in html  # links resolve from the page that shows it
    assert ext.page_addition(EVADE) == ""
    coverage = ext.generated_pages([CANTINA, EVADE])["coverage.md"]
    assert coverage.count("swtcg/The Cantina.md:20") == 1

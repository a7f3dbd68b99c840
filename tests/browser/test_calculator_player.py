"""The calculators in the player's words (issue 23): controls a player knows, the rulebook's
words, the answer first, refusals that help, sharing and reaching the calculator.

Expected numbers come from CPython's `calculate` for the request the page sent, or from
Fractions computed here from the engine's JSON, never from figures written in the test.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import expect

from rulesengine.legion.api import OPTIONS
from tests.browser.conftest import WAIT_MS
from tests.browser.harness import Server, Visit
from tests.browser.test_calculators import cpython_answer, first_calculator, wait_state

pytestmark = pytest.mark.browser

GUARDIAN_X = "legion/keywords/guardian-x/"
ATTACK = "legion/attack/"
AIM = "legion/keywords/aim/"
VEHICLE = "legion/attack-resolution-and-vehicle-damage/"


def request_of(root: Any) -> dict[str, Any]:
    return dict(root.page.evaluate("el => window.rulesCalculators.request(el)", root.element_handle()))


def recomputed(root: Any) -> dict[str, Any]:
    """Wait for the answer to the reader's last change; the request the page sent."""
    wait_state(root, "ready")
    return request_of(root)


def open_group(root: Any, heading: str) -> None:
    group = root.locator("details.calculator-more", has=root.page.locator(f"summary:text-is('{heading}')"))
    if not group.evaluate("el => el.open"):
        group.locator("> summary").click()


def test_counts_are_steppers_and_dice_colour_pickers(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(answering.page)
    open_group(root, "Dice")
    black = root.locator("[name='black']")
    before = int(black.input_value())
    stepper = root.locator(".calculator-stepper", has=answering.page.locator("[name='black']"))
    assert stepper.get_attribute("data-die") == "black", "a die's count shows its colour"
    stepper.locator("[data-step='1']").click()
    assert black.input_value() == str(before + 1)
    request = recomputed(root)
    assert request["inputs"]["black"] == before + 1
    # The step buttons stay out of the tab order: the number box is the spin button.
    assert stepper.locator("button").evaluate_all("bs => bs.map(b => b.tabIndex)") == [-1, -1]
    # The defense die is a pair of coloured buttons (radios), not a word list.
    open_group(root, "Dice")
    picker = root.locator("fieldset.calculator-dice-field", has=answering.page.locator("[name='defense']"))
    assert picker.locator("input[type=radio]").count() == 2
    picker.locator("label[data-die='red']").click()
    assert recomputed(root)["inputs"]["defense"] == "red"
    answer = cpython_answer(request_of(root))
    assert answer["ok"]


def guardian_row_fields() -> list[str]:
    guardian = next(o for o in OPTIONS if o.name == "guardian")
    return [p.name for p in guardian.fields(OPTIONS)]


def test_guardians_are_rows_drawn_from_the_declared_fields_with_add_and_remove(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(answering.page)
    field = root.locator("fieldset.calculator-rows-field", has=answering.page.locator("[name='guardian']"))
    text = field.locator("[name='guardian']")
    expect(text).to_be_hidden()
    rows = field.locator("fieldset.calculator-row")
    expect(rows).to_have_count(1)
    # One control per field the engine declares for a guardian, in its order.
    assert rows.first.locator("[data-part]").evaluate_all("els => els.map(e => e.dataset.part)") == guardian_row_fields()
    preset = text.input_value()
    x, die, surge = preset.split(",")[:3]
    assert rows.first.locator("[data-part='x'] input").input_value() == x
    assert rows.first.locator(f"[data-part='die'] button[data-die='{die}']").get_attribute("aria-pressed") == "true"
    field.locator("[data-row-add]").click()
    expect(rows).to_have_count(2)
    second = rows.nth(1)
    second.locator("[data-part='x'] [data-step='1']").click()
    second.locator("[data-part='die'] button[data-die='white']").click()
    second.locator("[data-part='immune_pierce'] input").check()
    assert text.input_value() == f"{preset}; 2,white,none,immune-pierce", "the command line's syntax"
    request = recomputed(root)
    assert request["inputs"]["guardian"] == f"{preset}; 2,white,none,immune-pierce"
    # Results name the guardians as the rules do.
    named = root.locator("[data-path='guardians[1].guardian']")
    expect(named).to_have_text("Guardian 2: Guardian 2, white defense die, defense surge chart: none, Immune: Pierce")
    assert "2,white" not in root.locator("[data-result]").inner_text()
    # The address shares the rows; a new tab draws them again.
    shared = answering.page.url
    assert "c.guardian=" in shared
    rows.first.locator("[data-row-remove]").click()
    expect(rows).to_have_count(1)
    assert text.input_value() == "2,white,none,immune-pierce"
    recomputed(root)
    answering.page.goto(shared)
    root = first_calculator(answering.page)
    recomputed(root)
    again = root.locator("fieldset.calculator-row")
    expect(again).to_have_count(2)
    assert again.nth(1).locator("[data-part='immune_pierce'] input").is_checked()


def test_further_pools_and_defenders_are_rows_too(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + ATTACK)
    root = first_calculator(answering.page)
    pools = root.locator("fieldset.calculator-rows-field", has=answering.page.locator("[name='pool']"))
    defenders = root.locator("fieldset.calculator-rows-field", has=answering.page.locator("[name='defender']"))
    for field in (pools, defenders):
        if not field.is_visible():
            field.locator("xpath=ancestor::details[1]/summary").click()
    pool_text, defender_text = root.locator("[name='pool']").input_value(), root.locator("[name='defender']").input_value()
    pool_rows = pools.locator("[data-rows] > .calculator-rows > fieldset.calculator-row")
    defender_rows = defenders.locator("[data-rows] > .calculator-rows > fieldset.calculator-row")
    had_pools, had_defenders = pool_rows.count(), defender_rows.count()
    assert had_pools == len([p for p in pool_text.split(";") if p.strip()])
    defenders.locator("[data-rows] > .calculator-rows > [data-row-add]").click()
    pools.locator("[data-rows] > .calculator-rows > [data-row-add]").click()
    pool = pool_rows.nth(had_pools)
    assert pool.locator("legend").inner_text() == f"Pool {2 + had_pools}"
    target = had_defenders + 2  # the defender just added (defender 1 is the ordinary inputs')
    # A new pool starts against the defender of its own number (pool N attacks defender N),
    # never against one an earlier pool attacks.
    assert target == 2 + had_pools
    assert pool.locator("[data-part='defender'] input").input_value() == str(2 + had_pools)
    pool.locator("[data-part='black'] [data-step='1']").click()
    pool.locator("[data-part='black'] [data-step='1']").click()
    defender = defender_rows.nth(had_defenders)
    defender.locator("[data-part='defense'] button[data-die='red']").click()
    # The items already there keep their meaning (their words may come in the fields' order).
    pools_now = [p.strip() for p in root.locator("[name='pool']").input_value().split(";")]
    defenders_now = [d.strip() for d in root.locator("[name='defender']").input_value().split(";")]
    assert pools_now[-1] == f"defender={target} black=2" and defenders_now[-1] == "defense=red"
    assert [sorted(p.split()) for p in pools_now[:-1]] == [sorted(p.split()) for p in pool_text.split(";") if p.strip()]
    assert [sorted(d.split()) for d in defenders_now[:-1]] == [sorted(d.split()) for d in defender_text.split(";") if d.strip()]
    request = recomputed(root)
    answer = cpython_answer(request)
    assert answer["ok"] and len(answer["result"]["defenders"]) == had_defenders + 2
    # No form input is typed in a mini-language: every text box of the form is hidden
    # behind its controls (a unit's name, picked from a list, is a name).
    visible_text = root.locator("form input[type=text]:visible:not([list])")
    assert visible_text.count() == 0


def test_policies_have_plain_names_and_a_sentence(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + AIM)
    root = first_calculator(answering.page)
    select = root.locator("select[name='aim_policy']")
    if not select.is_visible():
        open_group(root, "Choices and ruleset")
    names = select.locator("option").all_inner_texts()
    assert all(not re.fullmatch(r"[a-z-]+", n) for n in names), names
    said = root.locator(".calculator-field", has=answering.page.locator("select[name='aim_policy']")).locator("[data-choice-words]")
    first = said.inner_text()
    assert first.endswith(".") and len(first.split(".")) == 2, "one sentence"
    select.select_option("crit-fishing")
    expect(said).not_to_have_text(first)
    request = recomputed(root)
    assert request["inputs"]["aim_policy"] == "crit-fishing", "the engine's name is still what is sent"
    used = root.locator("dl.calculator-used").inner_text()
    assert "crit-fishing" not in used and select.locator("option:checked").inner_text() in used


def test_trace_steps_are_sentences_with_the_state_folded_and_no_timings(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(answering.page)
    steps = root.locator("ol.calculator-steps > li")
    assert steps.count() > 3
    for i in range(steps.count()):
        step = steps.nth(i)
        assert not re.search(r"\((crits|crit) \d", step.inner_text()), "no state dump in the sentence"
    states = root.locator("ol.calculator-steps details.calculator-state")
    assert states.count() > 0 and not any(states.evaluate_all("ds => ds.map(d => d.open)"))
    root.locator("[name='pierce']").fill("2")
    recomputed(root)
    status = root.locator("[data-status]").inner_text()
    assert status and not re.search(r"\d\s*ms\b", status), status
    # The status line does not print the headline again: a screen reader hears it from there.
    spoken = root.locator("[data-status] .calculator-spoken")
    assert "Wounds on the defender" in spoken.inner_text()
    assert spoken.evaluate("el => el.getBoundingClientRect().width") <= 1
    shown = root.locator("[data-status]").evaluate("el => [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('')")
    assert "Wounds" not in shown and shown.strip() == "Updated for these inputs.", shown


def test_the_answer_first_and_honest_numbers_in_a_big_pool(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + AIM + "?c.red=20&c.black=0")
    root = first_calculator(answering.page)
    request = recomputed(root)
    result = cpython_answer(request)["result"]
    wounds = {int(k): Fraction(v) for k, v in result["defender"]["wounds"].items()}
    answer = root.locator("[data-answer]")
    # Above the table and the chart.
    assert answer.evaluate("a => { const t = a.parentElement.querySelector('table'); return !!(a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) }")
    expected = sum(k * p for k, p in wounds.items())
    at_least_one = sum(p for k, p in wounds.items() if k >= 1)
    assert 0 < 1 - at_least_one < Fraction(1, 20000), "the case the issue names"
    assert answer.locator("[data-chance]").inner_text() == "> 99.99%"
    assert answer.locator("[data-expected]").inner_text() == f"{float(expected):.2f}"
    text = root.locator("[data-result]").inner_text()
    assert "100.00%" not in text and "0.00%" not in text
    # A row says 100% only where it is certain: P(>= k) for k up to the least outcome.
    cells = root.locator("figure[data-path='defender.wounds'] td .percent").all_text_contents()
    least = min(k for k, p in wounds.items() if p)
    assert cells.count("100%") == least + 1
    # The long tail folds, saying how many outcomes.
    figure = root.locator("figure[data-path='defender.wounds']")
    tiny = [k for k, p in wounds.items() if 0 < p < Fraction(1, 20000)]
    tail = figure.locator("details.calculator-tail > summary")
    expect(tail).to_have_text(f"{len(tiny)} more outcomes, each under 0.01%")
    # A long exact fraction is not in the table's cells: every one is whole, once, in one
    # folded table under it, never cut ("4010…").
    assert not figure.locator("table").first.locator("td details, td [data-fraction]").count()
    fractions = figure.locator("details.calculator-fractions")
    codes = fractions.locator("code[data-fraction]")
    expect(codes.first).to_be_hidden()
    fractions.locator("> summary").click()
    expect(codes.first).to_be_visible()
    shown = {Fraction(c) for c in codes.all_text_contents()}
    assert set(wounds.values()) <= shown and not any("…" in c for c in codes.all_text_contents())


def test_a_refusal_names_where_the_field_sits_focuses_it_and_clears_once_fixed(site: Server, answering: Visit) -> None:
    # Shien Mastery (in the folded Defender group on Guardian X) without Deflect, under 2.6
    # (under the notes' rules its field is disabled instead).
    answering.page.goto(site.url + GUARDIAN_X + "?c.ruleset=2.6&c.shien_mastery=true")
    root = first_calculator(answering.page)
    problem = root.locator("[data-error]")
    expect(problem).to_be_visible(timeout=WAIT_MS)
    said = problem.inner_text()
    assert "Shien Mastery" in said and "under “Defender”" in said and "Deflect" in said
    group = root.locator("details.calculator-more[data-group='defender']")
    assert group.evaluate("el => el.open")
    focused = answering.page.evaluate("() => document.activeElement && document.activeElement.name")
    assert focused == "shien_mastery"
    # The button takes the reader to Deflect; fixing it clears the refusal.
    problem.locator("button", has_text="Deflect").click()
    assert answering.page.evaluate("() => document.activeElement.name") == "deflect"
    root.locator("input[name='deflect']").check()
    recomputed(root)
    expect(problem).to_be_hidden()
    assert root.locator("[aria-invalid]").count() == 0


@pytest.mark.parametrize(("address", "control", "other", "allowed"), [
    (VEHICLE, "select[name='face']", "2.6", "notes"),  # a die face of the notes' rules only
    (GUARDIAN_X + "?c.ruleset=2.6&c.backup=true", "input[name='backup']", "notes", "2.6"),  # Backup: 2.6 only
])
def test_a_field_the_ruleset_refuses_is_disabled_with_the_reason(site: Server, answering: Visit, address: str, control: str,
                                                                  other: str, allowed: str) -> None:
    answering.page.goto(site.url + address)
    root = first_calculator(answering.page)
    field = root.locator(control)
    expect(field).to_be_enabled(timeout=WAIT_MS)
    root.locator("select[name='ruleset']").select_option(other)
    expect(field).to_be_disabled()
    note = root.locator(".calculator-field", has=answering.page.locator(control)).locator("[data-ruleset-note]")
    expect(note).to_contain_text("Only under the ruleset")
    expect(note).to_contain_text(f"({allowed})")
    request = recomputed(root)
    name = str(field.get_attribute("name"))
    assert name not in request["inputs"] and request["inputs"]["ruleset"] == other
    assert root.locator("[data-error]").is_hidden()


def test_copy_link_copies_the_address_and_a_line_of_inputs_and_odds(site: Server, answering: Visit) -> None:
    answering.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url.split("/", 3)[0] + "//" + site.url.split("/")[2])
    answering.page.goto(site.url + GUARDIAN_X)
    root = first_calculator(answering.page)
    root.locator("[name='pierce']").fill("2")
    recomputed(root)
    root.locator("[data-copy-link]").click()
    expect(root.locator(".calculator-copied")).to_have_text("Link and inputs copied.")
    copied = answering.page.evaluate("() => navigator.clipboard.readText()")
    line, address = copied.split("\n")
    assert address == answering.page.url and "c.pierce=2" in address
    assert "Pierce X 2" in line and "Guardians: Guardian 2, red defense die" in line
    summary = answering.page.evaluate("el => window.rulesCalculators.response(el).summary", root.element_handle())
    assert line.endswith(summary)


@pytest.mark.parametrize("path", [GUARDIAN_X, AIM, "legion/keywords/pierce-x/", "swtcg/keywords/deflect/", "swtcg/keywords/hidden-cost/"])
def test_skip_to_calculator_is_the_first_or_second_stop_and_lands_in_the_first_field(site: Server, answering: Visit, path: str) -> None:
    page = answering.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + path)
    root = first_calculator(page)
    for _ in range(2):  # the theme's own "Skip to content" may come first
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == "Skip to calculator":
            break
    else:
        pytest.fail("Skip to calculator is neither the first nor the second Tab stop")
    page.keyboard.press("Enter")
    # The first control of the form a Tab would reach: tabbable, enabled and shown.
    first_field = """el => Array.from(el.querySelector('form').elements).find((c) =>
        c.tabIndex >= 0 && !c.disabled && c.type !== 'hidden' && c.checkVisibility())"""
    landed = f"el => ({first_field})(el) === document.activeElement"
    assert root.evaluate(landed), page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    # And it stays there: the theme's instant navigation once took the link's click, rendered
    # the page again and left the focus on <body> a moment later. Its scroll keeping (history)
    # runs 100 ms after the scroll, its navigation before that: a changed history entry or
    # a remounted form would show by then.
    page.wait_for_function("() => history.state && history.state.y !== undefined")
    assert root.evaluate(landed), page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    assert urlsplit(page.url).fragment == "", "the link's click went no further than the link"
    top = root.evaluate("el => el.getBoundingClientRect().top")
    header = page.evaluate("() => document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert header <= top < 844 / 2, "the calculator's title shows below the theme's fixed header"


def test_skip_to_calculator_lands_in_a_shown_field_before_the_units_data_has_come(site: Server, visit: Visit) -> None:
    """On a slow link the unit pickers' data comes late, and until then their typed box is
    hidden: the skip link still lands in the first field a Tab would reach, not on itself.
    A fresh context (`visit`): no service worker has kept the units' data yet."""
    page = visit.page
    page.set_viewport_size({"width": 390, "height": 844})
    visit.context.route("**/units.json*", lambda route: None)  # held: never answered
    page.goto(site.url + "legion/keywords/pierce-x/")
    root = first_calculator(page)
    assert not root.evaluate("el => el.querySelector('input[name=attacker_unit]').checkVisibility()")
    page.locator("[data-skip-calculator]").focus()
    page.keyboard.press("Enter")
    first_field = """el => Array.from(el.querySelector('form').elements).find((c) =>
        c.tabIndex >= 0 && !c.disabled && c.type !== 'hidden' && c.checkVisibility())"""
    assert root.evaluate(f"el => ({first_field})(el) === document.activeElement"), \
        page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")


def test_home_page_links_to_each_keyword_index(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url)
    for game in ("legion", "swtcg"):
        link = answering.page.locator(f"article a[href$='{game}/keywords/']").first
        expect(link).to_be_visible()


def test_the_coverage_report_stays_out_of_search_and_short_on_a_phone(site: Server, answering: Visit) -> None:
    index = json.loads((site.root / "search" / "search_index.json").read_text())
    locations = [d["location"] for d in index["docs"]]
    assert not any(loc.startswith("coverage") for loc in locations)
    assert any(loc.startswith("legion/keywords/guardian-x") for loc in locations)
    answering.page.set_viewport_size({"width": 390, "height": 844})
    answering.page.goto(site.url + "coverage/")
    height = answering.page.evaluate("() => document.documentElement.scrollHeight")
    assert height < 6 * 844, f"{height} px: {height / 844:.1f} phone screens"



def test_swtcg_intercepting_units_and_switch_are_controls_too(site: Server, answering: Visit) -> None:
    answering.page.goto(site.url + "swtcg/keywords/intercept/")
    root = first_calculator(answering.page)
    units = root.locator("fieldset.calculator-rows-field", has=answering.page.locator("[name='intercept_by']"))
    if not units.is_visible():
        units.locator("xpath=ancestor::details[1]/summary").click()
    text = root.locator("[name='intercept_by']")
    before = text.input_value()
    rows = units.locator("fieldset.calculator-row")
    had = rows.count()
    units.locator("[data-row-add]").click()
    added = rows.nth(had)
    assert added.locator("legend").inner_text() == f"Intercepting unit {had + 1}"
    added.locator("[data-part='parry'] [data-step='1']").click()
    more = added.locator("details.calculator-row-more")
    if more.count():  # a row of many fields folds the last ones
        more.locator("> summary").click()
    added.locator("[data-part='armor'] input").check()
    item = "health=3,parry=1,armor"
    assert text.input_value() == (f"{before}; {item}" if before else item), "health is always written: the engine needs it"
    request = recomputed(root)
    assert cpython_answer(request)["ok"]
    # The Switch power is one thing of three fields: one row, nothing to add or remove.
    switch = root.locator(".calculator-field", has=answering.page.locator("[name='switch']"))
    if not switch.is_visible():
        switch.locator("xpath=ancestor::details[1]/summary").click()
    assert switch.locator("[data-row-add], [data-row-remove]").count() == 0
    switch.locator("[data-part='ground'] [data-step='1']").click()
    assert root.locator("[name='switch']").input_value() == "ground=1"
    request = recomputed(root)
    assert request["inputs"]["switch"] == "ground=1" and cpython_answer(request)["ok"]


def test_the_new_controls_are_axe_clean_with_every_group_and_row_open(site: Server, answering: Visit) -> None:
    """At both sizes, light and dark: the kept tab keeps the palette a page chose, so the
    dark scheme is switched to with the palette toggle, as a reader does."""
    from tests.browser.harness import AXE, SERIOUS, SETTLED, add_script_file, both_schemes

    page = answering.page
    found = []
    for path in (GUARDIAN_X, ATTACK, VEHICLE):
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(site.url + path)
        root = first_calculator(page)
        root.locator("[data-copy-link]").wait_for()
        # Every group and row open, a refusal showing (its buttons), a ruleset-disabled field.
        root.evaluate("el => el.querySelectorAll('details').forEach(d => d.open = true)")
        add_script_file(page, AXE)
        for scheme in both_schemes(page, path):
            for width, height in ((390, 844), (1280, 900)):
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate(SETTLED)
                found += [f"{path} ({width}, {scheme}): {v}" for v in page.evaluate(SERIOUS)]
    assert found == []

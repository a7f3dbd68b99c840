"""A worked example in trace mode (it carries the faces its dice showed) never ends in a
refusal when the reader changes something other than the faces: the faces that still fit
are kept, a die removed takes its face, a die added is rolled, and a face list the engine
no longer accepts loses faces from its end until it does; one line beside each face list
changed says so. On Guardian X's example (Pierce 3 against Guardian 2): Pierce +1,
Guardian +1, one more red die, one fewer.

Each answer is checked against CPython's `calculate` with the request the page sent, and
each face list that lost faces is checked to be as long as it can be: CPython refuses it
with the next of its faces put back."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rulesengine.calculators.api import calculate
from tests.browser.harness import Server, Visit
from tests.browser.test_calculator_reader import answered
from tests.browser.test_calculators import GUARDIAN_X, first_calculator, set_input

pytestmark = pytest.mark.browser

FACE_LISTS = ("attack_faces", "guardian_faces", "defense_faces")


def faces_of(text: str) -> list[str]:
    return [f.strip() for unit in text.split(";") for f in unit.split(",") if f.strip()]


def one_more(value: int) -> str:
    return str(value + 1)


def one_fewer(value: int) -> str:
    return str(value - 1)


def stronger_guardian(value: str) -> str:
    x, rest = value.split(",", 1)
    return f"{int(x) + 1},{rest}"


CHANGES: dict[str, tuple[str, Callable[[Any], str]]] = {
    "pierce +1": ("pierce", lambda v: one_more(int(v))),
    "guardian +1": ("guardian", stronger_guardian),
    "dice +1": ("red", lambda v: one_more(int(v))),
    "dice -1": ("red", lambda v: one_fewer(int(v))),
}


def refused(inputs: dict[str, Any], name: str = "legion-attack") -> bool:
    answer = json.loads(calculate(json.dumps({"calculator": name, "inputs": inputs})))
    return not answer["ok"]


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_traced_example_recomputes_after_a_change_that_is_not_its_faces(site: Server, answering: Visit, change: str) -> None:
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    before = {name: str(root.locator(f"[name='{name}']").input_value()) for name in FACE_LISTS}
    assert all(before.values()), "Guardian X arrives with a fully traced example"
    name, changed = CHANGES[change]
    set_input(root, name, changed(root.locator(f"[name='{name}']").input_value()))
    request = answered(root, name)  # ready, the same as CPython
    assert root.locator("[data-field-error]").count() == 0 and root.locator("[data-error]").is_hidden()
    assert root.locator("[data-result]").text_content()
    after = {face: str(request["inputs"].get(face, "")) for face in FACE_LISTS}
    notes = {face: root.locator(f".calculator-field:has([name='{face}']) [data-field-note]") for face in FACE_LISTS}
    for face in FACE_LISTS:
        kept, given = faces_of(after[face]), faces_of(before[face])
        assert given[: len(kept)] == kept, f"{face}: the faces kept are the first ones given"
        if kept == given:
            assert notes[face].count() == 0 or "rolled" in str(notes[face].text_content())
            continue
        assert notes[face].count() == 1, f"{face} lost faces without a word"
        # As many faces as fit: one more of the faces given is refused.
        assert refused({**request["inputs"], face: ", ".join(given[: len(kept) + 1])}), f"{face}: a face was dropped that fitted"
    if change == "pierce +1":
        assert after == before  # every face still fits
    if change == "dice +1":
        assert after["attack_faces"] == before["attack_faces"]
        assert "rolled" in str(notes["attack_faces"].text_content())
        # The new die is rolled: a distribution over its faces, not one traced outcome.
        assert not faces_of(after["guardian_faces"]) and not faces_of(after["defense_faces"])
        # The worker answered the requests with a face fewer ahead, with the first refusal
        # (worker.mjs, following()): the page drops every face that no longer fits at once and
        # asks only for the last of them, which that answer holds (trace-fit.mjs, refit): no
        # round trip to Python, nor a form drawn again, per face.
        dropped = sum(len(faces_of(before[face])) - len(faces_of(after[face])) for face in FACE_LISTS)
        assert dropped >= 2 and page.evaluate("rulesCalculators.stats.answeredAhead || 0") == 1
    if change == "dice -1":
        assert faces_of(after["attack_faces"]) == faces_of(before["attack_faces"])[:-1]
        assert "removed" in str(notes["attack_faces"].text_content())
    if change == "guardian +1":
        assert after["attack_faces"] == before["attack_faces"] and after["guardian_faces"] == before["guardian_faces"]


def test_a_change_to_the_faces_themselves_is_still_refused(site: Server, answering: Visit) -> None:
    """The reader's own faces are theirs: one defense face too many is refused, not dropped."""
    page = answering.page
    page.goto(site.url + GUARDIAN_X)
    root = first_calculator(page)
    root.locator("details[data-group='trace'] > summary").click()
    defense = root.locator(".calculator-field:has([name='defense_faces']) [data-face-controls]")
    defense.get_by_role("button", name="Defense faces: add a die").click()
    root.page.wait_for_function("el => el.getAttribute('data-state') === 'error'", arg=root.element_handle())
    assert "Defense faces" in str(root.locator("[data-field-error]").text_content())
    assert len(faces_of(root.locator("[name='defense_faces']").input_value())) == 2
    # The next change elsewhere makes them fit again.
    set_input(root, "pierce", "4")
    answered(root, "pierce")
    assert root.locator("[data-field-error]").count() == 0


def test_an_swtcg_trace_given_one_more_power_gives_the_exact_odds(site: Server, answering: Visit) -> None:
    """SWTCG traces a face for every die or none: one more power (one more die) leaves faces
    that cannot fit, so they go and the calculator gives the exact odds, and says so."""
    page = answering.page
    page.goto(site.url + "swtcg/cw-ds-droid-06n/")  # a card whose calculator arrives traced
    root = first_calculator(page)
    given = root.locator("[name='faces']").input_value()
    assert given, "the card's calculator is a trace"
    power = int(root.locator("[name='power']").input_value())
    set_input(root, "power", str(power + 1))
    request = answered(root, "power")
    assert request["inputs"]["faces"] == "" and root.locator("[data-field-error]").count() == 0
    note = str(root.locator(".calculator-field:has([name='faces']) [data-field-note]").text_content())
    dropped = len(faces_of(given))
    assert (f"{dropped} faces dropped" if dropped > 1 else "1 face dropped") in note and "exact odds" in note
    assert refused({**request["inputs"], "faces": given}, "swtcg-attack")

"""The page's JavaScript renderer of a result (assets/calculators/result-html.mjs) writes what
Python's entry point writes (api.calculate: the result region's HTML, the live region's
sentence, the Compare headline, a refusal's HTML), byte for byte, for a large corpus: every
worked example in the shipped vault, every calculator's keyword and page presets with the
first changes the build answers (answers.first_changes), and random valid inputs around
each preset, for both games and three ways back to the root."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import Calculator, calculators
from rulesengine.calculators.render import render_calculator
from scripts.calculators import answers
from scripts.calculators.fence import FENCE_NAME, BlockError, parse_block
from scripts.calculators.result_meta import meta

REPO = Path(__file__).resolve().parents[3]
RUNNER = Path(__file__).with_name("render_results.mjs")
BASES = ("../../", "", "../../../")
RANDOM_PER_PRESET = 12


def response(name: str, inputs: Mapping[str, object], base: str) -> dict[str, object]:
    return dict(json.loads(calculate(json.dumps({"calculator": name, "inputs": inputs, "base": base}))))


def vault_examples(notes: str = "*.md") -> Iterator[tuple[str, dict[str, object]]]:
    """(calculator, inputs as written) of every calculator block in the shipped vault (in the
    notes `notes` matches)."""
    for note in sorted((REPO / "docs").rglob(notes)):
        lines = note.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            if line.strip() != f"```{FENCE_NAME}":
                continue
            end = next((i for i in range(number + 1, len(lines)) if lines[i].strip().startswith("```")), None)
            if end is None:
                continue
            try:
                block = parse_block("\n".join(lines[number + 1:end]), number + 1)
            except BlockError:
                continue
            yield block.calculator, {name: value for name, value, _ in block.inputs}


def presets(calc: Calculator) -> Iterator[dict[str, object]]:
    """The form as each keyword or page preset shows it, and one change away from it."""
    for preset in [*calc.keywords.values(), *calc.pages.values()]:
        html = render_calculator(calc, preset.values, featured=preset.featured, base="")
        controls = answers.read_form(html)
        for state in [controls, *answers.first_changes(controls)]:
            yield answers.form_inputs(state)


def shaken(calc: Calculator, inputs: Mapping[str, object], rng: random.Random) -> dict[str, object]:
    """`inputs` with one to four of the calculator's switches, counts and choices set at random."""
    out = dict(inputs)
    simple = [o for o in calc.options if o.kind in ("int", "bool", "choice") and not o.repeatable]
    for option in rng.sample(simple, k=min(len(simple), rng.randint(1, 4))):
        if option.kind == "bool":
            out[option.name] = rng.random() < 0.5
        elif option.kind == "choice" and option.choices:
            out[option.name] = rng.choice(option.choices)
        elif option.kind == "int":
            low = option.minimum if option.minimum is not None else 0
            high = option.maximum if option.maximum is not None else low + 4
            out[option.name] = rng.randint(low, min(high, low + 6))
    return out


def corpus() -> list[dict[str, object]]:
    rng = random.Random(44)
    out: list[dict[str, object]] = []
    by_name = {c.name: c for c in calculators()}
    for name, inputs in vault_examples():
        if name in by_name:
            out += [{"calculator": name, "base": base, "response": response(name, inputs, base)} for base in BASES[:2]]
    for calc in calculators():
        seen: set[str] = set()
        for inputs in presets(calc):
            tried = [inputs] + [shaken(calc, inputs, rng) for _ in range(RANDOM_PER_PRESET)]
            for one in tried:
                key = answers.request_key(one)
                if key in seen:
                    continue
                seen.add(key)
                base = rng.choice(BASES)
                out.append({"calculator": calc.name, "base": base, "response": response(calc.name, one, base)})
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_javascript_renderer_writes_what_python_writes(tmp_path: Path) -> None:
    answered = corpus()
    games = {c.game for c in calculators()}
    assert games >= {"legion", "swtcg"}
    ok = [a for a in answered if a["response"]["ok"]]  # type: ignore[index]
    traced = [a for a in ok if a["response"]["result"].get("steps")]  # type: ignore[index]
    assert len(ok) > 1500 and len(traced) > 50, (len(ok), len(traced))
    assert {a["calculator"] for a in ok} == {c.name for c in calculators()}
    path = tmp_path / "corpus.json"
    path.write_text(json.dumps({"metas": {c.name: meta(c) for c in calculators()}, "answers": answered}), encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(path)], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout)
    assert found["compared"] == len(answered)
    assert found["differing"] == 0, json.dumps(found["first"][:2], indent=1)[:6000]

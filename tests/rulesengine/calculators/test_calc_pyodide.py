"""The engine in Pyodide (Python 3.14, as in the reader's browser) answers every preset
and a refused input exactly as CPython does: same HTML, same result, same error."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from rulesengine.calculators.api import calculate
from rulesengine.calculators.registry import calculators

ROOT = Path(__file__).resolve().parents[3]


def test_pyodide_answers_every_preset_as_cpython_does():
    node = shutil.which("node")
    assert node, "Node.js is needed for this test: run scripts/setup.sh"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file(), "Pyodide is missing: run scripts/setup.sh"
    requests = [
        {"calculator": c.name, "inputs": {k: list(v) if isinstance(v, tuple) else v for k, v in p.values.items()}, "base": "../../"}
        for c in calculators()
        for p in (*c.keywords.values(), *c.pages.values())
    ]
    requests.append({"calculator": "legion-attack", "inputs": {"pierce": 99}})
    requests.append({"calculator": "swtcg-attack", "inputs": {"power": 2, "faces": "6,1"}})
    done = subprocess.run(
        [node, str(Path(__file__).with_name("pyodide_answers.mjs")), str(ROOT)],
        input=json.dumps(requests), capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stderr
    answered = json.loads(done.stdout)
    assert answered["python"].startswith("3.14")
    assert len(answered["answers"]) == len(requests)
    for request, answer in zip(requests, answered["answers"]):
        assert answer == json.loads(calculate(json.dumps(request))), request
    assert answered["answers"][-2]["ok"] is False and answered["answers"][-1]["ok"] is True

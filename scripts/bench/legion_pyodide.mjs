// Times the Legion engine in Pyodide under Node, as the browser's worker runs it. Reads a
// JSON list of inputs (api.run's loose values) on stdin; prints a JSON list of
// {"input", "seconds", "expected_wounds"}: the first call of each, in one Python.
// Usage: node scripts/bench/legion_pyodide.mjs <repo root> < inputs.json
import fs from "node:fs";
import path from "node:path";

const root = process.argv[2];
const { loadPyodide } = await import(path.join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") + "/" });

function copyPackage(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of fs.readdirSync(dir)) {
    const from = path.join(dir, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyPackage(from, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, fs.readFileSync(from));
    }
  }
}

copyPackage(path.join(root, "rulesengine"), "/home/pyodide/lib/rulesengine");
py.globals.set("inputs_json", fs.readFileSync(0, "utf8"));
const out = py.runPython(`
import json, sys, time
sys.path.insert(0, "/home/pyodide/lib")
from rulesengine.legion.api import run
timed = []
for values in json.loads(inputs_json):
    start = time.perf_counter()
    result = run(values)
    timed.append({"input": values, "seconds": time.perf_counter() - start,
                  "expected_wounds": result["defender"]["expected_wounds"] if "defender" in result
                  else [d["expected_wounds"] for d in result["defenders"]]})
json.dumps(timed)
`);
process.stdout.write(out);

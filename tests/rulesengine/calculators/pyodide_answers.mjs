// Answers calculator requests with the engine running in Pyodide (Python 3.14), as the
// browser's worker does. Reads a JSON list of requests on stdin; prints a JSON list of
// `calculate` answers. Usage: node pyodide_answers.mjs <repo root> < requests.json
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
py.globals.set("requests_json", fs.readFileSync(0, "utf8"));
const answers = py.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide/lib")
from rulesengine.calculators.api import calculate
json.dumps({"python": sys.version.split()[0], "answers": [json.loads(calculate(json.dumps(r))) for r in json.loads(requests_json)]})
`);
process.stdout.write(answers);

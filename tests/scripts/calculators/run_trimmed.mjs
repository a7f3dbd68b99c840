// Starts Pyodide in Node with the trimmed standard library (scripts/calculators/stdlib.py)
// as the worker's full start does, puts the engine's bytecode archive on Python's path and runs every
// calculator with its defaults and each request of REQUESTS_JSON ([[entry point, request], ...]),
// then imports a module the archive lacks after putting Pyodide's whole archive in its place
// (the worker's fallback).
// Usage: node run_trimmed.mjs PYODIDE_DIR STDLIB_ZIP ENGINE_ZIP [REQUESTS_JSON]
// Prints one line of JSON: {"answers": {calculator: the engine's JSON answer}, "requests": [their answers],
// "missing": ..., "after": ..., "compiledFromSource": [modules whose file is source, not bytecode],
// "positions": {module: [[line, column], ...] of a function's first instructions}}.
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, stdlibZip, engineZip, requests = "[]"] = process.argv.slice(2);
process.argv[1] = "./this.program";
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdLibURL: path.resolve(stdlibZip), stdout: () => {}, stderr: () => {} });
// The engine's archive imported from where the worker puts it, last on Python's path.
const worker = fs.readFileSync(new URL("../../../scripts/theme/assets/calculators/worker.mjs", import.meta.url), "utf8");
const engineArchive = JSON.parse(worker.match(/const ENGINE_ARCHIVE = (".*");/)[1]);
pyodide.FS.writeFile(engineArchive, new Uint8Array(fs.readFileSync(engineZip)));
pyodide.runPython(`import sys; sys.path.append(${JSON.stringify(engineArchive)})`);
const answers = JSON.parse(pyodide.runPython(`
import json
from rulesengine.calculators import api
json.dumps({c["name"]: api.calculate(json.dumps({"calculator": c["name"], "inputs": {}})) for c in json.loads(api.describe())})
`));
pyodide.globals.set("requests_json", requests);
const requested = JSON.parse(pyodide.runPython(`
json.dumps([getattr(api, entry)(json.dumps(request)) for entry, request in json.loads(requests_json)])
`));
// Where a standard library's function and an engine's begin, as their bytecode says.
const positions = JSON.parse(pyodide.runPython(`
import json
from rulesengine.calculators import api
json.dumps({f.__module__: [[p[0], p[2]] for p in f.__code__.co_positions()][:8] for f in (json.dumps, api.calculate)})
`));
const compiledFromSource = JSON.parse(pyodide.runPython(`
import json, sys
def _source(module):  # its code read from a .py file (frozen modules name one too)
    spec = getattr(module, "__spec__", None)
    return bool(spec and spec.origin and spec.origin.endswith(".py") and type(spec.loader).__name__ != "FrozenImporter")
json.dumps(sorted(name for name, module in list(sys.modules.items()) if _source(module)))
`));
const probe = "import importlib\ntry:\n    importlib.import_module('tomllib'); found = 'found'\nexcept ImportError as error:\n    found = type(error).__name__\nfound";
const missing = pyodide.runPython(probe);
// Where Python reads its standard library, not the engine's archive (the worker's STDLIB_ARCHIVE).
const archive = pyodide.runPython(`import sys; next(p for p in sys.path if p.endswith('.zip') and p != ${JSON.stringify(engineArchive)})`);
pyodide.FS.writeFile(archive, new Uint8Array(fs.readFileSync(path.resolve(pyodideDir, "python_stdlib.zip"))));
pyodide.runPython("import importlib; importlib.invalidate_caches()");
const after = pyodide.runPython(probe);
console.log(JSON.stringify({ answers, requests: requested, missing, after, compiledFromSource, positions }));

// Finds the standard library's files the calculators use: starts Pyodide in Node with its
// whole standard library, installs the engine's wheel, imports every module of the engine
// (as the start-up snapshot does), runs each calculator once with its defaults and reads
// which modules came from the standard library's archive (scripts/calculators/stdlib.py
// packs them into the archive the worker starts with).
//
// Usage: node scripts/calculators/stdlib.mjs PYODIDE_DIR WHEEL MODULE
// Prints one line of JSON: {"files": [archive member names], "ms": time taken}.
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, wheel, moduleName] = process.argv.slice(2);
if (!moduleName) {
  console.error("usage: node stdlib.mjs PYODIDE_DIR WHEEL MODULE");
  process.exit(2);
}
const started = performance.now();
process.argv[1] = "./this.program";
try {
  const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {}, stderr: (line) => console.error(line) });
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: pyodide.runPython("import site; site.getsitepackages()[0]"),
  });
  pyodide.globals.set("api_module", moduleName);
  const files = pyodide.runPython(`
import importlib, json, pkgutil, sys
_module = importlib.import_module(api_module)
_top = importlib.import_module(api_module.partition(".")[0])
for _found in pkgutil.walk_packages(_top.__path__, _top.__name__ + "."):
    if not _found.name.endswith("__main__"):
        importlib.import_module(_found.name)
for _calculator in json.loads(_module.describe()):
    _module.calculate(json.dumps({"calculator": _calculator["name"], "inputs": {}}))
if hasattr(_module, "warm"):
    _module.warm()
_archive = next(p for p in sys.path if p.endswith(".zip"))
_used = set()
for _name, _loaded in list(sys.modules.items()):
    _file = getattr(_loaded, "__file__", None) or ""
    if _file.startswith(_archive + "/"):
        _used.add(_file[len(_archive) + 1:])
json.dumps(sorted(_used))
`);
  console.log(JSON.stringify({ files: JSON.parse(files), ms: Math.round(performance.now() - started) }));
} catch (error) {
  const lines = String(error && error.message ? error.message : error).trim().split("\n");
  console.error(`standard library not listed: ${lines[lines.length - 1]}`);
  process.exit(1);
}
